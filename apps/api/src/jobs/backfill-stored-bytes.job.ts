import { z } from 'zod';
import {
  type AssetToBackfill,
  listAssetsToBackfill,
  recordStoredBytes,
} from './backfill-stored-bytes.repo.js';
import type { JobServices } from './job-services.js';
import { defineJob, type JobContext, type JobQueue, sendJob } from './queue.js';

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
 * Migration 0015 started counting thumbnails and protected copies toward the quota; rows stored
 * before it name those files with 0 bytes. This measures each such file once and records its size.
 * Idempotent (only rows still at 0 are read), so it is simply queued at every start-up.
 */
export const backfillStoredBytesJob = defineJob({
  id: 'media.backfill-stored-bytes',
  payload: z.strictObject({}),
  options: {
    // One run at a time across every process, and at most one more waiting.
    policy: 'stately',
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 2 * 60 * 60,
    pollingIntervalSeconds: 60,
  },
  handler: (_payload, deps: Pick<JobServices, 'db' | 'storage'> & JobContext) => backfillStoredBytes(deps),
});

/** Queued by startJobs; null when a backfill is already waiting. */
export function enqueueStoredBytesBackfill(queue: JobQueue) {
  return sendJob(queue, backfillStoredBytesJob, {});
}

/**
 * Works in batches in id order. No transaction is open while storage is read: each size is
 * recorded by its own compare-and-set update (recordStoredBytes).
 */
export async function backfillStoredBytes(
  { db, storage, signal, log }: Pick<JobServices, 'db' | 'storage'> & Pick<JobContext, 'signal' | 'log'>,
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
