import { nextBestTime } from '@app/shared/best-times';
import {
  scheduleTexts,
  type OptimalTimeResponse,
  type ScheduledPost,
  type ScheduledPostListStatus,
  type UpdateScheduledPostRequest,
} from '@app/shared/posts';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import { spacingLimits, type Spacing } from '@app/shared/campaigns';
import type { CalendarResponse } from '@app/shared/posts-calendar';
import type { Database } from '../../db/client.js';
import type { ScheduledPostRow, UserRow } from '../../db/schema/index.js';
import { accountPostTimes, findOwnCampaign } from '../campaigns/campaigns.repo.js';
import { spacingProblem } from '../campaigns/spacing-problem.js';
import { AppError } from '../../lib/app-error.js';
import { mapPage, type Page, type PageRequest } from '../../lib/cursor-page.js';
import { bestTimesForUser } from '../communities/best-times.service.js';
import { recordPostVariants, withPostVariants, type PostVariants } from '../links/links.service.js';
import {
  deletePendingPost,
  findCommunity,
  findOwnPost,
  insertPost,
  listOwnPostsBetween,
  listOwnPostsPage,
  updatePendingPost,
} from './posts.repo.js';
import {
  preparePost,
  refuseBlocking,
  scheduledMessage,
  toScheduledPost,
  type PostInput,
  type PostsDependencies,
} from './posts.service.js';

/** A user's scheduled posts: what the routes under /api/posts do, the rules themselves being preparePost's. */

export async function scheduledPostsOf(
  deps: Pick<PostsDependencies, 'db'>,
  userId: string,
  query: PageRequest & { status?: ScheduledPostListStatus | undefined },
): Promise<Page<ScheduledPost>> {
  return mapPage(await listOwnPostsPage(deps.db, userId, query, query.status), toScheduledPost);
}

/** Checks, stores and wakes the sender when the post is due soon. Warnings go back with the post. */
export async function schedulePost(deps: PostsDependencies, user: UserRow, input: PostInput) {
  const prepared = await preparePost(deps, user, input);
  const { values, codes } = await withTrackedLinks(deps, user.id, prepared.values);
  const row = await deps.db.transaction(async (tx) => {
    const saved = await insertPost(tx, { userId: user.id, ...values });
    await recordPostVariants(tx, codes, saved);
    return saved;
  });
  await deps.wake(row.dueAt);
  return {
    message: scheduledMessage(row),
    post: toScheduledPost({ ...row, redditUsername: prepared.redditUsername }),
    warnings: prepared.check.problems.filter((problem) => problem.severity === 'warn'),
  };
}

/** The post's body and first comment with its own variant of each tracked link they carry. */
export async function withTrackedLinks<T extends { bodyFinal: string | null; firstComment: string | null }>(
  deps: Pick<PostsDependencies, 'links'>,
  userId: string,
  values: T,
): Promise<{ values: T; codes: PostVariants['codes'] }> {
  if (!deps.links) return { values, codes: [] };
  const variants = await withPostVariants(deps.links, userId, [values.bodyFinal, values.firstComment]);
  return {
    values: { ...values, bodyFinal: variants.texts[0] ?? null, firstComment: variants.texts[1] ?? null },
    codes: variants.codes,
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
      firstComment:
        changes.firstComment === undefined
          ? (existing.firstComment ?? undefined)
          : (changes.firstComment ?? undefined),
      firstCommentDelayMinutes: changes.firstCommentDelayMinutes ?? existing.firstCommentDelayMinutes,
    },
    { exceptPostId: existing.id, enforce: false },
  );
  const blocking = prepared.check.problems.filter((problem) => problem.severity === 'block');
  const spaced = keepsTime
    ? null
    : await spacingProblemOf(db, user.id, existing, prepared.values.scheduledAt);
  refuseBlocking(spaced ? [...blocking, spaced] : blocking);
  const { scheduledAt, dueAt, timing, ...rest } = prepared.values;
  const time = keepsTime
    ? { scheduledAt: existing.scheduledAt, dueAt: existing.dueAt, timing: existing.timing }
    : { scheduledAt, dueAt, timing };
  const updated = await updatePendingPost(db, user.id, existing.id, {
    ...rest,
    ...time,
    lastError: null,
    // A new time ends a wait for the server's Reddit allowance; the sender judges again when it is due.
    ...(keepsTime ? {} : { budgetWaitUntil: null }),
  });
  if (!updated) throw AppError.conflict(scheduleTexts.notPending, 'POST_NOT_PENDING');
  if (!keepsTime) await deps.wake(updated.dueAt);
  return {
    message: scheduleTexts.updated,
    post: toScheduledPost({ ...updated, redditUsername: existing.redditUsername }),
  };
}

/** Sent posts older than this no longer limit a new time (an hour is the longest spacing rule). */
const spacingLookBackMs = 24 * 3_600_000;

/**
 * Safe spacing for a moved post (docs/reddit-posting.md#safe-spacing): against the same Reddit
 * account's other waiting and recently sent posts, with its campaign's spacing or the defaults.
 */
async function spacingProblemOf(db: Database, userId: string, post: ScheduledPostRow, at: Date) {
  const campaign = post.campaignId ? await findOwnCampaign(db, userId, post.campaignId) : undefined;
  const spacing: Spacing = campaign
    ? { minGapMinutes: campaign.minGapMinutes, maxPerHour: campaign.maxPerHour }
    : { minGapMinutes: spacingLimits.minGapMinutes.default, maxPerHour: spacingLimits.maxPerHour.default };
  const others = await accountPostTimes(
    db,
    userId,
    post.redditAccountId ?? undefined,
    new Date(at.getTime() - spacingLookBackMs),
    [post.id],
  );
  // Only the account-wide rules are asked here: the subreddit's own limits are preparePost's.
  const pace = {
    key: post.subreddit.toLowerCase(),
    postingLimitPerDay: null,
    postingCooldownHours: null,
    bestPostingTimes: [],
  };
  return spacingProblem(at, pace, others, spacing);
}

/** GET /api/posts/calendar: the range is checked by the contract (at most calendarMaxDays). */
export async function calendarOf(
  deps: Pick<PostsDependencies, 'db'>,
  userId: string,
  query: { from: string; to: string },
): Promise<CalendarResponse> {
  const from = new Date(query.from);
  const to = new Date(query.to);
  const rows = await listOwnPostsBetween(deps.db, userId, from, to);
  return { from: from.toISOString(), to: to.toISOString(), posts: rows.map(toScheduledPost) };
}

export async function cancelScheduledPost(
  deps: Pick<PostsDependencies, 'db'> & { storage: Pick<MediaStorage, 'delete'> },
  userId: string,
  id: string,
) {
  const existing = await findOwnPost(deps.db, userId, id);
  if (!existing) throw AppError.notFound();
  const removed = await deletePendingPost(deps.db, userId, existing.id);
  if (!removed) throw AppError.conflict(scheduleTexts.notPending, 'POST_NOT_PENDING');
  // A campaign post's own protected copy goes with it (a copy made meanwhile is found by no row).
  if (removed.copyStorageKey) await deps.storage.delete(removed.copyStorageKey).catch(() => {});
  return { message: scheduleTexts.cancelled };
}

/** The next of her best times in the community (the communities page's three), or now when there are none. */
export async function optimalTimeFor(
  deps: Pick<PostsDependencies, 'db'>,
  userId: string,
  subreddit: string,
): Promise<OptimalTimeResponse> {
  const community = await findCommunity(deps.db, subreddit);
  if (!community) throw AppError.notFound(scheduleTexts.unknownSubreddit(subreddit));
  const best = await bestTimesForUser(deps.db, userId, community);
  const next = nextBestTime(best.times);
  return {
    subreddit: community.name,
    bestPostingTimes: best.times,
    scheduledAt: (next ?? new Date()).toISOString(),
    basis: next ? ('best_posting_times' as const) : ('no_data' as const),
    timesBasis: best.basis,
    ownPosts: best.ownPosts,
  };
}
