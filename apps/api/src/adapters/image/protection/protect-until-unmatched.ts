import { randomInt } from 'node:crypto';
import { hashBits, matchThresholds, type HashName, type ProtectionLevel } from '@app/shared/media';
import {
  compareHashes,
  pdqDistance,
  type ImageComparison,
  type ImageHashes,
} from '../perceptual-hash/compare-images.js';

/**
 * The hashes each level must defeat before it is accepted. Light keeps the picture closest to the
 * original, so the coarse 64-bit hashes may still match there (the report says so).
 */
export const requiredEvasions: Record<ProtectionLevel, HashName[]> = {
  light: ['pdq', 'dhash256', 'blockhash256'],
  standard: ['pdq', 'dhash256', 'blockhash256', 'phash'],
  heavy: ['pdq', 'dhash256', 'blockhash256', 'phash', 'dhash'],
};

export const maxAttempts = 4;

/** One attempt's result: its hashes, and whatever the caller needs to keep of it (e.g. its plan). */
export interface Candidate<T> {
  hashes: ImageHashes;
  value: T;
}

export interface SearchResult<T> {
  candidate: Candidate<T>;
  comparison: ImageComparison;
  attempts: number;
}

type Attempt<T> = (budget: number, seed: number) => Promise<Candidate<T>>;

/**
 * Whether a candidate is good enough for the level: no required hash matches the original, and
 * PDQ matches none of the copies made before (quick repost relies on every copy being new).
 */
export function isAccepted(
  level: ProtectionLevel,
  comparison: ImageComparison,
  candidate: ImageHashes,
  earlierCopies: Uint8Array[] = [],
): boolean {
  if (
    earlierCopies.some(
      (copy) => pdqDistance(copy, candidate) <= matchThresholds.pdq + safetyMargin(hashBits.pdq),
    )
  )
    return false;
  return requiredEvasions[level].every(
    (name) => comparison[name].distance > comparison[name].threshold + safetyMargin(comparison[name].bits),
  );
}

/**
 * Bits beyond the threshold a candidate must reach. The search measures at 512 px; the same copy
 * measured at full size, or after a platform shrinks and re-encodes it, lands a bit or two away,
 * so a candidate just past the threshold could still match there.
 */
export function safetyMargin(bits: number): number {
  return bits <= 64 ? 2 : 4;
}

/**
 * Makes a candidate, measures it against the original's hashes, and tries again with a wider
 * budget (and a fresh seed) while it is not accepted. Returns the last attempt either way: after
 * the largest budget the report tells the user what still matches rather than failing.
 */
export async function protectUntilUnmatched<T>(
  original: ImageHashes,
  level: ProtectionLevel,
  attempt: Attempt<T>,
  options: { nextSeed?: () => number; earlierCopies?: Uint8Array[] } = {},
): Promise<SearchResult<T>> {
  const nextSeed = options.nextSeed ?? (() => randomInt(2 ** 31));
  let result: SearchResult<T> | undefined;
  for (let budget = 0; budget < maxAttempts; budget += 1) {
    const candidate = await attempt(budget, nextSeed());
    const comparison = compareHashes(original, candidate.hashes);
    result = { candidate, comparison, attempts: budget + 1 };
    if (isAccepted(level, comparison, candidate.hashes, options.earlierCopies)) break;
  }
  return result!;
}
