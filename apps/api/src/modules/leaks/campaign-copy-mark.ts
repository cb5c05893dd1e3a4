import type { ProtectionResult } from '../../adapters/image/protection/protect-image.js';
import type { Database } from '../../db/client.js';
import type { ImageCopyRow, MediaAssetRow, ScheduledPostRow } from '../../db/schema/index.js';
import { findAccountById } from '../reddit/reddit-accounts.repo.js';
import { markPostCopy, type MarkedCopy } from './copy-registry.js';
import { deleteCopyOfGonePost, updateCopy } from './copy-registry.repo.js';

/**
 * The campaign copy job's side of the registry (post-copies.ts): a campaign or repost post's own
 * copy gets the post's mark before it is stored. The row learns the file only once the post keeps
 * it, so two makers of one post (an expired claim) never leave it pointing at the loser's file.
 */
export async function markCampaignCopy(
  db: Database,
  post: ScheduledPostRow,
  asset: MediaAssetRow,
  made: Pick<ProtectionResult, 'image' | 'originalHashes'>,
): Promise<MarkedCopy> {
  const account = post.redditAccountId ? await findAccountById(db, post.redditAccountId) : undefined;
  return markPostCopy(db, made.image, {
    userId: post.userId,
    mediaAssetId: asset.id,
    kind: 'post',
    protectionLevel: asset.protectionLevel ?? 'standard',
    originalHashes: made.originalHashes,
    postId: post.id,
    subreddit: post.subreddit,
    redditUsername: account?.username ?? null,
    campaignId: post.campaignId,
  });
}

/** Kept: the row points at the stored file. Not kept: a deleted post's row goes (the copy never left). */
export async function settleCampaignCopy(
  db: Database,
  copy: Pick<ImageCopyRow, 'id'>,
  kept: { key: string; bytes: number } | null,
): Promise<void> {
  if (kept) await updateCopy(db, copy.id, { storageKey: kept.key, bytes: kept.bytes });
  else await deleteCopyOfGonePost(db, copy.id).catch(() => {});
}
