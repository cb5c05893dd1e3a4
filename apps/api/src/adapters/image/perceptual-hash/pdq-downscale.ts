/**
 * PDQ's image-domain steps, ported from Meta ThreatExchange `pdq/cpp/downscaling/downscaling.cpp`,
 * `pdq/cpp/hashing/pdqhashing.cpp` (luma) and `pdq/cpp/io/pdqio.cpp` (the CLI's pre-resize).
 *
 * The reference computes in C++ `float`; every arithmetic step here is rounded with Math.fround in
 * the same order so the 64x64 buffer, and therefore the hash, is bit-identical.
 */
import type { RawImage } from './raw-image.js';

const f = Math.fround;

/** pdqio.cpp: images larger than this on either side are resized to exactly 512x512 first. */
export const pdqCliDownsampleDims = 512;

const lumaFromR = f(0.299);
const lumaFromG = f(0.587);
const lumaFromB = f(0.114);

/**
 * pdq-photo-hasher runs CImg `resize(512, 512)` (default interpolation 1, nearest neighbour) when
 * either side exceeds 512, without keeping the aspect ratio. CImg picks source index
 * floor(x * oldSize / newSize) for output x.
 */
export function resizeLikePdqCli(image: RawImage): RawImage {
  const { width, height, channels, data } = image;
  if (width <= pdqCliDownsampleDims && height <= pdqCliDownsampleDims) return image;
  const size = pdqCliDownsampleDims;
  const out = new Uint8Array(size * size * channels);
  const sourceX = new Int32Array(size);
  for (let x = 0; x < size; x++) sourceX[x] = Math.floor((x * width) / size);
  for (let y = 0; y < size; y++) {
    const rowStart = Math.floor((y * height) / size) * width;
    for (let x = 0; x < size; x++) {
      const from = (rowStart + (sourceX[x] ?? 0)) * channels;
      const to = (y * size + x) * channels;
      for (let c = 0; c < channels; c++) out[to + c] = data[from + c] ?? 0;
    }
  }
  return { data: out, width: size, height: size, channels };
}

/** fillFloatLumaFromRGB / fillFloatLumaFromGrey: alpha is ignored, grey is taken as is. */
export function floatLuma(image: RawImage): Float32Array {
  const { data, width, height, channels } = image;
  const luma = new Float32Array(width * height);
  if (channels >= 3) {
    for (let i = 0, p = 0; i < luma.length; i++, p += channels) {
      const r = f(lumaFromR * (data[p] ?? 0));
      const g = f(lumaFromG * (data[p + 1] ?? 0));
      const b = f(lumaFromB * (data[p + 2] ?? 0));
      luma[i] = f(f(r + g) + b);
    }
  } else {
    for (let i = 0, p = 0; i < luma.length; i++, p += channels) luma[i] = data[p] ?? 0;
  }
  return luma;
}

/** Half the per-pass window: two passes of this box give a tent covering one 64th of the side. */
export function jaroszWindowSize(oldDimension: number, newDimension: number): number {
  return Math.floor((oldDimension + 2 * newDimension - 1) / (2 * newDimension));
}

/** box1DFloat: a centred running mean whose window shrinks at both ends instead of padding. */
export function box1D(
  input: Float32Array,
  output: Float32Array,
  start: number,
  length: number,
  stride: number,
  fullWindowSize: number,
): void {
  const halfWindowSize = Math.floor((fullWindowSize + 2) / 2);
  const phase1 = halfWindowSize - 1;
  const phase2 = fullWindowSize - halfWindowSize + 1;
  const phase3 = length - fullWindowSize;
  const phase4 = halfWindowSize - 1;
  let li = start;
  let ri = start;
  let oi = start;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < phase1; i++, ri += stride) {
    sum = f(sum + (input[ri] ?? 0));
    count++;
  }
  for (let i = 0; i < phase2; i++, ri += stride, oi += stride) {
    sum = f(sum + (input[ri] ?? 0));
    count++;
    output[oi] = sum / count;
  }
  for (let i = 0; i < phase3; i++, li += stride, ri += stride, oi += stride) {
    sum = f(sum + (input[ri] ?? 0));
    sum = f(sum - (input[li] ?? 0));
    output[oi] = sum / count;
  }
  for (let i = 0; i < phase4; i++, li += stride, oi += stride) {
    sum = f(sum - (input[li] ?? 0));
    count--;
    output[oi] = sum / count;
  }
}

/** jaroszFilterFloat: rows then columns, `passes` times; the result ends up back in buffer1. */
export function jaroszFilter(
  buffer1: Float32Array,
  buffer2: Float32Array,
  rows: number,
  cols: number,
  windowAlongRows: number,
  windowAlongCols: number,
  passes: number,
): void {
  for (let pass = 0; pass < passes; pass++) {
    for (let i = 0; i < rows; i++) box1D(buffer1, buffer2, i * cols, cols, 1, windowAlongRows);
    for (let j = 0; j < cols; j++) box1D(buffer2, buffer1, j, rows, cols, windowAlongCols);
  }
}

/** decimateFloat: samples the blurred image at the centres of a 64x64 grid. */
export function decimate(
  input: Float32Array,
  rows: number,
  cols: number,
  outRows: number,
  outCols: number,
): Float32Array {
  const out = new Float32Array(outRows * outCols);
  for (let i = 0; i < outRows; i++) {
    const ini = Math.trunc(((i + 0.5) * rows) / outRows);
    for (let j = 0; j < outCols; j++) {
      const inj = Math.trunc(((j + 0.5) * cols) / outCols);
      out[i * outCols + j] = input[ini * cols + inj] ?? 0;
    }
  }
  return out;
}
