import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashBits, matchThresholds, type HashName } from '@app/shared/media';
import { compareHashes, hashImage, imageHashesToHex, type ImageHashes } from './compare-images.js';
import { pdqDistance } from './pdq.js';
import type { RawImage } from './raw-image.js';
import { syntheticAbstract, syntheticPhoto } from './synthetic-images.js';

const hashNames = Object.keys(matchThresholds) as HashName[];

function png(image: RawImage): Promise<Buffer> {
  const { width, height, channels } = image;
  return sharp(Buffer.from(image.data), { raw: { width, height, channels } }).png().toBuffer();
}

describe('hashImage and compareHashes', () => {
  let original: Buffer;
  let originalHashes: ImageHashes;

  beforeAll(async () => {
    original = await png(syntheticPhoto(1024, 768, 0));
    originalHashes = await hashImage(original);
  });

  it('computes every hash with the documented sizes and exports the thresholds', () => {
    expect(originalHashes.pdq.hash).toHaveLength(32);
    expect(originalHashes.pdqDihedral).toHaveLength(8);
    expect(originalHashes.pdqDihedral[0]).toEqual(originalHashes.pdq.hash);
    for (const name of ['phash', 'dhash', 'ahash'] as const) expect(originalHashes[name]).toHaveLength(8);
    for (const name of ['dhash256', 'blockhash256'] as const) expect(originalHashes[name]).toHaveLength(32);
    expect(matchThresholds).toEqual({
      pdq: 31,
      phash: 10,
      dhash: 10,
      ahash: 10,
      dhash256: 20,
      blockhash256: 25,
    });
    const hex = imageHashesToHex(originalHashes);
    expect(hex.pdq).toMatch(/^[0-9a-f]{64}$/);
    expect(hex.ahash).toMatch(/^[0-9a-f]{16}$/);
    expect(hex.pdqDihedral).toHaveLength(8);
  });

  it('gives distance 0 for the same picture, from a path-less buffer or re-decoded', async () => {
    const comparison = compareHashes(originalHashes, await hashImage(original));
    for (const name of hashNames) expect(comparison[name]).toMatchObject({ distance: 0, matches: true });
    expect(comparison.anyMatch).toBe(true);
  });

  it('keeps PDQ close through a JPEG re-encode at quality 75 and through halving the size', async () => {
    const jpeg = compareHashes(
      originalHashes,
      await hashImage(await sharp(original).jpeg({ quality: 75 }).toBuffer()),
    );
    const half = compareHashes(
      originalHashes,
      await hashImage(await sharp(original).resize(512, 384).jpeg({ quality: 75 }).toBuffer()),
    );
    expect(jpeg.pdq.distance).toBeLessThanOrEqual(16);
    expect(half.pdq.distance).toBeLessThanOrEqual(16);
    for (const name of hashNames) {
      expect(jpeg[name].matches).toBe(true);
      expect(half[name].matches).toBe(true);
    }
  });

  it('matches a 90-degree rotation through the dihedral PDQ hashes but not through pHash', async () => {
    const rotated = compareHashes(
      originalHashes,
      await hashImage(await sharp(original).rotate(90).png().toBuffer()),
    );
    expect(rotated.pdq.distance).toBeLessThanOrEqual(16);
    expect(rotated.pdq.matches).toBe(true);
    expect(rotated.phash.matches).toBe(false);
    expect(rotated.anyMatch).toBe(true);
  });

  it('puts an inverted picture at the far end of PDQ', async () => {
    const inverted = await hashImage(await sharp(original).negate({ alpha: false }).png().toBuffer());
    expect(pdqDistance(originalHashes.pdq.hash, inverted.pdq.hash)).toBeGreaterThanOrEqual(200);
  });

  it('puts an unrelated picture near half the bits on every hash, and matches none', async () => {
    const other = compareHashes(originalHashes, await hashImage(await png(syntheticAbstract(1024, 768))));
    for (const name of hashNames) {
      expect(other[name].distance / hashBits[name]).toBeGreaterThan(0.3);
      expect(other[name].distance / hashBits[name]).toBeLessThan(0.7);
      expect(other[name].matches).toBe(false);
    }
    expect(other.anyMatch).toBe(false);
  });

  it('hashes a 12-megapixel JPEG well under a second', async () => {
    const jpeg = await sharp(await png(syntheticPhoto(1000, 750, 1)))
      .resize(4000, 3000)
      .jpeg({ quality: 90 })
      .toBuffer();
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      await hashImage(jpeg);
      best = Math.min(best, performance.now() - started);
    }
    expect(best).toBeLessThan(1000);
  });
});
