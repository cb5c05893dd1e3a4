import { repostTexts } from '@app/shared/reposts';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { Database } from '../../db/client.js';
import type { ScheduledPostRow } from '../../db/schema/index.js';
import { stopSeries } from './reposts.repo.js';

/** Stopping a series, kept apart so the sender can stop one without the round-making code. */

export async function deleteCopies(storage: MediaStorage, removed: { copyStorageKey: string | null }[]) {
  for (const { copyStorageKey } of removed)
    if (copyStorageKey) await storage.delete(copyStorageKey).catch(() => {});
}

/** Stops an active series with the reason, removing its waiting posts and their copies. */
export async function stopWithReason(
  deps: { db: Database; storage: MediaStorage },
  id: string,
  reason: string,
): Promise<boolean> {
  const removed = await stopSeries(deps.db, id, reason);
  if (removed) await deleteCopies(deps.storage, removed);
  return removed !== null;
}

/** Reddit told the account to slow down on a series post: the series stops (called by the sender). */
export async function stopSeriesAfterRateLimit(
  deps: { db: Database; storage: MediaStorage },
  post: Pick<ScheduledPostRow, 'seriesId' | 'subreddit'>,
) {
  if (!post.seriesId) return;
  await stopWithReason(deps, post.seriesId, repostTexts.stoppedRateLimited(post.subreddit, new Date()));
}
