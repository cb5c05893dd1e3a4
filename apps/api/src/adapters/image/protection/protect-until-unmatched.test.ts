import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashBits, hashNames, matchThresholds } from '@app/shared/media';
import { hashImage, type ImageComparison, type ImageHashes } from '../perceptual-hash/compare-images.js';
import { syntheticPhoto } from '../perceptual-hash/synthetic-images.js';
import { isAccepted, maxAttempts, protectUntilUnmatched, safetyMargin } from './protect-until-unmatched.js';

let original: ImageHashes;
let unrelated: ImageHashes;
beforeAll(async () => {
  const hashOf = ({ data, width, height }: ReturnType<typeof syntheticPhoto>) =>
    sharp(Buffer.from(data), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer()
      .then(hashImage);
  original = await hashOf(syntheticPhoto(640, 480, 0));
  unrelated = await hashOf(syntheticPhoto(640, 480, 1));
});

describe('protectUntilUnmatched', () => {
  it('tries again with a growing budget and fresh seeds while a required hash still matches', async () => {
    const calls: Array<{ budget: number; seed: number }> = [];
    let seed = 100;
    // The first two attempts hand back the original itself (every hash matches), the third an unrelated picture.
    const attempt = async (budget: number, attemptSeed: number) => {
      calls.push({ budget, seed: attemptSeed });
      return { hashes: budget < 2 ? original : unrelated, value: budget };
    };
    const result = await protectUntilUnmatched(original, 'standard', attempt, { nextSeed: () => seed++ });
    expect(calls).toEqual([
      { budget: 0, seed: 100 },
      { budget: 1, seed: 101 },
      { budget: 2, seed: 102 },
    ]);
    expect(result.attempts).toBe(3);
    expect(result.candidate.value).toBe(2);
    expect(result.comparison.pdq.matches).toBe(false);
  });

  it('also tries again while the new copy matches a copy made earlier', async () => {
    const sequence = [unrelated, original];
    let calls = 0;
    // The earlier copy is the unrelated picture: attempt 1 matches it, attempt 2 matches the original, and so on.
    const result = await protectUntilUnmatched(
      original,
      'light',
      async () => ({ hashes: sequence[calls++ % 2]!, value: calls }),
      {
        earlierCopies: [unrelated.pdq.hash],
      },
    );
    expect(result.attempts).toBe(maxAttempts);
    // Without that earlier copy, the unrelated picture is accepted at once.
    const accepted = await protectUntilUnmatched(original, 'light', async () => ({
      hashes: unrelated,
      value: 0,
    }));
    expect(accepted.attempts).toBe(1);
  });

  it('stops after the largest budget and reports what still matches instead of failing', async () => {
    let calls = 0;
    const result = await protectUntilUnmatched(original, 'light', async () => {
      calls += 1;
      return { hashes: original, value: calls };
    });
    expect(calls).toBe(maxAttempts);
    expect(result.attempts).toBe(maxAttempts);
    expect(result.candidate.value).toBe(maxAttempts);
    expect(result.comparison.anyMatch).toBe(true);
  });
});

describe('isAccepted', () => {
  /** A comparison where every hash is far from the original except pHash, at the given distance. */
  function comparisonWithPhash(distance: number): ImageComparison {
    const entries = hashNames.map((name) => {
      const bits = hashBits[name];
      const at = name === 'phash' ? distance : bits / 2;
      return [
        name,
        { distance: at, bits, threshold: matchThresholds[name], matches: at <= matchThresholds[name] },
      ];
    });
    return { ...Object.fromEntries(entries), anyMatch: distance <= matchThresholds.phash } as ImageComparison;
  }

  it('wants a margin past each required threshold, since a full-size or re-encoded copy lands a bit or two away', () => {
    const margin = safetyMargin(hashBits.phash);
    expect(margin).toBeGreaterThanOrEqual(2);
    expect(isAccepted('standard', comparisonWithPhash(matchThresholds.phash + 1), original)).toBe(false);
    expect(isAccepted('standard', comparisonWithPhash(matchThresholds.phash + margin), original)).toBe(false);
    expect(isAccepted('standard', comparisonWithPhash(matchThresholds.phash + margin + 1), original)).toBe(
      true,
    );
    // Light does not require pHash at all.
    expect(isAccepted('light', comparisonWithPhash(0), original)).toBe(true);
  });
});
