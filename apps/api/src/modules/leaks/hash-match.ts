import { hashBits, hashNames, matchThresholds, type HashName } from '@app/shared/media';
import { pdqDistance, type ImageHashes } from '../../adapters/image/perceptual-hash/compare-images.js';
import { hammingDistance, hashFromHex } from '../../adapters/image/perceptual-hash/hash-bits.js';
import type { StoredHashes } from '../../db/schema/index.js';
import type { HashCandidate } from './copy-registry.repo.js';

/**
 * The fallback when no mark of hers survives: the found picture's perceptual hashes against those
 * kept for each of her copies and the originals they came from (compare-images.ts, same hashes and
 * thresholds as ImageShield). Copies of one photo are kept apart under PDQ when made, so the
 * nearest copy is usually the one; copies that share pixels (posts sent from one protected copy)
 * cannot be told apart, and the answer says so.
 */
export interface HashDistance {
  name: HashName;
  distance: number;
  threshold: number;
}

export interface HashMatch {
  candidate: HashCandidate;
  against: 'copy' | 'original';
  distances: HashDistance[];
  /** PDQ distance over its threshold: below 1 is a PDQ match. */
  pdqRatio: number;
  confidence: number;
}

/** The answer of the hash search: the best copy, and the copies too close to it to tell apart. */
export interface HashVerdict {
  best: HashMatch;
  /** Matching copies within a few PDQ bits of the best one (itself included). */
  alike: HashMatch[];
}

/** Copies whose PDQ distances to the found picture are this close cannot be told apart by hashes. */
const alikeBits = 8;

function distancesTo(stored: StoredHashes, found: ImageHashes): HashDistance[] {
  return hashNames.map((name) => {
    const hash = hashFromHex(stored[name], hashBits[name] / 8);
    // PDQ takes the closest of the found picture's rotations and flips (a mirrored repost still matches).
    const distance = name === 'pdq' ? pdqDistance(hash, found) : hammingDistance(hash, found[name]);
    return { name, distance, threshold: matchThresholds[name] };
  });
}

/**
 * How sure a match is, from its distances: a PDQ match scores 0.5 at the threshold up to 0.95 at
 * distance 0 (a hash match never claims the certainty of a read mark); without PDQ, three or more
 * of the other five hashes matching scores 0.45. Anything less is no match.
 */
function confidenceOf(distances: HashDistance[]): number {
  const [pdq, ...others] = distances;
  if (pdq!.distance <= pdq!.threshold) return 0.95 - 0.45 * (pdq!.distance / pdq!.threshold);
  return others.filter((hash) => hash.distance <= hash.threshold).length >= 3 ? 0.45 : 0;
}

function matchOf(
  candidate: HashCandidate,
  against: HashMatch['against'],
  stored: StoredHashes,
  found: ImageHashes,
): HashMatch | null {
  const distances = distancesTo(stored, found);
  const confidence = confidenceOf(distances);
  if (confidence === 0) return null;
  const pdqRatio = distances[0]!.distance / distances[0]!.threshold;
  return { candidate, against, distances, pdqRatio, confidence };
}

const closer = (a: HashMatch, b: HashMatch) => b.confidence - a.confidence || a.pdqRatio - b.pdqRatio;

/** The closest of her copies or originals to the found picture, or null when none matches. */
export function matchHashes(candidates: HashCandidate[], found: ImageHashes): HashVerdict | null {
  const matches: HashMatch[] = [];
  const seenOriginals = new Set<string>();
  for (const candidate of candidates) {
    const copy = matchOf(candidate, 'copy', candidate.hashes, found);
    if (copy) matches.push(copy);
    // One original per photo: every copy of it keeps the same original hashes.
    const originalKey = candidate.mediaAssetId ?? candidate.id;
    if (!candidate.originalHashes || seenOriginals.has(originalKey)) continue;
    seenOriginals.add(originalKey);
    const original = matchOf(candidate, 'original', candidate.originalHashes, found);
    if (original) matches.push(original);
  }
  const best = matches.sort(closer)[0];
  if (!best) return null;
  const bestPdq = best.distances[0]!.distance;
  const alike =
    best.against === 'copy'
      ? matches.filter((m) => m.against === 'copy' && m.distances[0]!.distance <= bestPdq + alikeBits)
      : [best];
  return { best, alike };
}
