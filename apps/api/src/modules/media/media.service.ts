import { mediaErrors, type StorageUsage } from '@app/shared/media';
import { storageQuotaBytes, storageQuotaFor } from '@app/shared/plans';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { storageKeysOf } from './media-asset.js';
import { deleteOwnAsset, findOwnAsset, storageTotals } from './media.repo.js';
import { storageUnavailable } from './media-errors.js';

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
 * Removes the files first (derived ones, then the original, then whatever else is left in the
 * asset's folder, such as the copy of a protection that lost a race) and the row last: if storage
 * fails half-way, the row is still there and deleting again finishes the job, so nothing is orphaned.
 */
export async function deleteMedia(
  db: Database,
  storage: MediaStorage,
  userId: string,
  id: string,
): Promise<void> {
  const asset = await findOwnAsset(db, userId, id);
  if (!asset) throw AppError.notFound(mediaErrors.notFound);
  try {
    for (const key of storageKeysOf(asset)) await storage.delete(key);
    await storage.deletePrefix(`${asset.userId}/${asset.id}/`);
  } catch (error) {
    throw storageUnavailable(error);
  }
  await deleteOwnAsset(db, userId, id);
}
