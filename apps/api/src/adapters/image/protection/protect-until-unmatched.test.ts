import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashImage } from '../perceptual-hash/compare-images.js';
import { syntheticPhoto } from '../perceptual-hash/synthetic-images.js';
import { levelRenderer, maxAttempts, protectUntilUnmatched, requiredEvasions } from './protect-until-unmatched.js';
import type { ProtectedImage } from './render-protected.js';
import { decodeRaw } from './render-protected.js';

let original: Buffer;
let unrelated: Buffer;
beforeAll(async () => {
  const encode = ({ data, width, height }: ReturnType<typeof syntheticPhoto>) =>
    sharp(Buffer.from(data), { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
  original = await encode(syntheticPhoto(640, 480, 0));
  unrelated = await encode(syntheticPhoto(640, 480, 1));
});

const asProtected = (data: Buffer): ProtectedImage => ({ data, format: 'jpeg', width: 640, height: 480 });

describe('protectUntilUnmatched', () => {
  it('tries again with a growing budget and fresh seeds while a required hash still matches', async () => {
    const calls: Array<{ budget: number; seed: number }> = [];
    let seed = 100;
    // The first two attempts hand back the original itself (every hash matches), the third an unrelated picture.
    const render = async (budget: number, attemptSeed: number) => {
      calls.push({ budget, seed: attemptSeed });
      return asProtected(budget < 2 ? original : unrelated);
    };
    const result = await protectUntilUnmatched(await hashImage(original), 'standard', render, { nextSeed: () => seed++ });
    expect(calls).toEqual([
      { budget: 0, seed: 100 },
      { budget: 1, seed: 101 },
      { budget: 2, seed: 102 },
    ]);
    expect(result.attempts).toBe(3);
    expect(result.comparison.pdq.matches).toBe(false);
  });

  it('also tries again while the new copy matches the copy it replaces', async () => {
    const renders: Buffer[] = [];
    const sequence = [unrelated, original];
    // The original is the "previous copy" here; the first attempt (unrelated) evades it and the original.
    const render = async () => {
      const next = sequence[renders.length % 2]!;
      renders.push(next);
      return asProtected(next);
    };
    const unrelatedHashes = await hashImage(unrelated);
    const firstTry = await protectUntilUnmatched(await hashImage(original), 'light', render, { previousCopy: unrelatedHashes });
    // Attempt 1 (unrelated) matches the previous copy; attempt 2 (original) matches the original: all four are used.
    expect(firstTry.attempts).toBe(maxAttempts);
  });

  it('stops after the largest budget and reports what still matches instead of failing', async () => {
    let calls = 0;
    const result = await protectUntilUnmatched(await hashImage(original), 'light', async () => {
      calls += 1;
      return asProtected(original);
    });
    expect(calls).toBe(maxAttempts);
    expect(result.attempts).toBe(maxAttempts);
    expect(result.comparison.anyMatch).toBe(true);
  });

  it.each(['light', 'standard', 'heavy'] as const)('the real %s renderer defeats its required hashes on a photo', async (level) => {
    const source = await decodeRaw(original);
    const result = await protectUntilUnmatched(await hashImage(original), level, levelRenderer(source, level, undefined));
    for (const name of requiredEvasions[level]) expect(result.comparison[name].matches, name).toBe(false);
  });

  it('two protected copies of one photo do not match each other under PDQ', async () => {
    const source = await decodeRaw(original);
    const render = levelRenderer(source, 'standard', undefined);
    const [first, second] = await Promise.all([render(0, 1), render(0, 2)]);
    const { compareHashes } = await import('../perceptual-hash/compare-images.js');
    expect(compareHashes(await hashImage(first.data), await hashImage(second.data)).pdq.matches).toBe(false);
  });
});
