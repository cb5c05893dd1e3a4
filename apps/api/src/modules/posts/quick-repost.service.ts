import type { QuickRepostRequest, QuickRepostResponse } from '@app/shared/reddit';
import { redditTexts } from '@app/shared/reddit';
import { and, eq } from 'drizzle-orm';
import { mediaAssets, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { protectAsset, type ImageshieldDependencies } from '../imageshield/imageshield.service.js';
import { kindOf } from '../media/media-asset.js';
import { findOwnAsset } from '../media/media.repo.js';
import { insertPost, latestPostOfAsset } from './posts.repo.js';
import { preparePost, type PostsDependencies } from './posts.service.js';

/**
 * docs/product.md#reddit-posting quick repost: the photo goes out again now, as a fresh protected copy that matches none
 * of its earlier copies under PDQ (so repost detectors do not flag it), to the subreddit and title
 * of its latest post unless others are given. Rules are checked before the (slower) protection runs.
 */
export async function quickRepost(
  deps: PostsDependencies & { imageshield: ImageshieldDependencies },
  user: UserRow,
  request: QuickRepostRequest,
): Promise<QuickRepostResponse> {
  const asset = await findOwnAsset(deps.db, user.id, request.imageId);
  if (!asset) throw AppError.notFound('That photo is not in your gallery (it may have been deleted).');
  if (kindOf(asset.mime) !== 'image') throw new AppError(422, redditTexts.onlyImagesRepost, 'IMAGE_REQUIRED');
  const earlier = await latestPostOfAsset(deps.db, user.id, asset.id);
  const subreddit = request.subreddit ?? earlier?.subreddit;
  const title = request.title ?? earlier?.titleFinal;
  if (!subreddit || !title)
    throw new AppError(422, redditTexts.repostNeedsSubreddit, 'REPOST_NEEDS_SUBREDDIT', {
      field: 'subreddit',
    });

  const prepared = await preparePost(deps, user, {
    subreddit,
    title,
    timing: 'now',
    imageId: asset.id,
    redditAccountId: request.redditAccountId ?? earlier?.redditAccountId ?? undefined,
    flairId: earlier?.flairId ?? undefined,
    flairText: earlier?.flairText ?? undefined,
    nsfw: earlier?.nsfw,
  });
  const protectedCopy = await protectAsset(deps.imageshield, user, asset.id, {
    protectionLevel: asset.protectionLevel ?? 'standard',
    watermark: asset.protectionReport?.watermarked ?? false,
  });
  const repostedAt = new Date();
  const post = await insertPost(deps.db, { userId: user.id, ...prepared.values });
  await deps.db
    .update(mediaAssets)
    .set({ lastRepostedAt: repostedAt })
    .where(and(eq(mediaAssets.id, asset.id), eq(mediaAssets.userId, user.id)));
  await deps.wake(post.dueAt);
  return {
    message: redditTexts.repostQueued,
    repostedAt: repostedAt.toISOString(),
    postId: post.id,
    subreddit: post.subreddit,
    scheduledAt: post.scheduledAt.toISOString(),
    protectedUrl: protectedCopy.protectedUrl,
  };
}
