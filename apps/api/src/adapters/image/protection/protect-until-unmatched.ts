import { randomInt } from 'node:crypto';
import type { HashName, ProtectionLevel } from '@app/shared/media';
import { compareHashes, hashImage, type ImageHashes } from '../perceptual-hash/compare-images.js';
import type { RawImage } from './geometry.js';
import { planProtection } from './protection-plan.js';
import { renderProtected, type ProtectedImage } from './render-protected.js';
import { seededRandom } from './seeded-random.js';

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

export interface ProtectionAttemptResult {
  image: ProtectedImage;
  comparison: ReturnType<typeof compareHashes>;
  attempts: number;
}

type Renderer = (budget: number, seed: number) => Promise<ProtectedImage>;

/**
 * Protects, measures against the original's hashes, and tries again with a wider budget (and a
 * fresh seed) while a required hash still matches. Returns the last attempt either way: after
 * the largest budget the report tells the user what still matches rather than failing.
 */
export async function protectUntilUnmatched(
  original: ImageHashes,
  level: ProtectionLevel,
  render: Renderer,
  options: { nextSeed?: () => number; previousCopy?: ImageHashes } = {},
): Promise<ProtectionAttemptResult> {
  const nextSeed = options.nextSeed ?? (() => randomInt(2 ** 31));
  let result: ProtectionAttemptResult | undefined;
  for (let budget = 0; budget < maxAttempts; budget += 1) {
    const image = await render(budget, nextSeed());
    const hashes = await hashImage(image.data);
    const comparison = compareHashes(original, hashes);
    result = { image, comparison, attempts: budget + 1 };
    // A new copy must not match the copy it replaces either: quick repost relies on that.
    const matchesPrevious = options.previousCopy ? compareHashes(options.previousCopy, hashes).pdq.matches : false;
    if (!matchesPrevious && requiredEvasions[level].every((name) => !comparison[name].matches)) break;
  }
  return result!;
}

/** The production renderer: the level's seeded plan applied to the decoded original. */
export function levelRenderer(source: RawImage, level: ProtectionLevel, watermarkText: string | undefined): Renderer {
  return (budget, seed) => renderProtected(source, planProtection(level, budget, seededRandom(seed)), watermarkText);
}
