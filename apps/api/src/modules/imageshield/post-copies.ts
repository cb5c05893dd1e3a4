import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, lt, or, isNull, sql, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { watermarkIsForced } from '@app/shared/plans';
import { hashFromHex, hashToHex } from '../../adapters/image/perceptual-hash/hash-bits.js';
import { decodeForProtection, protectImage } from '../../adapters/image/protection/protect-image.js';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { Database } from '../../db/client.js';
import { scheduledPosts, type ScheduledPostRow } from '../../db/schema/index.js';
import { findUserById } from '../auth/user.repo.js';
import { findAssetById } from '../media/media.repo.js';
import { markCampaignCopy, settleCampaignCopy } from '../leaks/campaign-copy-mark.js';
import { readAll, storeCopy } from './imageshield.service.js';
import { watermarkTextForUser } from '../settings/settings.service.js';

/**
 * Each campaign post's own protected copy (docs/decisions/035-campaigns-and-spacing.md): made
 * ahead of time by a job, one post at a time, kept apart from the photo's other copies under
 * PDQ so no two crossposts share a fingerprint. The sender waits for it; a copy that cannot be
 * made fails its post with a reason instead of sending a shared one.
 */
export interface PostCopyDependencies {
  db: Database;
  storage: MediaStorage;
  tempDir: string;
  log?: FastifyBaseLogger;
  /** Told when a post's copy is ready: the sender, which skipped it meanwhile, may send it now. */
  onReady?: (post: ScheduledPostRow) => Promise<void>;
}

/** A claim older than this was lost with its process: another may take the post. */
const claimExpiryMinutes = 10;

async function claimNextCopy(db: Database): Promise<ScheduledPostRow | undefined> {
  const next = db
    .select({ id: scheduledPosts.id })
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.copyState, 'making'),
        eq(scheduledPosts.status, 'pending'),
        or(
          isNull(scheduledPosts.copyClaimedAt),
          lt(scheduledPosts.copyClaimedAt, sql`now() - make_interval(mins => ${claimExpiryMinutes})`),
        ),
      ),
    )
    .orderBy(scheduledPosts.scheduledAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(scheduledPosts)
    // To the millisecond: the claim is compared later with the value read back into a JS Date.
    .set({ copyClaimedAt: sql`date_trunc('milliseconds', clock_timestamp())` })
    .where(sql`${scheduledPosts.id} in (${next})`)
    .returning();
  return claimed;
}

/** The PDQ hashes the new copy must differ from: the photo's own copies and its other posts' copies. */
async function hashesToAvoid(db: Database, post: ScheduledPostRow, remembered: string[] | undefined) {
  const siblings = await db
    .select({ hash: scheduledPosts.copyPdqHash })
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.mediaAssetId, post.mediaAssetId!),
        isNotNull(scheduledPosts.copyPdqHash),
        ne(scheduledPosts.id, post.id),
      ),
    )
    .orderBy(sql`${scheduledPosts.createdAt} desc`)
    .limit(200);
  return [...(remembered ?? []), ...siblings.map((row) => row.hash!)].map((hex) => hashFromHex(hex, 32));
}

async function settle(
  db: Database,
  post: ScheduledPostRow,
  change: Partial<Pick<ScheduledPostRow, 'copyState' | 'copyStorageKey' | 'copyPdqHash'>>,
): Promise<boolean> {
  const rows = await db
    .update(scheduledPosts)
    .set({ ...change, copyClaimedAt: null })
    .where(
      and(
        eq(scheduledPosts.id, post.id),
        eq(scheduledPosts.copyState, 'making'),
        eq(scheduledPosts.copyClaimedAt, post.copyClaimedAt!),
      ),
    )
    .returning({ id: scheduledPosts.id });
  return rows.length > 0;
}

async function makeCopyFor(deps: PostCopyDependencies, post: ScheduledPostRow): Promise<void> {
  const asset = post.mediaAssetId ? await findAssetById(deps.db, post.mediaAssetId) : undefined;
  const user = await findUserById(deps.db, post.userId);
  if (!asset || !user) {
    await settle(deps.db, post, { copyState: 'failed' });
    return;
  }
  const original = await readAll(deps.storage, asset.storageKey);
  const source = await decodeForProtection(original);
  const earlierCopies = await hashesToAvoid(deps.db, post, asset.protectionReport?.copyPdqHashes);
  const watermarked = watermarkIsForced(user) || asset.protectionReport?.watermarked === true;
  const made = await protectImage(source, asset.protectionLevel ?? 'standard', {
    watermarkText: watermarked ? await watermarkTextForUser(deps.db, user) : undefined,
    earlierCopies,
  });
  // The post's own invisible mark and registry row (docs/leak-tracing.md).
  const { image, copy, hashes } = await markCampaignCopy(deps.db, post, asset, made);
  const key = `${post.userId}/${asset.id}/post-${post.id}-${randomBytes(4).toString('hex')}.${image.format === 'png' ? 'png' : 'jpg'}`;
  await storeCopy({ storage: deps.storage, tempDir: deps.tempDir }, key, image);
  const kept = await settle(deps.db, post, {
    copyState: 'ready',
    copyStorageKey: key,
    copyPdqHash: hashToHex(hashes.pdq.hash),
  });
  await settleCampaignCopy(deps.db, copy, kept ? { key, bytes: image.data.length } : null);
  // Cancelled meanwhile, or another process took the expired claim: nothing points at this file.
  if (!kept) await deps.storage.delete(key).catch(() => {});
  else await deps.onReady?.(post);
}

/**
 * Makes the copies that are waiting, oldest post time first, until none is left or `limit` were
 * made; answers how many it handled. One failing photo fails its own post only.
 */
export async function makeWaitingPostCopies(deps: PostCopyDependencies, limit = 20): Promise<number> {
  let handled = 0;
  while (handled < limit) {
    const post = await claimNextCopy(deps.db);
    if (!post) break;
    handled += 1;
    try {
      await makeCopyFor(deps, post);
    } catch (error) {
      deps.log?.warn({ err: error, postId: post.id }, 'could not make the protected copy of a campaign post');
      await settle(deps.db, post, { copyState: 'failed' }).catch(() => false);
    }
  }
  return handled;
}
