/**
 * dHash as defined by Python imagehash `dhash` (after Neal Krawetz, "Kind of Like That",
 * hackerfactor.com 2013): Pillow greyscale, Lanczos resize to (size + 1) x size, one bit per
 * horizontally adjacent pair where the right pixel is brighter. size 8 gives the usual 64-bit
 * dHash, size 16 the 256-bit dHash-256 (imagehash `dhash(image, hash_size=16)`).
 */
import { packBitsMsbFirst } from './hash-bits.js';
import type { PillowGrey } from './pillow-resample.js';

export function differenceHashFromPixels(pixels: Uint8Array, size: number): Uint8Array {
  const width = size + 1;
  const bits: boolean[] = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) bits.push((pixels[y * width + x + 1] ?? 0) > (pixels[y * width + x] ?? 0));
  }
  return packBitsMsbFirst(bits);
}

export function differenceHash(grey: PillowGrey, size: 8 | 16 = 8): Uint8Array {
  return differenceHashFromPixels(grey.resize(size + 1, size), size);
}
