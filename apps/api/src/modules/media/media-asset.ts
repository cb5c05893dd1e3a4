import type { MediaAsset, ProtectionReport } from '@app/shared/media';
import type { MediaAssetRow } from '../../db/schema/index.js';
import type { StoredProtectionReport } from '../../db/schema/media.js';
import type { MediaUrlSigner } from './media-url-signer.js';

export function kindOf(mime: string): 'image' | 'video' {
  return mime.startsWith('video/') ? 'video' : 'image';
}

/** The API's view of a row: owner-only fields dropped, every file behind a fresh signed URL. */
export function toMediaAsset(row: MediaAssetRow, signer: MediaUrlSigner): MediaAsset {
  const original = signer.sign(row.id, 'original');
  const thumbnail = row.thumbnailKey ? signer.sign(row.id, 'thumbnail') : original;
  return {
    id: row.id,
    filename: row.filename,
    kind: kindOf(row.mime),
    type: row.mime,
    mime: row.mime,
    size: row.bytes,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    tags: row.tags,
    signedUrl: original.url,
    thumbnailUrl: thumbnail.url,
    downloadUrl: signer.sign(row.id, 'original', { download: true }).url,
    urlsExpireAt: original.expiresAt.toISOString(),
    hasWatermark: row.hasWatermark,
    visibility: row.visibility,
    protectionLevel: row.protectionLevel,
    isProtected: row.protectionLevel !== null && row.protectedStorageKey !== null,
    protectedUrl: row.protectedStorageKey ? protectedUrlOf(row.protectedStorageKey, row.id, signer) : null,
    protectionReport: publicReport(row.protectionReport),
    contentRating: row.contentRating,
    lastRepostedAt: row.lastRepostedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The stored report without what only the server uses. */
function publicReport(stored: StoredProtectionReport | null): ProtectionReport | null {
  if (!stored) return null;
  const { copyPdqHashes: _kept, ...report } = stored;
  return report;
}

/**
 * The protected copy's link. Its key changes with every protection, and `v` carries that change
 * into the URL, so a browser never shows a cached older copy under the same link.
 */
export function protectedUrlOf(protectedKey: string, assetId: string, signer: MediaUrlSigner): string {
  const version = protectedKey.slice(protectedKey.lastIndexOf('/') + 1).replace(/\.[a-z0-9]+$/, '');
  return `${signer.sign(assetId, 'protected').url}&v=${version}`;
}

/** Every stored file of an asset: the original and whatever was derived from it. */
export function storageKeysOf(
  row: Pick<MediaAssetRow, 'storageKey' | 'thumbnailKey' | 'protectedStorageKey'>,
): string[] {
  return [row.protectedStorageKey, row.thumbnailKey, row.storageKey].filter((key): key is string =>
    Boolean(key),
  );
}
