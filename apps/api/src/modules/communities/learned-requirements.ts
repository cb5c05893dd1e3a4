import type { LearnedRequirement } from '@app/shared/community-facts';

/** One sent post to a community: the account's karma or age when it went out, and its fate. */
export interface PostEvidence {
  value: number;
  removed: boolean;
}

/** Fewer posts than this say nothing about a threshold. */
export const minimumEvidence = 8;
const minimumEachSide = 3;
/** Below the threshold most were removed, above it few. */
const removedBelowAtLeast = 0.7;
const removedAboveAtMost = 0.2;

/**
 * A round figure a moderator would write ("100 karma", "30 days") inside (low, high]: the one closest
 * to the middle, else high itself.
 */
export function roundThreshold(low: number, high: number): number {
  const middle = Math.sqrt(Math.max(1, low + 1) * Math.max(1, high));
  const candidates: number[] = [];
  for (let scale = 1; scale <= 10_000_000; scale *= 10)
    for (const step of [1, 2, 2.5, 3, 5]) candidates.push(step * scale);
  const inside = candidates.filter((value) => value > low && value <= high && Number.isInteger(value));
  if (inside.length === 0) return high;
  return inside.reduce((best, value) =>
    Math.abs(Math.log(value / middle)) < Math.abs(Math.log(best / middle)) ? value : best,
  );
}

/**
 * The unwritten threshold, if the posts show one: a cut below which at least 70 % of posts were
 * removed and above which at most 20 % were, with at least three posts on each side; the sharpest
 * such cut wins. Null when the evidence shows none (docs/communities-scoring.md#learned-requirements).
 */
export function learnThreshold(points: readonly PostEvidence[]): LearnedRequirement | null {
  if (points.length < minimumEvidence) return null;
  const sorted = [...points].sort((a, b) => a.value - b.value);
  const removedTotal = sorted.filter((point) => point.removed).length;
  let best: { gap: number; low: number; high: number } | null = null;
  let removedBelow = 0;
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i - 1]!.removed) removedBelow += 1;
    if (sorted[i]!.value === sorted[i - 1]!.value) continue;
    const below = i;
    const above = sorted.length - i;
    if (below < minimumEachSide || above < minimumEachSide) continue;
    const rateBelow = removedBelow / below;
    const rateAbove = (removedTotal - removedBelow) / above;
    if (rateBelow < removedBelowAtLeast || rateAbove > removedAboveAtMost) continue;
    const gap = rateBelow - rateAbove;
    if (!best || gap > best.gap) best = { gap, low: sorted[i - 1]!.value, high: sorted[i]!.value };
  }
  if (!best) return null;
  return { value: roundThreshold(best.low, best.high), posts: points.length };
}
