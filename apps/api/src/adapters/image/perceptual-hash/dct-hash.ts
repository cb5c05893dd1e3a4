/**
 * pHash as defined by Python imagehash `phash` (hash_size 8, highfreq_factor 4; after
 * hackerfactor.com "Looks Like It"): Pillow greyscale, Lanczos resize to 32x32, 2-D DCT-II
 * (scipy.fftpack.dct, unnormalised, along columns then rows), keep the top-left 8x8 block
 * including DC, one bit per coefficient above that block's median (numpy.median: mean of the two
 * middle values). Only the 8 needed frequencies are computed, by direct summation.
 */
import { packBitsMsbFirst } from './hash-bits.js';
import type { PillowGrey } from './pillow-resample.js';

export const dctHashInputSize = 32;
const hashSize = 8;

const cosines = (() => {
  const n = dctHashInputSize;
  const table = new Float64Array(hashSize * n);
  for (let k = 0; k < hashSize; k++)
    for (let i = 0; i < n; i++) table[k * n + i] = Math.cos((Math.PI * k * (2 * i + 1)) / (2 * n));
  return table;
})();

/** The unnormalised DCT-II low block, dct[u][v] for u, v < 8 (u along rows of the image). */
export function dctLowFrequencies(pixels: Uint8Array): Float64Array {
  const n = dctHashInputSize;
  const columns = new Float64Array(hashSize * n);
  for (let u = 0; u < hashSize; u++) {
    for (let x = 0; x < n; x++) {
      let sum = 0;
      for (let y = 0; y < n; y++) sum += (pixels[y * n + x] ?? 0) * (cosines[u * n + y] ?? 0);
      columns[u * n + x] = 2 * sum;
    }
  }
  const block = new Float64Array(hashSize * hashSize);
  for (let u = 0; u < hashSize; u++) {
    for (let v = 0; v < hashSize; v++) {
      let sum = 0;
      for (let x = 0; x < n; x++) sum += (columns[u * n + x] ?? 0) * (cosines[v * n + x] ?? 0);
      block[u * hashSize + v] = 2 * sum;
    }
  }
  return block;
}

export function dctHashFromPixels(pixels: Uint8Array): Uint8Array {
  const block = dctLowFrequencies(pixels);
  const sorted = Float64Array.from(block).sort();
  const median = ((sorted[31] ?? 0) + (sorted[32] ?? 0)) / 2;
  return packBitsMsbFirst(Array.from(block, (c) => c > median));
}

export function dctHash(grey: PillowGrey): Uint8Array {
  return dctHashFromPixels(grey.resize(dctHashInputSize, dctHashInputSize));
}
