import type { FastifyBaseLogger } from 'fastify';
import { spacingLimits } from '@app/shared/campaigns';
import { repostTexts } from '@app/shared/reposts';
import type { NewScheduledPostRow, RepostSeriesRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { findUserById } from '../auth/user.repo.js';
import { accountPostTimes } from '../campaigns/campaigns.repo.js';
import { earliestSafeTime, type PlacedPost } from '../campaigns/spacing.js';
import { findOwnAsset } from '../media/media.repo.js';
import { findCommunity } from '../posts/posts.repo.js';
import { assessPost } from '../posts/posts.service.js';
import { findAccountById } from '../reddit/reddit-accounts.repo.js';
import {
  claimRound,
  dueSeries,
  removedSeriesPosts,
  saveRound,
  seriesWithoutAccount,
} from './reposts.repo.js';
import type { RepostDependencies } from './reposts.service.js';
import { stopWithReason } from './reposts.stop.js';

/**
 * The repost sweep's work (jobs/reposts.job.ts), every minute: first the series that must stop by
 * themselves (a post removed, the account gone), then a round for each series that is due.
 */
export type RoundDependencies = Omit<RepostDependencies, 'posting'> &
  Partial<Pick<RepostDependencies, 'posting'>> & { log?: FastifyBaseLogger };

const dayMs = 86_400_000;
/** As campaigns look back: a subreddit's daily limit is the longest rule spacing knows. */
const lookBackMs = 7 * dayMs;

const stop = stopWithReason;

/** Stops active series whose account is gone or whose post in one of its subreddits was removed. */
export async function stopFinishedSeries(deps: RoundDependencies): Promise<number> {
  let stopped = 0;
  for (const { id } of await seriesWithoutAccount(deps.db))
    if (await stop(deps, id, repostTexts.stoppedAccountGone)) stopped++;
  const done = new Set<string>();
  for (const post of await removedSeriesPosts(deps.db)) {
    if (done.has(post.seriesId) || !post.outcome) continue;
    const inSeries = post.seriesSubreddits.some(
      (name) => name.toLowerCase() === post.subreddit.toLowerCase(),
    );
    if (!inSeries) continue;
    done.add(post.seriesId);
    const reason = repostTexts.stoppedRemoved(
      post.subreddit,
      new Date(post.outcome.checkedAt),
      post.outcome.removedBy,
    );
    if (await stop(deps, post.seriesId, reason)) stopped++;
  }
  return stopped;
}

const pick = <T>(list: readonly T[], round: number, index: number) => list[(round + index) % list.length]!;

/**
 * One round: a post per subreddit, each at the earliest time that keeps the account safely spaced
 * around its other posts, with the next title (and photo) in turn and a fresh protected copy
 * ('making'), checked by the same rules as a single post. A subreddit that now refuses the post
 * is left out of this round and named in lastRoundNote.
 */
async function makeRound(deps: RoundDependencies, series: RepostSeriesRow, now: Date) {
  const account = series.redditAccountId ? await findAccountById(deps.db, series.redditAccountId) : undefined;
  const user = await findUserById(deps.db, series.userId);
  if (!account || !user) {
    await stop(deps, series.id, repostTexts.stoppedAccountGone);
    return [];
  }
  for (const imageId of series.imageIds)
    if (!(await findOwnAsset(deps.db, user.id, imageId))) {
      await stop(deps, series.id, repostTexts.stoppedPhotoGone);
      return [];
    }
  const placed: PlacedPost[] = await accountPostTimes(
    deps.db,
    user.id,
    account.id,
    new Date(now.getTime() - lookBackMs),
  );
  const spacing = {
    minGapMinutes: spacingLimits.minGapMinutes.default,
    maxPerHour: spacingLimits.maxPerHour.default,
  };
  const posts: NewScheduledPostRow[] = [];
  const skipped: string[] = [];
  const postsDeps = { db: deps.db, posting: deps.posting, wake: deps.wake };
  for (const [index, name] of series.subreddits.entries()) {
    const community = await findCommunity(deps.db, name);
    const subreddit = community?.name ?? name;
    const pace = {
      key: subreddit.toLowerCase(),
      postingLimitPerDay: community?.postingLimitPerDay ?? null,
      postingCooldownHours: community?.postingCooldownHours ?? null,
      bestPostingTimes: community?.bestPostingTimes ?? [],
    };
    const flair = series.flairs[pace.key];
    const at = earliestSafeTime(now, pace, placed, spacing, false);
    const title = pick(series.titles, series.rounds, index);
    const imageId = pick(series.imageIds, series.rounds, index);
    if (!at) {
      skipped.push(subreddit);
      continue;
    }
    try {
      const assessment = await assessPost(
        postsDeps,
        user,
        {
          subreddit,
          title,
          body: series.body ?? undefined,
          scheduledAt: at.toISOString(),
          timing: 'now',
          imageId,
          flairId: flair?.flairId ?? undefined,
          flairText: flair?.flairText ?? undefined,
        },
        account,
        undefined,
      );
      if (assessment.blocking.length > 0) {
        skipped.push(subreddit);
        continue;
      }
    } catch (error) {
      // A subreddit gone private or unknown is this round's gap, not the series' end.
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      skipped.push(subreddit);
      continue;
    }
    placed.push({ subredditKey: pace.key, at });
    posts.push({
      userId: user.id,
      redditAccountId: account.id,
      seriesId: series.id,
      mediaAssetId: imageId,
      kind: 'image',
      subreddit,
      titleFinal: title,
      bodyFinal: series.body,
      scheduledAt: at,
      dueAt: at,
      timing: 'custom',
      flairId: flair?.flairId ?? null,
      flairText: flair?.flairText ?? null,
      nsfw: series.nsfw || community?.over18 === true,
      copyState: 'making',
    });
  }
  const note = skipped.length ? repostTexts.skipped(skipped) : null;
  return saveRound(deps.db, series.id, posts, new Date(now.getTime() + series.everyDays * dayMs), note);
}

/** Every due series gets one round, made by whichever process claims it (claimRound). */
export async function makeDueRounds(deps: RoundDependencies, now = new Date()): Promise<number> {
  let made = 0;
  let soonest: Date | undefined;
  for (const due of await dueSeries(deps.db, now)) {
    const claimed = await claimRound(deps.db, due);
    if (!claimed) continue;
    try {
      const posts = await makeRound(deps, { ...claimed, nextRunAt: due.nextRunAt }, now);
      made++;
      for (const post of posts) if (!soonest || post.dueAt < soonest) soonest = post.dueAt;
    } catch (error) {
      // Left claimed: after the lease another run makes the round.
      deps.log?.warn({ seriesId: due.id, err: error }, 'could not make a repost round; trying later');
    }
  }
  if (soonest) {
    await deps.makeCopies();
    await deps.wake(soonest);
  }
  return made;
}
