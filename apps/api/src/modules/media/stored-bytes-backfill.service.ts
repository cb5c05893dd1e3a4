import type { FastifyBaseLogger } from 'fastify';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { Database } from '../../db/client.js';
import {
  type AssetToBackfill,
  listAssetsToBackfill,
  recordStoredBytes,
} from './stored-bytes-backfill.repo.js';

export interface BackfillSummary {
  /** Assets that had a thumbnail or protected copy counted as 0 bytes. */
  checked: number;
  thumbnails: number;
  protectedCopies: number;
  /** Files a row names but storage does not hold: nothing stored, so their 0 stays. */
  missing: number;
  /** Rows that changed while their file was measured; their new size is already right. */
  changed: number;
}

const defaultBatchSize = 200;
// Storage reads at once within a batch: enough to hide S3 latency, few enough to stay polite.
const concurrentAssets = 10;

/**
 * Works in batches in id order. No transaction is open while storage is read: each size is
 * recorded by its own compare-and-set update (recordStoredBytes).
 */
export async function backfillStoredBytes(
  {
    db,
    storage,
    signal,
    log,
  }: { db: Database; storage: MediaStorage; signal: AbortSignal; log: FastifyBaseLogger },
  { batchSize = defaultBatchSize }: { batchSize?: number } = {},
): Promise<BackfillSummary> {
  const summary: BackfillSummary = { checked: 0, thumbnails: 0, protectedCopies: 0, missing: 0, changed: 0 };
  let after: string | undefined;
  for (;;) {
    const batch = await listAssetsToBackfill(db, { after, limit: batchSize });
    if (batch.length === 0) break;
    after = batch.at(-1)!.id;
    for (let start = 0; start < batch.length; start += concurrentAssets) {
      signal.throwIfAborted();
      await Promise.all(batch.slice(start, start + concurrentAssets).map((asset) => backfillAsset(asset)));
    }
  }
  return summary;

  async function backfillAsset(asset: AssetToBackfill): Promise<void> {
    summary.checked++;
    if (asset.thumbnailKey && (await measure(asset.id, 'thumbnail', asset.thumbnailKey)))
      summary.thumbnails++;
    if (asset.protectedKey && (await measure(asset.id, 'protected', asset.protectedKey)))
      summary.protectedCopies++;
  }

  async function measure(id: string, file: 'thumbnail' | 'protected', key: string): Promise<boolean> {
    const bytes = await storage.size(key);
    if (bytes === null) {
      summary.missing++;
      log.warn({ assetId: id, key }, 'stored file missing: its size stays 0');
      return false;
    }
    if (bytes === 0) return false;
    if (await recordStoredBytes(db, id, file, key, bytes)) return true;
    summary.changed++;
    return false;
  }
}
