import { mediaErrors, mediaRestoreWindowSeconds, type StorageUsage } from '@app/shared/media';
import { storageQuotaBytes, storageQuotaFor } from '@app/shared/plans';
import type { Database } from '../../db/client.js';
import type { MediaAssetRow, UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { formatGigabytes } from './format-bytes.js';
import { restoreOwnAsset, softDeleteOwnAsset } from './media-trash.repo.js';
import { storageTotals } from './media.repo.js';

export async function storageUsageOf(db: Database, user: UserRow): Promise<StorageUsage> {
  const quotaBytes = storageQuotaFor(user);
  const { usedBytes, assetsCount } = await storageTotals(db, user.id);
  return {
    usedBytes,
    quotaBytes,
    assetsCount,
    usedPercentage: Math.round((usedBytes / quotaBytes) * 1000) / 10,
    proUpgrade: { quotaBytes: storageQuotaBytes.pro },
  };
}

/**
 * Delete is a soft delete (docs/decisions/025-soft-delete-and-undo.md): the asset leaves every list,
 * total and signed link at once, stays restorable for mediaRestoreWindowSeconds, and is purged with
 * its files afterwards (purgeDeletedMedia). Returns until when it can be restored.
 */
export async function deleteMedia(db: Database, userId: string, id: string, now = new Date()): Promise<Date> {
  const asset = await softDeleteOwnAsset(db, userId, id, now);
  if (!asset) throw AppError.notFound(mediaErrors.notFound);
  return new Date(now.getTime() + mediaRestoreWindowSeconds * 1000);
}

/** Undo: 404 for an asset the user does not have, 410 once the window is over. */
export async function restoreMedia(
  db: Database,
  user: UserRow,
  id: string,
  now = new Date(),
): Promise<MediaAssetRow> {
  const result = await restoreOwnAsset(db, user.id, id, restoreWindowStart(now));
  if (result === 'not-found') throw AppError.notFound(mediaErrors.notFound);
  if (result === 'expired')
    throw new AppError(410, mediaErrors.restoreExpired, mediaErrors.restoreExpiredCode);
  if ('refused' in result) {
    const quota = formatGigabytes(result.refused.quotaBytes);
    throw new AppError(409, mediaErrors.restoreQuotaExceeded(quota), mediaErrors.quotaCode);
  }
  return result.restored;
}

/** Assets deleted at or before this moment can no longer be restored, and may be purged. */
export function restoreWindowStart(now: Date): Date {
  return new Date(now.getTime() - mediaRestoreWindowSeconds * 1000);
}
