import { bestTimesFor } from '@app/shared/best-times';
import {
  campaignTexts,
  type Campaign,
  type CampaignDetail,
  type CampaignPlanResponse,
  type CampaignRow as PlannedRow,
} from '@app/shared/campaigns';
import { campaignSubredditLimitFor } from '@app/shared/plans';
import type { PostProblem } from '@app/shared/posts';
import { defaultFirstCommentDelayMinutes } from '@app/shared/posts-first-comment';
import type { z } from 'zod';
import type { campaignRequestSchema } from '@app/shared/campaigns';
import type { CampaignRow, CommunityRow, RedditAccountRow, UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { findOwnAsset } from '../media/media.repo.js';
import { kindOf } from '../media/media-asset.js';
import { findCommunity } from '../posts/posts.repo.js';
import { ownPostingHours, type OwnHours } from '../communities/best-times.repo.js';
import {
  accountFor,
  accountIfAny,
  assessPost,
  resolveSendTime,
  toScheduledPost,
  type PostsDependencies,
} from '../posts/posts.service.js';
import { withTrackedLinks } from '../posts/scheduled-posts.service.js';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import { fitTitleToSubreddit } from './campaign-titles.js';
import {
  accountPostTimes,
  deleteWaitingCampaignPosts,
  findOwnCampaign,
  insertCampaign,
  listOwnCampaigns,
  moveCampaignPost,
  postsOfCampaigns,
  setCampaignPostsPaused,
  setCampaignStatus,
  type CampaignPostRow,
} from './campaigns.repo.js';
import { planTimes, type SubredditPace } from './spacing.js';
import { blockingProblem as problem, spacingProblem } from './spacing-problem.js';

export type CampaignInput = z.output<typeof campaignRequestSchema>;

export interface CampaignDependencies extends PostsDependencies {
  storage: MediaStorage;
  /** Asks a job to make the waiting protected copies now (the job also sweeps every minute). */
  makeCopies(): Promise<void>;
}

/** Posts sent longer ago than this no longer limit new ones (a subreddit's daily limit is the longest rule). */
const lookBackMs = 7 * 24 * 3_600_000;
/** Checks run a few at a time: each may ask Reddit for the subreddit's live requirements. */
const checkConcurrency = 5;

/** `work` on every item, at most `limit` at a time, results in the items' order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  });
  await Promise.all(workers);
  return results;
}

/** A subreddit's limits, and its best times for her: the same three the communities page shows her. */
const paceOf = (name: string, community: CommunityRow | undefined, own: OwnHours): SubredditPace => ({
  key: name.toLowerCase(),
  postingLimitPerDay: community?.postingLimitPerDay ?? null,
  postingCooldownHours: community?.postingCooldownHours ?? null,
  bestPostingTimes: bestTimesFor(community?.bestPostingTimes ?? [], own.get(name.toLowerCase()) ?? []).times,
});

async function checkImages(deps: PostsDependencies, user: UserRow, ids: readonly string[]) {
  for (const id of ids) {
    const asset = await findOwnAsset(deps.db, user.id, id);
    if (!asset)
      throw AppError.notFound(
        'A campaign photo is not in your gallery (it may have been deleted). Pick it again.',
      );
    if (kindOf(asset.mime) !== 'image')
      throw new AppError(422, 'Only photos can go into a campaign, not videos.', 'IMAGE_REQUIRED', {
        field: 'imageIds',
      });
  }
}

function refuseBadTargets(user: UserRow, input: CampaignInput) {
  const limit = campaignSubredditLimitFor(user);
  if (input.targets.length > limit)
    throw new AppError(403, campaignTexts.planLimit(limit), 'PLAN_LIMIT', { field: 'targets' });
  const seen = new Set<string>();
  for (const target of input.targets) {
    const key = target.subreddit.toLowerCase();
    if (seen.has(key))
      throw new AppError(422, campaignTexts.duplicateTarget(target.subreddit), 'DUPLICATE_TARGET', {
        field: 'targets',
      });
    seen.add(key);
    if (target.imageId && !input.imageIds.includes(target.imageId))
      throw new AppError(422, campaignTexts.imageNotInSet, 'IMAGE_NOT_IN_SET', { field: 'targets' });
  }
}

interface Plan {
  rows: PlannedRow[];
  account: RedditAccountRow | undefined;
}

/**
 * Every target fitted, timed and checked, nothing saved: titles fitted to each subreddit's rules,
 * times spread around the account's other posts, and each post run through the same checks as a
 * single post (assessPost) plus the spacing between the campaign's own posts.
 */
async function planRows(
  deps: PostsDependencies,
  user: UserRow,
  input: CampaignInput,
  account: RedditAccountRow | undefined,
): Promise<Plan> {
  refuseBadTargets(user, input);
  await checkImages(deps, user, input.imageIds);
  const now = new Date();
  const startAt = input.startAt ? resolveSendTime(input.startAt, 'now', [], now).at : now;
  const communities = await Promise.all(
    input.targets.map((target) => findCommunity(deps.db, target.subreddit)),
  );
  // Times the creator saw on the plan are kept; if the earliest has passed meanwhile (she read the
  // plan for a while), all of them move later together, so the spacing she confirmed still holds.
  const given = input.targets.map((target) => (target.scheduledAt ? Date.parse(target.scheduledAt) : null));
  const earliestGiven = Math.min(...given.filter((t): t is number => t !== null));
  const lateBy = Number.isFinite(earliestGiven) ? Math.max(0, now.getTime() - earliestGiven) : 0;
  const fixedTimes = given.map((t) =>
    t === null ? undefined : resolveSendTime(new Date(t + lateBy).toISOString(), 'now', [], now).at,
  );
  const existing = await accountPostTimes(
    deps.db,
    user.id,
    account?.id,
    new Date(now.getTime() - lookBackMs),
  );
  const own: OwnHours = input.timing === 'best' ? await ownPostingHours(deps.db, user.id) : new Map();
  const paces = input.targets.map((target, index) =>
    paceOf(communities[index]?.name ?? target.subreddit, communities[index], own),
  );
  const times = planTimes(
    paces.map((pace, index) => ({ pace, fixedAt: fixedTimes[index] })),
    existing,
    startAt,
    input.spacing,
    input.timing === 'best',
  );
  const rows = await mapLimited(
    input.targets,
    checkConcurrency,
    async (target, index): Promise<PlannedRow> => {
      const community = communities[index];
      const subreddit = community?.name ?? target.subreddit;
      const fitted = target.title
        ? { title: target.title, adjustments: [] }
        : fitTitleToSubreddit(input.title, community);
      const imageId = target.imageId ?? input.imageIds[index % Math.max(1, input.imageIds.length)] ?? null;
      const firstComment = (target.firstComment ?? input.firstComment ?? '').trim() || null;
      const at = times[index];
      const base = {
        subreddit,
        title: fitted.title,
        imageId,
        flairId: target.flairId ?? null,
        flairText: target.flairText ?? null,
        nsfw: target.nsfw ?? community?.over18 ?? true,
        spoiler: target.spoiler ?? false,
        scheduledAt: (at ?? startAt).toISOString(),
        firstComment,
        adjustments: fitted.adjustments,
        over18: community?.over18 ?? null,
      };
      const others = [
        ...existing,
        ...times.flatMap((time, other) =>
          time && other !== index ? [{ subredditKey: paces[other]!.key, at: time }] : [],
        ),
      ];
      // A row refused before Reddit was asked: one problem, nothing checked live.
      const refused = (rowProblem: PostProblem): PlannedRow => ({
        ...base,
        ok: false,
        problems: [rowProblem],
        checkedLive: false,
        flairRequired: false,
        flairs: [],
      });
      if (!at) return refused(problem('no_slot', campaignTexts.noSlot, null));
      try {
        const assessment = await assessPost(
          deps,
          user,
          {
            subreddit,
            title: fitted.title,
            body: input.body,
            scheduledAt: at.toISOString(),
            timing: 'now',
            imageId: imageId ?? undefined,
            flairId: target.flairId,
            flairText: target.flairText,
            firstComment: firstComment ?? undefined,
          },
          account,
          undefined,
        );
        const spaced = fixedTimes[index] ? spacingProblem(at, paces[index]!, others, input.spacing) : null;
        const problems = spaced ? [...assessment.problems, spaced] : assessment.problems;
        return {
          ...base,
          // An explicit photo always goes out marked NSFW (docs/decisions/037-photo-content-rating.md).
          nsfw: assessment.image?.contentRating === 'explicit' || base.nsfw,
          ok: problems.every((p) => p.severity !== 'block'),
          problems,
          checkedLive: assessment.live.checkedLive,
          flairRequired: assessment.live.flairRequired,
          flairs: assessment.live.flairs,
        };
      } catch (error) {
        // A subreddit we do not know or Reddit does not show is this row's problem, not the campaign's.
        if (!(error instanceof AppError) || error.statusCode !== 422) throw error;
        return refused(problem('subreddit_unknown', error.message, campaignTexts.unknownFix));
      }
    },
  );
  return { rows, account };
}

/** POST /api/campaigns/plan: the rows the creator checks before confirming; works without an account. */
export async function planCampaign(
  deps: PostsDependencies,
  user: UserRow,
  input: CampaignInput,
): Promise<CampaignPlanResponse> {
  const account = await accountIfAny(deps.db, user, input.redditAccountId);
  const { rows } = await planRows(deps, user, input, account);
  return {
    message: campaignTexts.planned(rows.length),
    ok: rows.every((row) => row.ok),
    rows,
    spacing: input.spacing,
    redditUsername: account?.username ?? null,
  };
}

function toCampaign(
  campaign: CampaignRow & { redditUsername: string | null },
  posts: CampaignPostRow[],
): Campaign {
  const count = (test: (post: CampaignPostRow) => boolean) => posts.filter(test).length;
  const pending = count((post) => post.status === 'pending');
  const times = posts.map((post) => post.scheduledAt.getTime());
  return {
    id: campaign.id,
    name: campaign.name,
    title: campaign.title,
    status: campaign.status === 'active' && pending === 0 && posts.length > 0 ? 'done' : campaign.status,
    timing: campaign.timing,
    spacing: { minGapMinutes: campaign.minGapMinutes, maxPerHour: campaign.maxPerHour },
    redditUsername: campaign.redditUsername,
    createdAt: campaign.createdAt.toISOString(),
    counts: {
      pending,
      sent: count((post) => post.status === 'sent'),
      failed: count((post) => post.status === 'failed'),
    },
    copies: {
      making: count((post) => post.copyState === 'making'),
      ready: count((post) => post.copyState === 'ready'),
      failed: count((post) => post.copyState === 'failed'),
    },
    subreddits: [...new Set(posts.map((post) => post.subreddit))],
    firstAt: times.length ? new Date(Math.min(...times)).toISOString() : null,
    lastAt: times.length ? new Date(Math.max(...times)).toISOString() : null,
  };
}

function toDetail(
  campaign: CampaignRow & { redditUsername: string | null },
  posts: CampaignPostRow[],
): CampaignDetail {
  return {
    ...toCampaign(campaign, posts),
    posts: posts.map((post) => ({
      ...toScheduledPost(post),
      nsfw: post.nsfw,
      spoiler: post.spoiler,
      copyState: post.copyState,
    })),
  };
}

async function detailOf(
  deps: Pick<PostsDependencies, 'db'>,
  userId: string,
  id: string,
): Promise<CampaignDetail> {
  const campaign = await findOwnCampaign(deps.db, userId, id);
  if (!campaign) throw AppError.notFound(campaignTexts.notFound);
  return toDetail(campaign, await postsOfCampaigns(deps.db, userId, [campaign.id]));
}

const defaultName = (input: CampaignInput) => {
  const name = input.name?.trim();
  if (name) return name;
  const words = input.title.replace(/\s+/g, ' ').trim();
  return words.length <= 60 ? words : `${words.slice(0, 59).trimEnd()}…`;
};

/**
 * POST /api/campaigns: planned again as a whole (the creator's times and titles kept), refused
 * with the count of rows that have blocking problems, else saved with all its posts in one
 * transaction. Photo posts wait for their own protected copies, which a job makes next.
 */
export async function createCampaign(deps: CampaignDependencies, user: UserRow, input: CampaignInput) {
  const account = await accountFor(deps.db, user, input.redditAccountId);
  const { rows } = await planRows(deps, user, input, account);
  const blocked = rows.filter((row) => !row.ok);
  if (blocked.length > 0)
    throw new AppError(422, campaignTexts.rowsHaveProblems(blocked.length), 'CAMPAIGN_HAS_PROBLEMS', {
      field: 'targets',
    });
  // Each post carries its own variant of the creator's tracked links (docs/tracked-links.md).
  const posts = await Promise.all(
    rows.map((row) => {
      const at = new Date(row.scheduledAt);
      return withTrackedLinks(deps, user.id, {
        userId: user.id,
        redditAccountId: account.id,
        mediaAssetId: row.imageId,
        kind: row.imageId ? ('image' as const) : ('self' as const),
        subreddit: row.subreddit,
        titleFinal: row.title,
        bodyFinal: input.body ?? null,
        scheduledAt: at,
        dueAt: at,
        timing: 'custom' as const,
        flairId: row.flairId,
        flairText: row.flairText,
        nsfw: row.nsfw,
        spoiler: row.spoiler,
        copyState: row.imageId ? ('making' as const) : null,
        firstComment: row.firstComment,
        firstCommentDelayMinutes: input.firstCommentDelayMinutes ?? defaultFirstCommentDelayMinutes,
        firstCommentStatus: row.firstComment ? ('pending' as const) : null,
      });
    }),
  );
  const saved = await insertCampaign(
    deps.db,
    {
      userId: user.id,
      name: defaultName(input),
      title: input.title,
      body: input.body ?? null,
      imageIds: input.imageIds,
      redditAccountId: account.id,
      timing: input.timing,
      minGapMinutes: input.spacing.minGapMinutes,
      maxPerHour: input.spacing.maxPerHour,
    },
    posts.map((post) => post.values),
    posts.map((post) => post.codes),
  );
  await deps.makeCopies();
  const first = saved.posts.reduce(
    (soonest, post) => (post.dueAt < soonest ? post.dueAt : soonest),
    saved.posts[0]!.dueAt,
  );
  await deps.wake(first);
  const savedPosts = saved.posts.map((post) => ({ ...post, redditUsername: account.username }));
  return {
    message: campaignTexts.created(saved.posts.length),
    campaign: toDetail({ ...saved.campaign, redditUsername: account.username }, savedPosts),
  };
}

export async function listCampaigns(
  deps: Pick<PostsDependencies, 'db'>,
  userId: string,
): Promise<Campaign[]> {
  const campaigns = await listOwnCampaigns(deps.db, userId);
  const posts = await postsOfCampaigns(
    deps.db,
    userId,
    campaigns.map((campaign) => campaign.id),
  );
  return campaigns.map((campaign) =>
    toCampaign(
      campaign,
      posts.filter((post) => post.campaignId === campaign.id),
    ),
  );
}

export const getCampaign = detailOf;

export async function pauseCampaign(deps: Pick<PostsDependencies, 'db'>, userId: string, id: string) {
  const campaign = await findOwnCampaign(deps.db, userId, id);
  if (!campaign) throw AppError.notFound(campaignTexts.notFound);
  if (!(await setCampaignStatus(deps.db, userId, id, 'active', 'paused')))
    throw AppError.conflict(campaignTexts.notActive, 'CAMPAIGN_NOT_ACTIVE');
  await setCampaignPostsPaused(deps.db, id, true);
  return { message: campaignTexts.paused, campaign: await detailOf(deps, userId, id) };
}

/**
 * Waiting posts whose time passed while paused are spread again from now, around the account's
 * other posts, so a long pause never releases them all at once.
 */
export async function resumeCampaign(deps: PostsDependencies, userId: string, id: string) {
  const campaign = await findOwnCampaign(deps.db, userId, id);
  if (!campaign) throw AppError.notFound(campaignTexts.notFound);
  if (!(await setCampaignStatus(deps.db, userId, id, 'paused', 'active')))
    throw AppError.conflict(campaignTexts.notPaused, 'CAMPAIGN_NOT_PAUSED');
  const now = new Date();
  const posts = await postsOfCampaigns(deps.db, userId, [id]);
  const overdue = posts.filter((post) => post.status === 'pending' && post.paused && post.scheduledAt < now);
  if (overdue.length > 0) {
    const existing = await accountPostTimes(
      deps.db,
      userId,
      campaign.redditAccountId ?? undefined,
      new Date(now.getTime() - lookBackMs),
      overdue.map((post) => post.id),
    );
    const communities = await Promise.all(overdue.map((post) => findCommunity(deps.db, post.subreddit)));
    const spacing = { minGapMinutes: campaign.minGapMinutes, maxPerHour: campaign.maxPerHour };
    const own: OwnHours = campaign.timing === 'best' ? await ownPostingHours(deps.db, userId) : new Map();
    const times = planTimes(
      overdue.map((post, index) => ({ pace: paceOf(post.subreddit, communities[index], own) })),
      existing,
      now,
      spacing,
      campaign.timing === 'best',
    );
    for (const [index, post] of overdue.entries())
      await moveCampaignPost(deps.db, post.id, times[index] ?? now);
  }
  await setCampaignPostsPaused(deps.db, id, false);
  await deps.wake(now);
  return { message: campaignTexts.resumed, campaign: await detailOf(deps, userId, id) };
}

/** Removes every waiting post (and its copy); what was sent stays on Reddit and in the history. */
export async function cancelCampaign(
  deps: Pick<CampaignDependencies, 'db' | 'storage'>,
  userId: string,
  id: string,
) {
  const campaign = await findOwnCampaign(deps.db, userId, id);
  if (!campaign) throw AppError.notFound(campaignTexts.notFound);
  if (campaign.status === 'cancelled')
    throw AppError.conflict(campaignTexts.alreadyCancelled, 'CAMPAIGN_CANCELLED');
  await setCampaignStatus(deps.db, userId, id, campaign.status, 'cancelled');
  const removed = await deleteWaitingCampaignPosts(deps.db, id);
  for (const { copyStorageKey } of removed)
    if (copyStorageKey) await deps.storage.delete(copyStorageKey).catch(() => {});
  return { message: campaignTexts.cancelled(removed.length), campaign: await detailOf(deps, userId, id) };
}
