import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mediaListResponseSchema } from '@app/shared/media';
import type { MediaAssetRow } from '../../db/schema/index.js';
import { toMediaAsset } from './media-asset.js';
import { createMediaListSerializer } from './media-list-serializer.js';
import { createMediaUrlSigner } from './media-url-signer.js';

function row(fields: Partial<MediaAssetRow> = {}): MediaAssetRow {
  const id = fields.id ?? randomUUID();
  const userId = randomUUID();
  return {
    id,
    userId,
    filename: 'beach.jpg',
    mime: 'image/jpeg',
    bytes: 2048,
    width: 640,
    height: 480,
    storageKey: `${userId}/${id}/original.jpg`,
    thumbnailKey: `${userId}/${id}/thumbnail.webp`,
    thumbnailBytes: 512,
    protectedBytes: 0,
    protectedStorageKey: null,
    protectionLevel: null,
    protectionReport: null,
    hasWatermark: false,
    visibility: 'private',
    tags: ['summer'],
    lastRepostedAt: null,
    contentRating: null,
    contentScores: null,
    ratedAt: null,
    deletedAt: null,
    createdAt: new Date('2026-11-20T10:00:00Z'),
    updatedAt: new Date('2026-11-20T10:00:00Z'),
    ...fields,
  };
}

describe('the gallery list serialiser', () => {
  const clock = { now: Date.parse('2026-11-25T12:00:00Z') };
  const signer = createMediaUrlSigner(Buffer.from('test-key'), 3600, () => clock.now);

  it('answers exactly what the contract makes of each asset, in order', () => {
    const serialize = createMediaListSerializer(signer);
    const rows = [row(), row({ filename: 'night.png', mime: 'image/png', tags: [] })];
    const expected = mediaListResponseSchema.parse(rows.map((r) => toMediaAsset(r, signer)));
    expect(JSON.parse(serialize(rows))).toEqual(expected);
    // Served again from the kept pieces: the same bytes.
    expect(serialize(rows)).toBe(serialize(rows));
    expect(serialize([])).toBe('[]');
  });

  it('shows a changed asset at once (its updated_at moved)', () => {
    const serialize = createMediaListSerializer(signer);
    const before = row();
    expect(JSON.parse(serialize([before]))[0].lastRepostedAt).toBeNull();
    const reposted = {
      ...before,
      lastRepostedAt: new Date('2026-11-25T11:00:00Z'),
      updatedAt: new Date('2026-11-25T11:00:00Z'),
    };
    expect(JSON.parse(serialize([reposted]))[0].lastRepostedAt).toBe('2026-11-25T11:00:00.000Z');
  });

  it('signs fresh links once the expiry moves to its next step', () => {
    const serialize = createMediaListSerializer(signer);
    const asset = row();
    const first = JSON.parse(serialize([asset]))[0];
    clock.now += 3_600_000;
    const later = JSON.parse(serialize([asset]))[0];
    expect(Date.parse(later.urlsExpireAt)).toBeGreaterThan(Date.parse(first.urlsExpireAt));
    expect(later.signedUrl).not.toBe(first.signedUrl);
  });

  it('still checks every new piece against the contract', () => {
    const serialize = createMediaListSerializer(signer);
    expect(() => serialize([row({ bytes: -1 })])).toThrow();
  });

  it('keeps at most its capacity of pieces, and answers correctly beyond it', () => {
    const serialize = createMediaListSerializer(signer, 2);
    const rows = [row(), row(), row()];
    const expected = mediaListResponseSchema.parse(rows.map((r) => toMediaAsset(r, signer)));
    expect(JSON.parse(serialize(rows))).toEqual(expected);
    expect(JSON.parse(serialize(rows))).toEqual(expected);
  });
});
