/**
 * Blockhash (Commons Machinery, after Yang, Gu and Niu, "Block Mean Value Based Image Perceptual
 * Hashing", 2006), the precise method ("method 2") of `commonsmachinery/blockhash-python`
 * `blockhash/core.py` and `blockhash-js` `index.js`: sum R+G+B over a 16x16 grid of blocks of the
 * full-resolution image (pixels straddling a block edge are split by area; fully transparent
 * pixels count as white), then per horizontal band of 4 block rows, 1 where a block is brighter
 * than the band's median. Block edges and weights follow the Python reference, including its float
 * floor division; see `blockhash` for why the sums are bit-identical although summed row by row.
 */
import { packBitsMsbFirst } from './hash-bits.js';
import type { RawImage } from './raw-image.js';

export const blockhashBits = 16;

/** CPython's float floor division (`a // b`), which snaps (a - fmod(a, b)) / b to an integer. */
function pythonFloorDiv(a: number, b: number): number {
  const mod = a % b;
  let div = (a - mod) / b;
  if (mod !== 0 && b < 0 !== mod < 0) div -= 1;
  if (div === 0) return 0;
  let floorDiv = Math.floor(div);
  if (div - floorDiv > 0.5) floorDiv += 1;
  return floorDiv;
}

/** Blockhash brightness of one pixel: R+G+B, 765 where alpha is 0, grey counted thrice. */
function pixelValue(data: Uint8Array, p: number, channels: number): number {
  if (channels >= 3)
    return channels === 4 && data[p + 3] === 0 ? 765 : data[p]! + data[p + 1]! + data[p + 2]!;
  return channels === 2 && data[p + 1] === 0 ? 765 : 3 * data[p]!;
}

/** Sum of pixelValue over `count` consecutive pixels starting at byte p. */
function runValue(data: Uint8Array, p: number, count: number, channels: number): number {
  const end = p + count * channels;
  let sum = 0;
  switch (channels) {
    case 3:
      for (; p < end; p += 3) sum += data[p]! + data[p + 1]! + data[p + 2]!;
      return sum;
    case 4:
      for (; p < end; p += 4) sum += data[p + 3] === 0 ? 765 : data[p]! + data[p + 1]! + data[p + 2]!;
      return sum;
    default:
      for (; p < end; p += channels) sum += pixelValue(data, p, channels);
      return sum;
  }
}

function addAt(array: Float64Array, index: number, value: number): void {
  array[index] = array[index]! + value;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  return n % 2 === 0 ? (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2 : sorted[(n - 1) / 2]!;
}

function blocksToBits(blocks: number[], pixelsPerBlock: number): Uint8Array {
  const halfBlockValue = (pixelsPerBlock * 256 * 3) / 2;
  const bandSize = blocks.length / 4;
  const bits: boolean[] = [];
  for (let band = 0; band < 4; band++) {
    const slice = blocks.slice(band * bandSize, (band + 1) * bandSize);
    const m = median(slice);
    // Near-uniform bands put many blocks on the median; bright ones then count as 1.
    for (const v of slice) bits.push(v > m || (Math.abs(v - m) < 1 && m > halfBlockValue));
  }
  return packBitsMsbFirst(bits);
}

/** How pixel i of a side is shared between block `first` (weight w1) and block `second` (w2). */
interface Split {
  first: Int32Array;
  second: Int32Array;
  w1: Float64Array;
  w2: Float64Array;
}

/**
 * Block membership and weights as the reference computes them (its float floor division
 * included). When the side divides evenly (the reference's `blockhash_even` case) every weight is
 * 1. A pixel whose two weights land in the same block is stored as weight 1 there, which is the
 * exact sum of the reference's two products (see `blockhash`).
 */
function splitAxis(size: number): Split {
  const blockSize = size / blockhashBits;
  const even = size % blockhashBits === 0;
  const split: Split = {
    first: new Int32Array(size),
    second: new Int32Array(size),
    w1: new Float64Array(size).fill(1),
    w2: new Float64Array(size),
  };
  for (let i = 0; i < size; i++) {
    const first = pythonFloorDiv(i, blockSize);
    split.first[i] = split.second[i] = first;
    if (even) continue;
    const position = (i + 1) % blockSize;
    const whole = Math.trunc(position);
    // A pixel straddling a block edge is shared with the next block; the last pixel never is.
    if (whole > 0 || i + 1 === size) continue;
    const second = -pythonFloorDiv(-i, blockSize);
    if (second === first) continue;
    split.second[i] = second;
    split.w2[i] = position - whole;
    split.w1[i] = 1 - split.w2[i]!;
  }
  return split;
}

/** Runs of consecutive pixels wholly inside one block, as [start, end, block] triples. */
function wholeRuns(split: Split): number[] {
  const runs: number[] = [];
  const size = split.first.length;
  for (let i = 0; i < size;) {
    if (split.w2[i] !== 0) {
      i++;
      continue;
    }
    const block = split.first[i]!;
    let end = i + 1;
    while (end < size && split.w2[end] === 0 && split.first[end] === block) end++;
    runs.push(i, end, block);
    i = end;
  }
  return runs;
}

/**
 * 256-bit blockhash of the full-resolution picture.
 *
 * The reference adds value * weightTop * weightLeft (and the three other corners) pixel by pixel.
 * With 16 blocks a side, block sizes are multiples of 1/16, so every weight is a multiple of 1/16,
 * every product a multiple of 1/256 and every partial sum (below 2^45 for 50 megapixels) exact in
 * a double. The order of summation therefore cannot change a bit, and whole runs of pixels inside
 * one block are summed as integers first, which is several times faster.
 */
export function blockhash(image: RawImage): Uint8Array {
  const { data, width, height, channels } = image;
  const bits = blockhashBits;
  const columns = splitAxis(width);
  const rows = splitAxis(height);
  const runs = wholeRuns(columns);
  const straddling: number[] = [];
  for (let x = 0; x < width; x++) if (columns.w2[x] !== 0) straddling.push(x);
  const blocks = new Float64Array(bits * bits);
  const rowBlocks = new Float64Array(bits);
  for (let y = 0; y < height; y++) {
    const rowStart = y * width * channels;
    rowBlocks.fill(0);
    for (let r = 0; r < runs.length; r += 3) {
      const start = runs[r]!;
      addAt(
        rowBlocks,
        runs[r + 2]!,
        runValue(data, rowStart + start * channels, runs[r + 1]! - start, channels),
      );
    }
    for (const x of straddling) {
      const value = pixelValue(data, rowStart + x * channels, channels);
      addAt(rowBlocks, columns.first[x]!, value * columns.w1[x]!);
      addAt(rowBlocks, columns.second[x]!, value * columns.w2[x]!);
    }
    const top = rows.first[y]! * bits;
    const bottom = rows.second[y]! * bits;
    const weightTop = rows.w1[y]!;
    const weightBottom = rows.w2[y]!;
    for (let b = 0; b < bits; b++) {
      addAt(blocks, top + b, rowBlocks[b]! * weightTop);
      if (weightBottom !== 0) addAt(blocks, bottom + b, rowBlocks[b]! * weightBottom);
    }
  }
  return blocksToBits(Array.from(blocks), (width / bits) * (height / bits));
}
