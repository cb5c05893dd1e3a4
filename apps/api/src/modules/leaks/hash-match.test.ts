import { describe, expect, it } from 'vitest';
import { hashDecodedImage } from '../../adapters/image/perceptual-hash/compare-images.js';
import { syntheticPhoto } from '../../adapters/image/perceptual-hash/synthetic-images.js';
import type { StoredHashes } from '../../db/schema/index.js';
import type { HashCandidate } from './copy-registry.repo.js';
import { storedHashesOf } from './copy-registry.js';
import { matchHashes } from './hash-match.js';

const hashesOf = (variant: number) => hashDecodedImage(syntheticPhoto(320, 240, variant));
const stored = (variant: number): StoredHashes => storedHashesOf(hashesOf(variant));

function candidate(id: string, values: Partial<HashCandidate> & { hashes: StoredHashes }): HashCandidate {
  return {
    id,
    kind: 'post',
    mediaAssetId: 'asset-1',
    originalHashes: null,
    postId: null,
    createdAt: new Date('2026-03-01T00:00:00Z'),
    ...values,
  };
}

describe('matching a found picture by its hashes', () => {
  it('finds the copy with the same picture, nearly certain at distance 0 but below a read mark', () => {
    const verdict = matchHashes(
      [candidate('other', { hashes: stored(1) }), candidate('same', { hashes: stored(0) })],
      hashesOf(0),
    );
    expect(verdict?.best.candidate.id).toBe('same');
    expect(verdict?.best.against).toBe('copy');
    expect(verdict?.best.confidence).toBeCloseTo(0.95);
    expect(verdict?.best.distances.map((d) => d.distance)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(verdict?.alike.map((m) => m.candidate.id)).toEqual(['same']);
  });

  it('answers nothing for an unrelated picture', () => {
    expect(matchHashes([candidate('other', { hashes: stored(1) })], hashesOf(0))).toBeNull();
    expect(matchHashes([], hashesOf(0))).toBeNull();
  });

  it('tells a found original from the copies made of it', () => {
    const verdict = matchHashes(
      [candidate('copy', { kind: 'protected', hashes: stored(1), originalHashes: stored(0) })],
      hashesOf(0),
    );
    expect(verdict?.best).toMatchObject({ against: 'original', candidate: { id: 'copy' } });
  });

  it('groups copies that share their pixels: hashes cannot tell them apart', () => {
    const same = stored(0);
    const verdict = matchHashes(
      [
        candidate('protected', { kind: 'protected', hashes: same }),
        candidate('post-a', { hashes: same, postId: 'a' }),
        candidate('post-b', { hashes: same, postId: 'b' }),
      ],
      hashesOf(0),
    );
    expect(verdict?.alike.map((m) => m.candidate.id).sort()).toEqual(['post-a', 'post-b', 'protected']);
  });
});
