import { scheduleTexts, type OptimalTimeResponse, type UpdateScheduledPostRequest } from '@app/shared/posts';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { nextOptimalTime } from './optimal-time.js';
import {
  deletePendingPost,
  findCommunity,
  findOwnPost,
  insertPost,
  listOwnPosts,
  updatePendingPost,
} from './posts.repo.js';
import {
  preparePost,
  scheduledMessage,
  toScheduledPost,
  type PostInput,
  type PostsDependencies,
} from './posts.service.js';

/** A user's scheduled posts: what the routes under /api/posts do, the rules themselves being preparePost's. */

export async function scheduledPostsOf(deps: Pick<PostsDependencies, 'db'>, userId: string) {
  return (await listOwnPosts(deps.db, userId)).map(toScheduledPost);
}

/** Checks, stores and wakes the sender when the post is due soon. Warnings go back with the post. */
export async function schedulePost(deps: PostsDependencies, user: UserRow, input: PostInput) {
  const prepared = await preparePost(deps, user, input);
  const row = await insertPost(deps.db, { userId: user.id, ...prepared.values });
  await deps.wake(row.dueAt);
  return {
    message: scheduledMessage(row),
    post: toScheduledPost({ ...row, redditUsername: prepared.redditUsername }),
    warnings: prepared.check.problems.filter((problem) => problem.severity === 'warn'),
  };
}

/** Only a pending post nobody is sending can change; the changed post is checked again as a whole. */
export async function updateScheduledPost(
  deps: PostsDependencies,
  user: UserRow,
  id: string,
  changes: UpdateScheduledPostRequest,
) {
  const { db } = deps;
  const existing = await findOwnPost(db, user.id, id);
  if (!existing) throw AppError.notFound();
  if (existing.status !== 'pending' || existing.claimToken || existing.submitStartedAt) {
    throw AppError.conflict(scheduleTexts.notPending, 'POST_NOT_PENDING');
  }
  const keepsTime = changes.scheduledAt === undefined;
  const prepared = await preparePost(
    deps,
    user,
    {
      subreddit: changes.subreddit ?? existing.subreddit,
      title: changes.title ?? existing.titleFinal,
      body: changes.body === undefined ? (existing.bodyFinal ?? undefined) : (changes.body ?? undefined),
      // The kept time may now be minutes in the past; it still means "as planned".
      scheduledAt: keepsTime
        ? existing.scheduledAt.getTime() > Date.now()
          ? existing.scheduledAt.toISOString()
          : undefined
        : (changes.scheduledAt ?? undefined),
      timing: 'now',
      imageId: existing.mediaAssetId ?? undefined,
      redditAccountId: existing.redditAccountId ?? undefined,
      flairId:
        changes.flairId === undefined ? (existing.flairId ?? undefined) : (changes.flairId ?? undefined),
      flairText:
        changes.flairText === undefined
          ? (existing.flairText ?? undefined)
          : (changes.flairText ?? undefined),
      nsfw: existing.nsfw,
    },
    { exceptPostId: existing.id, enforce: true },
  );
  const { scheduledAt, dueAt, timing, ...rest } = prepared.values;
  const time = keepsTime
    ? { scheduledAt: existing.scheduledAt, dueAt: existing.dueAt, timing: existing.timing }
    : { scheduledAt, dueAt, timing };
  const updated = await updatePendingPost(db, user.id, existing.id, { ...rest, ...time, lastError: null });
  if (!updated) throw AppError.conflict(scheduleTexts.notPending, 'POST_NOT_PENDING');
  if (!keepsTime) await deps.wake(updated.dueAt);
  return {
    message: scheduleTexts.updated,
    post: toScheduledPost({ ...updated, redditUsername: existing.redditUsername }),
  };
}

export async function cancelScheduledPost(deps: Pick<PostsDependencies, 'db'>, userId: string, id: string) {
  const existing = await findOwnPost(deps.db, userId, id);
  if (!existing) throw AppError.notFound();
  if (!(await deletePendingPost(deps.db, userId, existing.id)))
    throw AppError.conflict(scheduleTexts.notPending, 'POST_NOT_PENDING');
  return { message: scheduleTexts.cancelled };
}

/** The next of the community's best posting times, or now when it has none. */
export async function optimalTimeFor(
  deps: Pick<PostsDependencies, 'db'>,
  subreddit: string,
): Promise<OptimalTimeResponse> {
  const community = await findCommunity(deps.db, subreddit);
  if (!community) throw AppError.notFound(scheduleTexts.unknownSubreddit(subreddit));
  const next = nextOptimalTime(community.bestPostingTimes);
  return {
    subreddit: community.name,
    bestPostingTimes: community.bestPostingTimes.slice(0, 3),
    scheduledAt: (next ?? new Date()).toISOString(),
    basis: next ? ('best_posting_times' as const) : ('no_data' as const),
  };
}
