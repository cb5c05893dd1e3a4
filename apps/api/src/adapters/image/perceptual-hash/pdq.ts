/**
 * PDQ, Meta's 256-bit photo hash (ThreatExchange `pdq/`, algorithm in `hashing/hashing.pdf`),
 * ported from the C++ reference `pdq/cpp/hashing/pdqhashing.cpp` and `torben.cpp`:
 * luma -> two-pass Jarosz tent blur -> 64x64 decimation -> quality from gradients -> the 16x16
 * low-frequency block (skipping DC) of a 64x64 DCT-II -> one bit per coefficient above the median.
 * The eight dihedral hashes come from sign flips and transposes of that DCT block, as the
 * reference `dct16OriginalTo*` functions do, so rotated or mirrored copies are caught cheaply.
 *
 * Floats are rounded like C++ `float` (see pdq-downscale.ts); the output is the reference's bits.
 */
import { hammingDistance } from './hash-bits.js';
import { decimate, floatLuma, jaroszFilter, jaroszWindowSize, resizeLikePdqCli } from './pdq-downscale.js';
import type { RawImage } from './raw-image.js';

const f = Math.fround;
const minHashableDim = 5;
const jaroszPasses = 2;

export interface PdqHash {
  /** 32 bytes; hex of the bytes in order is the reference's printed form. */
  hash: Uint8Array;
  /** 0-100; the reference recommends discarding hashes with quality <= 49. */
  quality: number;
}

/** Order of the reference's `pdqDihedralHash256esFromFloatLuma` outputs. */
export const pdqDihedralOrder = [
  'original',
  'rotate90',
  'rotate180',
  'rotate270',
  'flipX',
  'flipY',
  'flipPlus1',
  'flipMinus1',
] as const;

export interface PdqHashes extends PdqHash {
  /** Hashes of the image as if rotated or flipped, in `pdqDihedralOrder`; [0] equals `hash`. */
  dihedral: Uint8Array[];
}

// Rows 1..16 of the 64-point DCT-II basis, scaled by sqrt(2/64): float scale times double cosine,
// stored as float, exactly as the reference builds it.
const dctMatrix = (() => {
  const scale = f(Math.sqrt(2 / 64));
  const matrix = new Float32Array(16 * 64);
  for (let i = 0; i < 16; i++) {
    for (let j = 0; j < 64; j++)
      matrix[i * 64 + j] = scale * Math.cos((Math.PI / 2 / 64) * (i + 1) * (2 * j + 1));
  }
  return matrix;
})();

export function pdqImageDomainQuality(buffer64x64: Float32Array): number {
  let gradientSum = 0;
  for (let i = 0; i < 63; i++) {
    for (let j = 0; j < 64; j++) {
      const d = f(f(f((buffer64x64[i * 64 + j] ?? 0) - (buffer64x64[(i + 1) * 64 + j] ?? 0)) * 100) / 255);
      gradientSum += Math.abs(Math.trunc(d));
    }
  }
  for (let i = 0; i < 64; i++) {
    for (let j = 0; j < 63; j++) {
      const d = f(f(f((buffer64x64[i * 64 + j] ?? 0) - (buffer64x64[i * 64 + j + 1] ?? 0)) * 100) / 255);
      gradientSum += Math.abs(Math.trunc(d));
    }
  }
  return Math.min(100, Math.floor(gradientSum / 90));
}

/** dct64To16: B = D A D^T with float accumulation in the reference's summation order. */
export function dct64To16(a: Float32Array): Float32Array {
  const t = new Float32Array(16 * 64);
  for (let i = 0; i < 16; i++) {
    for (let j = 0; j < 64; j++) {
      let sum = 0;
      for (let k = 0; k < 64; k++) sum = f(sum + f((dctMatrix[i * 64 + k] ?? 0) * (a[k * 64 + j] ?? 0)));
      t[i * 64 + j] = sum;
    }
  }
  const b = new Float32Array(256);
  for (let i = 0; i < 16; i++) {
    for (let j = 0; j < 16; j++) {
      let sum = 0;
      for (let k = 0; k < 64; k++) sum = f(sum + f((t[i * 64 + k] ?? 0) * (dctMatrix[j * 64 + k] ?? 0)));
      b[i * 16 + j] = sum;
    }
  }
  return b;
}

/** Torben Mogensen's median (N. Devillard's implementation, as in the reference): the lower median. */
export function torbenMedian(m: ArrayLike<number>): number {
  const n = m.length;
  let min = m[0] ?? 0;
  let max = min;
  for (let i = 1; i < n; i++) {
    const v = m[i] ?? 0;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const half = Math.floor((n + 1) / 2);
  for (;;) {
    const guess = f(f(min + max) / 2);
    let less = 0;
    let greater = 0;
    let equal = 0;
    let maxLtGuess = min;
    let minGtGuess = max;
    for (let i = 0; i < n; i++) {
      const v = m[i] ?? 0;
      if (v < guess) {
        less++;
        if (v > maxLtGuess) maxLtGuess = v;
      } else if (v > guess) {
        greater++;
        if (v < minGtGuess) minGtGuess = v;
      } else {
        equal++;
      }
    }
    if (less <= half && greater <= half) {
      if (less >= half) return maxLtGuess;
      if (less + equal >= half) return guess;
      return minGtGuess;
    }
    if (less > greater) max = maxLtGuess;
    else min = minGtGuess;
  }
}

/**
 * The reference's Hash256 keeps bit k in 16-bit word k/16 and prints word 15 first, so byte 0 of
 * our array is the high byte of word 15.
 */
function setPdqBit(hash: Uint8Array, k: number): void {
  const word = k >> 4;
  const bit = k & 15;
  const index = (15 - word) * 2 + (bit >= 8 ? 0 : 1);
  hash[index] = (hash[index] ?? 0) | (1 << (bit & 7));
}

export function pdqBitsFromDct(dct16x16: Float32Array): Uint8Array {
  const median = torbenMedian(dct16x16);
  const hash = new Uint8Array(32);
  for (let k = 0; k < 256; k++) if ((dct16x16[k] ?? 0) > median) setPdqBit(hash, k);
  return hash;
}

type DihedralRule = { transpose: boolean; negate: (i: number, j: number) => boolean };

// The sign table of pdqhashing.cpp (i = row, j = column of the original DCT block).
const dihedralRules: DihedralRule[] = [
  { transpose: false, negate: () => false },
  { transpose: true, negate: (_i, j) => (j & 1) === 0 },
  { transpose: false, negate: (i, j) => ((i + j) & 1) === 1 },
  { transpose: true, negate: (i) => (i & 1) === 0 },
  { transpose: false, negate: (i) => (i & 1) === 0 },
  { transpose: false, negate: (_i, j) => (j & 1) === 0 },
  { transpose: true, negate: () => false },
  { transpose: true, negate: (i, j) => ((i + j) & 1) === 1 },
];

function dihedralDct(dct16x16: Float32Array, rule: DihedralRule): Float32Array {
  const out = new Float32Array(256);
  for (let i = 0; i < 16; i++) {
    for (let j = 0; j < 16; j++) {
      const v = dct16x16[i * 16 + j] ?? 0;
      out[rule.transpose ? j * 16 + i : i * 16 + j] = rule.negate(i, j) ? -v : v;
    }
  }
  return out;
}

/** The 16x16 DCT block and quality of a luma buffer (pdqFloat256FromFloatLuma; input is not modified). */
export function pdqDctFromLuma(
  luma: Float32Array,
  rows: number,
  cols: number,
): { dct: Float32Array; quality: number } {
  const buffer1 = Float32Array.from(luma);
  const buffer2 = new Float32Array(rows * cols);
  // At exactly 64x64 the reference skips the blur, whose window would be 1 (the identity) anyway.
  jaroszFilter(
    buffer1,
    buffer2,
    rows,
    cols,
    jaroszWindowSize(cols, 64),
    jaroszWindowSize(rows, 64),
    jaroszPasses,
  );
  const buffer64x64 = decimate(buffer1, rows, cols, 64, 64);
  return { dct: dct64To16(buffer64x64), quality: pdqImageDomainQuality(buffer64x64) };
}

/** Hash and dihedral hashes of row-major float luma, as pdqDihedralHash256esFromFloatLuma. */
export function pdqHashesFromLuma(luma: Float32Array, rows: number, cols: number): PdqHashes {
  if (rows < minHashableDim || cols < minHashableDim) {
    return { hash: new Uint8Array(32), quality: 0, dihedral: dihedralRules.map(() => new Uint8Array(32)) };
  }
  const { dct, quality } = pdqDctFromLuma(luma, rows, cols);
  const dihedral = dihedralRules.map((rule) => pdqBitsFromDct(dihedralDct(dct, rule)));
  return { hash: dihedral[0] ?? new Uint8Array(32), quality, dihedral };
}

/** What pdq-photo-hasher prints for a decoded file: CLI pre-resize, luma, hash. */
export function pdqHashes(image: RawImage): PdqHashes {
  const resized = resizeLikePdqCli(image);
  return pdqHashesFromLuma(floatLuma(resized), resized.height, resized.width);
}

export function pdqDistance(a: Uint8Array, b: Uint8Array): number {
  return hammingDistance(a, b);
}
