import type { FastifyBaseLogger } from 'fastify';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { Database } from '../../db/client.js';
import { storageKeysOf } from './media-asset.js';
import { deletePurgedRow, listAssetsToPurge } from './media-trash.repo.js';
import { restoreWindowStart } from './media.service.js';

export interface PurgeSummary {
  purged: number;
  /** Assets whose files storage refused to delete; they stay deleted and the next run tries again. */
  failed: number;
}

const batchSize = 100;

/**
 * Deletes for good what was deleted before the undo window: the files first (derived ones, the
 * original, then whatever else is left in the asset's folder, such as the copy of a protection
 * that lost a race) and the row last, so a storage failure leaves the row for the next run and
 * nothing is orphaned. A restore cannot race this: it is refused for the same rows (same window).
 */
export async function purgeDeletedMedia(
  deps: { db: Database; storage: MediaStorage; log: FastifyBaseLogger; signal?: AbortSignal },
  now = new Date(),
): Promise<PurgeSummary> {
  const { db, storage, log } = deps;
  const before = restoreWindowStart(now);
  const summary: PurgeSummary = { purged: 0, failed: 0 };
  const skipped = new Set<string>();
  for (;;) {
    const batch = (await listAssetsToPurge(db, before, batchSize + skipped.size)).filter(
      (a) => !skipped.has(a.id),
    );
    if (batch.length === 0) return summary;
    for (const asset of batch) {
      deps.signal?.throwIfAborted();
      try {
        for (const key of storageKeysOf(asset)) await storage.delete(key);
        await storage.deletePrefix(`${asset.userId}/${asset.id}/`);
      } catch (error) {
        log.warn({ err: error, assetId: asset.id }, 'purge: files not deleted, trying again next run');
        skipped.add(asset.id);
        summary.failed++;
        continue;
      }
      if (await deletePurgedRow(db, asset.id, before)) summary.purged++;
      else skipped.add(asset.id);
    }
  }
}
