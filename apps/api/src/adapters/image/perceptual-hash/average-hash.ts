/**
 * aHash as defined by Python imagehash `average_hash` (after Neal Krawetz, "Looks Like It",
 * hackerfactor.com 2011): Pillow greyscale, Lanczos resize to 8x8, one bit per pixel brighter
 * than the mean, row-major, most significant bit first.
 */
import { packBitsMsbFirst } from './hash-bits.js';
import type { PillowGrey } from './pillow-resample.js';

export const averageHashSize = 8;

export function averageHashFromPixels(pixels: Uint8Array): Uint8Array {
  let sum = 0;
  for (const p of pixels) sum += p;
  const mean = sum / pixels.length;
  return packBitsMsbFirst(Array.from(pixels, (p) => p > mean));
}

export function averageHash(grey: PillowGrey): Uint8Array {
  return averageHashFromPixels(grey.resize(averageHashSize, averageHashSize));
}
