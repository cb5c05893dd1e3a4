import type { z } from 'zod';
import { repostTexts, type RepostSeries, type repostRequestSchema } from '@app/shared/reposts';
import { redditTexts } from '@app/shared/reddit';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { UserRow } from '../../db/schema/index.js';
import type { RepostFlair } from '../../db/schema/reddit.js';
import { AppError } from '../../lib/app-error.js';
import { findOwnCampaign, postsOfCampaigns } from '../campaigns/campaigns.repo.js';
import { findAccountById } from '../reddit/reddit-accounts.repo.js';
import { accountIfAny, type PostsDependencies } from '../posts/posts.service.js';
import {
  findOwnSeries,
  insertSeries,
  listOwnSeries,
  postsByIds,
  resumeSeries,
  stopSeries,
  type SeriesWithAccount,
} from './reposts.repo.js';
import { deleteCopies } from './reposts.stop.js';

export type RepostInput = z.output<typeof repostRequestSchema>;

export interface RepostDependencies extends PostsDependencies {
  storage: MediaStorage;
  /** Asks the copy job to make waiting protected copies now (its minute sweep makes them anyway). */
  makeCopies(): Promise<void>;
}

const dayMs = 86_400_000;

export function toSeries(row: SeriesWithAccount): RepostSeries {
  return {
    id: row.id,
    sourcePostId: row.sourcePostId,
    campaignId: row.campaignId,
    redditUsername: row.redditUsername,
    subreddits: row.subreddits,
    everyDays: row.everyDays,
    titles: row.titles,
    rounds: row.rounds,
    nextRunAt: row.nextRunAt.toISOString(),
    status: row.status,
    stoppedReason: row.stoppedReason,
    lastRoundNote: row.lastRoundNote,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What a series repeats: the photo(s), caption, account and where it went, from a post or a campaign. */
interface Source {
  sourcePostId: string | null;
  campaignId: string | null;
  redditAccountId: string | null;
  imageIds: string[];
  title: string;
  body: string | null;
  nsfw: boolean;
  subreddits: string[];
  flairs: Record<string, RepostFlair>;
  /** Subreddits (lower case) where its post was removed: never reposted to. */
  removed: Set<string>;
  /** When it last went (or goes) out: the first repost is everyDays after this. */
  lastAt: Date;
}

/** The flair each subreddit's post used: a subreddit that requires one gets it again each round. */
function flairsOf(
  posts: ReadonlyArray<{ subreddit: string; flairId: string | null; flairText: string | null }>,
): Record<string, RepostFlair> {
  const flairs: Record<string, RepostFlair> = {};
  for (const post of posts)
    if (post.flairId || post.flairText)
      flairs[post.subreddit.toLowerCase()] = { flairId: post.flairId, flairText: post.flairText };
  return flairs;
}

const removedIn = (posts: ReadonlyArray<{ subreddit: string; outcome: { removed: boolean } | null }>) =>
  new Set(posts.filter((post) => post.outcome?.removed).map((post) => post.subreddit.toLowerCase()));

async function sourceOf(db: PostsDependencies['db'], user: UserRow, input: RepostInput): Promise<Source> {
  if (Boolean(input.sourcePostId) === Boolean(input.campaignId))
    throw new AppError(422, repostTexts.needsSource, 'REPOST_SOURCE', { field: 'sourcePostId' });
  if (input.sourcePostId) {
    const [post] = await postsByIds(db, user.id, [input.sourcePostId]);
    if (!post) throw AppError.notFound(repostTexts.sourceNotFound);
    if (post.kind !== 'image' || !post.mediaAssetId)
      throw new AppError(422, repostTexts.sourceNeedsPhoto, 'REPOST_NEEDS_PHOTO', { field: 'sourcePostId' });
    if (post.status === 'failed')
      throw new AppError(422, repostTexts.sourceFailed, 'REPOST_SOURCE_FAILED', { field: 'sourcePostId' });
    return {
      sourcePostId: post.id,
      campaignId: null,
      redditAccountId: post.redditAccountId,
      imageIds: [post.mediaAssetId],
      title: post.titleFinal,
      body: post.bodyFinal,
      nsfw: post.nsfw,
      subreddits: [post.subreddit],
      flairs: flairsOf([post]),
      removed: removedIn([post]),
      lastAt: post.sentAt ?? post.scheduledAt,
    };
  }
  const campaign = await findOwnCampaign(db, user.id, input.campaignId!);
  if (!campaign) throw AppError.notFound(repostTexts.sourceNotFound);
  const posts = await postsOfCampaigns(db, user.id, [campaign.id]);
  const photos = campaign.imageIds.length
    ? campaign.imageIds
    : [...new Set(posts.flatMap((post) => (post.mediaAssetId ? [post.mediaAssetId] : [])))];
  if (photos.length === 0)
    throw new AppError(422, repostTexts.sourceNeedsPhoto, 'REPOST_NEEDS_PHOTO', { field: 'campaignId' });
  const times = posts.map((post) => (post.sentAt ?? post.scheduledAt).getTime());
  return {
    sourcePostId: null,
    campaignId: campaign.id,
    redditAccountId: campaign.redditAccountId,
    imageIds: photos,
    title: campaign.title,
    body: campaign.body,
    nsfw: posts.some((post) => post.nsfw),
    subreddits: [...new Set(posts.map((post) => post.subreddit))],
    flairs: flairsOf(posts),
    removed: removedIn(posts),
    lastAt: new Date(Math.max(Date.now(), ...times)),
  };
}

function checkSubreddits(names: readonly string[]) {
  if (names.length === 0) throw new AppError(422, repostTexts.noSubreddits, 'REPOST_NO_SUBREDDITS');
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (seen.has(key))
      throw new AppError(422, repostTexts.duplicateSubreddit(name), 'DUPLICATE_TARGET', {
        field: 'subreddits',
      });
    seen.add(key);
  }
}

/**
 * POST /api/reposts: a series from a post or a campaign. Nothing is posted now; the first round is
 * made everyDays after the source last went out, by the repost sweep (reposts.rounds.ts).
 */
export async function createSeries(deps: RepostDependencies, user: UserRow, input: RepostInput) {
  const source = await sourceOf(deps.db, user, input);
  const subreddits =
    input.subreddits ?? source.subreddits.filter((name) => !source.removed.has(name.toLowerCase()));
  checkSubreddits(subreddits);
  const removed = subreddits.find((name) => source.removed.has(name.toLowerCase()));
  if (removed)
    throw new AppError(422, repostTexts.sourceRemoved(removed), 'REPOST_REMOVED_THERE', {
      field: 'subreddits',
    });
  const account =
    (source.redditAccountId ? await findAccountById(deps.db, source.redditAccountId) : undefined) ??
    (await accountIfAny(deps.db, user, undefined));
  if (!account) throw new AppError(409, redditTexts.noAccount, 'REDDIT_ACCOUNT_REQUIRED');
  const start = Math.max(Date.now(), source.lastAt.getTime());
  const row = await insertSeries(deps.db, {
    userId: user.id,
    redditAccountId: account.id,
    sourcePostId: source.sourcePostId,
    campaignId: source.campaignId,
    imageIds: source.imageIds,
    body: source.body,
    nsfw: source.nsfw,
    subreddits,
    flairs: source.flairs,
    everyDays: input.everyDays,
    titles: input.titles ?? [source.title],
    nextRunAt: new Date(start + input.everyDays * dayMs),
  });
  return {
    message: repostTexts.created(input.everyDays, subreddits.length),
    series: toSeries({ ...row, redditUsername: account.username }),
  };
}

export async function listSeries(deps: Pick<PostsDependencies, 'db'>, userId: string) {
  return (await listOwnSeries(deps.db, userId)).map(toSeries);
}

async function ownSeries(deps: Pick<PostsDependencies, 'db'>, userId: string, id: string) {
  const series = await findOwnSeries(deps.db, userId, id);
  if (!series) throw AppError.notFound(repostTexts.notFound);
  return series;
}

/** Removes the waiting posts (and their copies); sent ones stay on Reddit and in the history. */
export async function stopSeriesFor(
  deps: Pick<RepostDependencies, 'db' | 'storage'>,
  userId: string,
  id: string,
) {
  await ownSeries(deps, userId, id);
  const removed = await stopSeries(deps.db, id, repostTexts.stoppedByYou, userId);
  if (!removed) throw AppError.conflict(repostTexts.alreadyStopped, 'REPOST_STOPPED');
  await deleteCopies(deps.storage, removed);
  return { message: repostTexts.stopped, series: toSeries(await ownSeries(deps, userId, id)) };
}

/** Active again; a run time that passed while stopped becomes now (the sweep makes the round). */
export async function resumeSeriesFor(deps: Pick<PostsDependencies, 'db'>, userId: string, id: string) {
  const series = await ownSeries(deps, userId, id);
  if (series.status === 'active') throw AppError.conflict(repostTexts.alreadyActive, 'REPOST_ACTIVE');
  if (!series.redditAccountId) throw new AppError(409, repostTexts.noAccount, 'REDDIT_ACCOUNT_REQUIRED');
  const next = new Date(Math.max(Date.now(), series.nextRunAt.getTime()));
  if (!(await resumeSeries(deps.db, userId, id, next)))
    throw AppError.conflict(repostTexts.alreadyActive, 'REPOST_ACTIVE');
  return { message: repostTexts.resumed, series: toSeries(await ownSeries(deps, userId, id)) };
}
