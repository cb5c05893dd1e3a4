/**
 * The greyscale conversion and Lanczos ("ANTIALIAS") resize that Python `imagehash` gets from
 * Pillow, ported from Pillow `src/libImaging/Convert.c` (rgb2l) and `src/libImaging/Resample.c`
 * (precompute_coeffs, normalize_coeffs_8bpc, ImagingResample*_8bpc, ImagingResampleInner): same
 * kernel, same 22-bit fixed-point coefficients, same rounding of the horizontal pass to bytes.
 *
 * For speed, pictures of 1024 pixels or more on a side are first box-averaged by an integer factor,
 * much as Pillow's own `resize(..., reducing_gap=...)` does; see `PillowGrey`.
 */
import type { RawImage } from './raw-image.js';

const precisionBits = 32 - 8 - 2;
const lanczosSupport = 3;

/** Pillow >= 7 `convert('L')` of one pixel: ITU-R 601-2 luma in 16-bit fixed point, rounded. */
function luma(r: number, g: number, b: number): number {
  return (r * 19595 + g * 38470 + b * 7471 + 0x8000) >> 16;
}

/** Writes row y of the picture as Pillow "L" (alpha ignored, grey taken as is). */
function greyRow(image: RawImage, y: number, out: Uint8Array): void {
  const { data, width, channels } = image;
  let p = y * width * channels;
  if (channels >= 3) {
    for (let x = 0; x < width; x++, p += channels) out[x] = luma(data[p]!, data[p + 1]!, data[p + 2]!);
  } else {
    for (let x = 0; x < width; x++, p += channels) out[x] = data[p]!;
  }
}

export function pillowGreyscale(image: RawImage): Uint8Array {
  const out = new Uint8Array(image.width * image.height);
  for (let y = 0; y < image.height; y++)
    greyRow(image, y, out.subarray(y * image.width, (y + 1) * image.width));
  return out;
}

function sinc(x: number): number {
  if (x === 0) return 1;
  const px = x * Math.PI;
  return Math.sin(px) / px;
}

function lanczos(x: number): number {
  return x >= -lanczosSupport && x < lanczosSupport ? sinc(x) * sinc(x / 3) : 0;
}

interface Coefficients {
  ksize: number;
  bounds: Int32Array;
  weights: Int32Array;
}

/** precompute_coeffs + normalize_coeffs_8bpc. `in0`/`in1` are the source box, float in Pillow. */
function precomputeCoefficients(inSize: number, in0: number, in1: number, outSize: number): Coefficients {
  const scale = Math.fround(Math.fround(in1) - Math.fround(in0)) / outSize;
  const filterScale = Math.max(1, scale);
  const support = lanczosSupport * filterScale;
  const ksize = Math.ceil(support) * 2 + 1;
  const bounds = new Int32Array(outSize * 2);
  const weights = new Int32Array(outSize * ksize);
  const k = new Float64Array(ksize);
  for (let xx = 0; xx < outSize; xx++) {
    const center = Math.fround(in0) + (xx + 0.5) * scale;
    const ss = 1 / filterScale;
    const xmin = Math.max(0, Math.trunc(center - support + 0.5));
    const xmax = Math.min(inSize, Math.trunc(center + support + 0.5)) - xmin;
    let ww = 0;
    for (let x = 0; x < xmax; x++) {
      const w = lanczos((x + xmin - center + 0.5) * ss);
      k[x] = w;
      ww += w;
    }
    for (let x = 0; x < xmax; x++) {
      const w = ww !== 0 ? (k[x] ?? 0) / ww : (k[x] ?? 0);
      weights[xx * ksize + x] = Math.trunc(
        w < 0 ? -0.5 + w * (1 << precisionBits) : 0.5 + w * (1 << precisionBits),
      );
    }
    bounds[xx * 2] = xmin;
    bounds[xx * 2 + 1] = xmax;
  }
  return { ksize, bounds, weights };
}

function clip8(sum: number): number {
  const v = Math.floor(sum / (1 << precisionBits));
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

/** Pillow `Image.resize((outWidth, outHeight), LANCZOS, box)` of an 8-bit single-channel image. */
export function pillowResizeLanczos(
  pixels: ArrayLike<number>,
  width: number,
  height: number,
  outWidth: number,
  outHeight: number,
  box: readonly [number, number, number, number] = [0, 0, width, height],
): Uint8Array {
  const [x0, y0, x1, y1] = box;
  const needHorizontal = outWidth !== width || x0 !== 0 || x1 !== outWidth;
  const needVertical = outHeight !== height || y0 !== 0 || y1 !== outHeight;
  const vertical = precomputeCoefficients(height, y0, y1, outHeight);
  const firstRow = vertical.bounds[0] ?? 0;
  const lastRow = (vertical.bounds[outHeight * 2 - 2] ?? 0) + (vertical.bounds[outHeight * 2 - 1] ?? 0);

  let current: ArrayLike<number> = pixels;
  let currentWidth = width;
  let rowOffset = 0;
  if (needHorizontal) {
    const horizontal = precomputeCoefficients(width, x0, x1, outWidth);
    const rows = lastRow - firstRow;
    const temp = new Uint8Array(outWidth * rows);
    for (let yy = 0; yy < rows; yy++) {
      const rowStart = (yy + firstRow) * width;
      for (let xx = 0; xx < outWidth; xx++) {
        const xmin = horizontal.bounds[xx * 2] ?? 0;
        const xmax = horizontal.bounds[xx * 2 + 1] ?? 0;
        const kStart = xx * horizontal.ksize;
        let sum = 1 << (precisionBits - 1);
        for (let x = 0; x < xmax; x++)
          sum += (pixels[rowStart + x + xmin] ?? 0) * (horizontal.weights[kStart + x] ?? 0);
        temp[yy * outWidth + xx] = clip8(sum);
      }
    }
    current = temp;
    currentWidth = outWidth;
    rowOffset = firstRow;
  }
  if (!needVertical) return Uint8Array.from(current);

  const out = new Uint8Array(currentWidth * outHeight);
  for (let yy = 0; yy < outHeight; yy++) {
    const ymin = (vertical.bounds[yy * 2] ?? 0) - rowOffset;
    const ymax = vertical.bounds[yy * 2 + 1] ?? 0;
    const kStart = yy * vertical.ksize;
    for (let xx = 0; xx < currentWidth; xx++) {
      let sum = 1 << (precisionBits - 1);
      for (let y = 0; y < ymax; y++)
        sum += (current[(y + ymin) * currentWidth + xx] ?? 0) * (vertical.weights[kStart + y] ?? 0);
      out[yy * currentWidth + xx] = clip8(sum);
    }
  }
  return out;
}

/**
 * Pillow "L" averaged over factorX x factorY blocks, partial blocks at the right and bottom edges
 * included, in one pass over the full-resolution picture.
 */
export function greyBoxReduce(
  image: RawImage,
  factorX: number,
  factorY: number,
): { pixels: Float64Array; width: number; height: number } {
  const { data, width, height, channels } = image;
  const outWidth = Math.ceil(width / factorX);
  const outHeight = Math.ceil(height / factorY);
  // A block sums at most factorX * factorY bytes, far below 2^32 for any decodable picture.
  const sums = new Uint32Array(outWidth * outHeight);
  const colour = channels >= 3;
  for (let y = 0; y < height; y++) {
    let p = y * width * channels;
    const outRow = Math.floor(y / factorY) * outWidth;
    for (let ox = 0; ox < outWidth; ox++) {
      const end = p + (Math.min(width, (ox + 1) * factorX) - ox * factorX) * channels;
      let sum = 0;
      if (colour) {
        // luma() inlined: this loop runs once per pixel of the full picture.
        for (; p < end; p += channels)
          sum += (data[p]! * 19595 + data[p + 1]! * 38470 + data[p + 2]! * 7471 + 0x8000) >> 16;
      } else {
        for (; p < end; p += channels) sum += data[p]!;
      }
      sums[outRow + ox] = sums[outRow + ox]! + sum;
    }
  }
  // Kept unrounded: a byte here would add a second rounding that Pillow's single pass does not have.
  const out = new Float64Array(outWidth * outHeight);
  for (let oy = 0; oy < outHeight; oy++) {
    const rows = Math.min(factorY, height - oy * factorY);
    for (let ox = 0; ox < outWidth; ox++) {
      const cols = Math.min(factorX, width - ox * factorX);
      out[oy * outWidth + ox] = sums[oy * outWidth + ox]! / (rows * cols);
    }
  }
  return { pixels: out, width: outWidth, height: outHeight };
}

/**
 * A side of at least twice this is box-averaged down to between this and twice this before the
 * Lanczos pass, leaving at least 16 source pixels per output pixel of the 32x32 pHash grid.
 * Pillow calls its equivalent (reducing_gap >= 2) "indistinguishable from fair resampling in most
 * cases"; measured against imagehash on 2-12 MP pictures: 0-2 of 64 bits, 0-3 of 256 for dHash-256.
 */
export const preReduceTarget = 512;

/**
 * A picture converted once to Pillow "L", resized on demand the way imagehash does: bit-exact for
 * pictures under 1024 pixels on both sides, pre-reduced (above) for larger ones so that a 12 MP
 * photo costs one pass instead of one full-resolution Lanczos pass per hash size.
 */
export class PillowGrey {
  private readonly source: { pixels: ArrayLike<number>; width: number; height: number };
  private readonly box: readonly [number, number, number, number];

  constructor(image: RawImage) {
    const factorX = Math.max(1, Math.floor(image.width / preReduceTarget));
    const factorY = Math.max(1, Math.floor(image.height / preReduceTarget));
    if (factorX === 1 && factorY === 1) {
      this.source = { pixels: pillowGreyscale(image), width: image.width, height: image.height };
      this.box = [0, 0, image.width, image.height];
    } else {
      this.source = greyBoxReduce(image, factorX, factorY);
      this.box = [0, 0, image.width / factorX, image.height / factorY];
    }
  }

  resize(width: number, height: number): Uint8Array {
    const { pixels, width: w, height: h } = this.source;
    return pillowResizeLanczos(pixels, w, h, width, height, this.box);
  }
}
