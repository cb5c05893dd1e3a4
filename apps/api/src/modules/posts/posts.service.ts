import { nextBestTime } from '@app/shared/best-times';
import {
  maxScheduleAheadDays,
  postRulesErrorCode,
  scheduleTexts,
  type PostCheckResponse,
  type PostProblem,
  type ScheduledPost,
  type ServerTiming,
} from '@app/shared/posts';
import {
  containsLink,
  defaultFirstCommentDelayMinutes,
  type FirstComment,
} from '@app/shared/posts-first-comment';
import { redditTexts } from '@app/shared/reddit';
import { RedditApiError } from '../../adapters/reddit/reddit-api.js';
import type { Database } from '../../db/client.js';
import type {
  CommunityRow,
  MediaAssetRow,
  RedditAccountRow,
  ScheduledPostRow,
  UserRow,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { kindOf } from '../media/media-asset.js';
import { findOwnAsset } from '../media/media.repo.js';
import { findOwnAccount, listAccounts, updateAccountFacts } from '../reddit/reddit-accounts.repo.js';
import type { RedditPosting } from '../reddit/reddit-posting-context.js';
import { bestTimesForUser } from '../communities/best-times.service.js';
import type { LinksDependencies } from '../links/links.service.js';
import {
  checkCommunityLimits,
  checkCuratedTitleRules,
  checkExplicitPhoto,
  checkFirstCommentLinks,
  checkLiveRequirements,
  describeProblems,
  withoutRepeatedFixes,
  type PostDraft,
} from './post-checks.js';
import { findCommunity, neighbouringPostTimes, type PostWithAccount } from './posts.repo.js';

export interface PostsDependencies {
  db: Database;
  posting: RedditPosting | undefined;
  /** Tells the sender a post is due at this time (a queue job); posts are safe in the database either way. */
  wake(at: Date): Promise<void>;
  /** Tracked links: a post carrying one gets its own variant (docs/tracked-links.md). */
  links?: LinksDependencies;
}

export interface PostInput {
  subreddit: string;
  title: string;
  body?: string | undefined;
  scheduledAt?: string | undefined;
  timing?: ServerTiming | undefined;
  imageId?: string | undefined;
  redditAccountId?: string | undefined;
  flairId?: string | undefined;
  flairText?: string | undefined;
  nsfw?: boolean | undefined;
  firstComment?: string | undefined;
  firstCommentDelayMinutes?: number | undefined;
}

function firstCommentOf(row: ScheduledPostRow): FirstComment | null {
  if (row.firstComment === null || row.firstCommentStatus === null) return null;
  return {
    text: row.firstComment,
    delayMinutes: row.firstCommentDelayMinutes,
    status: row.firstCommentStatus,
    error: row.firstCommentError,
    commentId: row.firstCommentId,
    url: row.firstCommentUrl,
    sentAt: row.firstCommentSentAt?.toISOString() ?? null,
    dueAt: row.firstCommentDueAt?.toISOString() ?? null,
  };
}

export function toScheduledPost(row: ScheduledPostRow & { redditUsername?: string | null }): ScheduledPost {
  return {
    id: row.id,
    subreddit: row.subreddit,
    titleFinal: row.titleFinal,
    bodyFinal: row.bodyFinal,
    scheduledAt: row.scheduledAt.toISOString(),
    status: row.status,
    resultJson: row.resultJson ?? null,
    imageId: row.mediaAssetId,
    redditAccountId: row.redditAccountId,
    redditUsername: row.redditUsername ?? null,
    flairText: row.flairText,
    timing: row.timing,
    attempts: row.attempts,
    lastError: row.status === 'pending' ? row.lastError : null,
    waitingForRedditUntil:
      row.status === 'pending' && row.budgetWaitUntil ? row.budgetWaitUntil.toISOString() : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    outcome: row.outcome ?? null,
    firstComment: firstCommentOf(row),
    campaignId: row.campaignId,
    createdAt: row.createdAt.toISOString(),
  };
}

// A clock a little behind ours, or a slow form, should not turn "in 1 minute" into an error.
const pastGraceMs = 2 * 60_000;

/** The send time: the client's, checked, or the server's choice (docs/product.md#reddit-posting: optimal and now). */
export function resolveSendTime(
  scheduledAt: string | undefined | null,
  timing: ServerTiming,
  /** Her best times in the community (bestTimesForUser); only 'optimal' reads them. */
  bestTimes: readonly string[],
  now = new Date(),
): { at: Date; timing: ServerTiming | 'custom' } {
  if (scheduledAt) {
    const at = new Date(scheduledAt);
    if (at.getTime() < now.getTime() - pastGraceMs)
      throw new AppError(422, scheduleTexts.inPast, 'SCHEDULE_IN_PAST', { field: 'scheduledAt' });
    if (at.getTime() > now.getTime() + maxScheduleAheadDays * 86_400_000) {
      throw new AppError(422, scheduleTexts.tooFarAhead, 'SCHEDULE_TOO_FAR', { field: 'scheduledAt' });
    }
    return { at: at < now ? now : at, timing: 'custom' };
  }
  if (timing === 'optimal') return { at: nextBestTime(bestTimes, now) ?? now, timing };
  return { at: now, timing };
}

/** The named account (404 when not the user's), else the user's first; undefined when none is linked. */
export async function accountIfAny(
  db: Database,
  user: UserRow,
  id: string | undefined,
): Promise<RedditAccountRow | undefined> {
  if (!id) return (await listAccounts(db, user.id))[0];
  const account = await findOwnAccount(db, user.id, id);
  if (!account) throw AppError.notFound(redditTexts.accountNotFound);
  return account;
}

export async function accountFor(
  db: Database,
  user: UserRow,
  id: string | undefined,
): Promise<RedditAccountRow> {
  const account = await accountIfAny(db, user, id);
  if (!account) throw new AppError(409, redditTexts.noAccount, 'REDDIT_ACCOUNT_REQUIRED');
  return account;
}

async function imageFor(
  db: Database,
  user: UserRow,
  id: string | undefined,
): Promise<MediaAssetRow | undefined> {
  if (!id) return undefined;
  const asset = await findOwnAsset(db, user.id, id);
  if (!asset) throw AppError.notFound('That photo is not in your gallery (it may have been deleted).');
  if (kindOf(asset.mime) !== 'image')
    throw new AppError(422, scheduleTexts.onlyImages, 'IMAGE_REQUIRED', { field: 'imageId' });
  return asset;
}

interface LiveFacts {
  checkedLive: boolean;
  problems: PostProblem[];
  flairRequired: boolean;
  flairs: { id: string; text: string }[];
  /** Reddit says the subreddit does not exist (or is banned/private). */
  missing: boolean;
  /** Some of it is what Reddit said in the last minutes rather than now. */
  remembered: boolean;
}

async function liveFacts(
  db: Database,
  posting: RedditPosting | undefined,
  account: RedditAccountRow | undefined,
  draft: PostDraft,
  fresh: boolean,
): Promise<LiveFacts> {
  const none: LiveFacts = {
    checkedLive: false,
    problems: [],
    flairRequired: false,
    flairs: [],
    missing: false,
    remembered: false,
  };
  if (!posting || !account) return none;
  const { facts, tokens, api } = posting;
  const subredditKey = draft.subreddit.toLowerCase();
  let remembered = false;
  const ask = async <T>(key: string[], call: (token: string) => Promise<T>): Promise<T> => {
    const answer = await facts.get(key, () => tokens.withToken(account, call), { fresh });
    remembered ||= answer.remembered;
    return answer.value;
  };
  try {
    // Karma and age as Reddit reports them (for the community minimums; kept for the next check).
    const identity = await ask([account.id, 'me'], (token) => api.me(token)).catch(() => null);
    if (identity) {
      const known = {
        linkKarma: identity.linkKarma,
        commentKarma: identity.commentKarma,
        redditCreatedAt: identity.createdAt,
      };
      const changed =
        account.linkKarma !== known.linkKarma ||
        account.commentKarma !== known.commentKarma ||
        account.redditCreatedAt?.getTime() !== known.redditCreatedAt?.getTime();
      Object.assign(account, known);
      if (changed) await updateAccountFacts(db, account.id, known);
    }
    const requirements = await ask([account.id, 'requirements', subredditKey], (token) =>
      api.postRequirements(token, draft.subreddit),
    );
    const flairs = requirements.isFlairRequired
      ? await ask([account.id, 'flairs', subredditKey], (token) => api.flairs(token, draft.subreddit)).catch(
          () => [],
        )
      : [];
    const problems = await checkLiveRequirements(requirements, draft);
    // The subreddit's own rules, only when they could refuse the first comment (one more call).
    if (draft.firstComment && containsLink(draft.firstComment)) {
      const rules = await ask([account.id, 'rules', subredditKey], (token) =>
        api.subredditRules(token, draft.subreddit),
      ).catch(() => []);
      problems.push(...checkFirstCommentLinks(draft.subreddit, draft.firstComment, { liveRules: rules }));
    }
    return {
      checkedLive: true,
      problems,
      flairRequired: requirements.isFlairRequired,
      flairs,
      missing: false,
      remembered,
    };
  } catch (error) {
    // 403/404: Reddit will not show the subreddit to this account (banned, private, gone).
    if (error instanceof RedditApiError && (error.status === 404 || error.status === 403))
      return { ...none, missing: true };
    // Reddit unreachable, slow or refusing the token: the post is still checked against what we know.
    return none;
  }
}

export interface PreparedPost {
  values: {
    subreddit: string;
    titleFinal: string;
    bodyFinal: string | null;
    scheduledAt: Date;
    dueAt: Date;
    timing: ServerTiming | 'custom';
    mediaAssetId: string | null;
    kind: 'self' | 'image';
    redditAccountId: string;
    flairId: string | null;
    flairText: string | null;
    nsfw: boolean;
    firstComment: string | null;
    firstCommentDelayMinutes: number;
    firstCommentStatus: 'pending' | null;
  };
  check: PostCheckResponse;
  /** The Reddit account it goes out through, as the post lists show it. */
  redditUsername: string;
}

export interface Assessment {
  community: CommunityRow | undefined;
  subreddit: string;
  image: MediaAssetRow | undefined;
  at: Date;
  timing: ServerTiming | 'custom';
  problems: PostProblem[];
  blocking: PostProblem[];
  live: LiveFacts;
}

/**
 * The rules a post would meet: the community is known (or Reddit knows it), the time is sensible,
 * and ours (title tags, limits, karma and age) and Reddit's live post_requirements. Without an
 * account only what the communities database knows is checked (nothing about karma or age).
 */
export async function assessPost(
  deps: PostsDependencies,
  user: UserRow,
  input: PostInput,
  account: RedditAccountRow | undefined,
  exceptPostId: string | undefined,
): Promise<Assessment> {
  const { db, posting } = deps;
  const community = await findCommunity(db, input.subreddit);
  if (community?.missingSince) {
    throw new AppError(422, scheduleTexts.subredditUnavailable(community.name), 'SUBREDDIT_UNAVAILABLE', {
      field: 'subreddit',
    });
  }
  const subreddit = community?.name ?? input.subreddit;
  const image = await imageFor(db, user, input.imageId);
  const sendTiming = input.timing ?? 'optimal';
  const bestTimes =
    !input.scheduledAt && sendTiming === 'optimal'
      ? (await bestTimesForUser(db, user.id, community, subreddit)).times
      : [];
  const { at, timing } = resolveSendTime(input.scheduledAt, sendTiming, bestTimes);
  const draft: PostDraft = {
    subreddit,
    title: input.title,
    body: input.body,
    kind: image ? 'image' : 'self',
    flairId: input.flairId,
    flairText: input.flairText,
    scheduledAt: at,
    firstComment: input.firstComment,
  };
  const neighbours = await neighbouringPostTimes(db, user.id, subreddit, at, exceptPostId);
  const problemsWith = (live: LiveFacts) => {
    if (!community && !live.checkedLive) {
      throw new AppError(422, scheduleTexts.unknownSubreddit(subreddit), 'UNKNOWN_SUBREDDIT', {
        field: 'subreddit',
      });
    }
    if (live.missing) {
      throw new AppError(422, scheduleTexts.subredditUnavailable(subreddit), 'SUBREDDIT_UNAVAILABLE', {
        field: 'subreddit',
      });
    }
    const problems = withoutRepeatedFixes([
      ...(community ? checkCuratedTitleRules(community, input.title) : []),
      ...(community ? checkCommunityLimits(community, account, neighbours, at) : []),
      ...(community ? checkExplicitPhoto(community, image) : []),
      ...live.problems,
    ]);
    // Our communities database's rules; the live rules' verdict (in live.problems) counts once.
    if (community && !problems.some((p) => p.code === 'comment_links_not_allowed')) {
      problems.push(...checkFirstCommentLinks(subreddit, input.firstComment, { community }));
    }
    return { problems, blocking: problems.filter((problem) => problem.severity === 'block') };
  };
  let live = await liveFacts(db, posting, account, draft, false);
  let { problems, blocking } = problemsWith(live);
  // A refusal is never based on remembered facts: the user may have just earned the karma.
  if (blocking.length > 0 && live.remembered) {
    live = await liveFacts(db, posting, account, draft, true);
    ({ problems, blocking } = problemsWith(live));
  }
  return { community, subreddit, image, at, timing, problems, blocking, live };
}

export function checkOf({ blocking, problems, live }: Assessment): PostCheckResponse {
  return {
    ok: blocking.length === 0,
    problems,
    checkedLive: live.checkedLive,
    flairRequired: live.flairRequired,
    flairs: live.flairs,
  };
}

/**
 * POST /api/posts/check: the rules a post would meet, nothing saved. It works before any Reddit
 * account is connected (and on a server where posting is not set up), from the communities
 * database: a creator can plan before she connects.
 */
export async function checkPost(deps: PostsDependencies, user: UserRow, input: PostInput) {
  const account = await accountIfAny(deps.db, user, input.redditAccountId);
  return checkOf(await assessPost(deps, user, input, account, undefined));
}

/** 422 POST_BREAKS_RULES listing every blocking problem with its fix; nothing when there is none. */
export function refuseBlocking(blocking: readonly PostProblem[]) {
  if (blocking.length === 0) return;
  const first = blocking[0]!.code;
  throw new AppError(422, describeProblems([...blocking]), postRulesErrorCode, {
    field: first.startsWith('title')
      ? 'title'
      : first === 'comment_links_not_allowed'
        ? 'firstComment'
        : first.startsWith('spacing')
          ? 'scheduledAt'
          : 'subreddit',
  });
}

/**
 * Everything about a post before it is queued (assessPost) through one of the creator's accounts.
 * Blocking problems answer 422 with their fixes.
 */
export async function preparePost(
  deps: PostsDependencies,
  user: UserRow,
  input: PostInput,
  options: { exceptPostId?: string; enforce: boolean } = { enforce: true },
): Promise<PreparedPost> {
  const account = await accountFor(deps.db, user, input.redditAccountId);
  const assessment = await assessPost(deps, user, input, account, options.exceptPostId);
  if (options.enforce) refuseBlocking(assessment.blocking);
  return {
    values: preparedValues(input, assessment, account),
    redditUsername: account.username,
    check: checkOf(assessment),
  };
}

/** The row a checked post is stored as (preparePost's, and bulk import's for each row). */
export function preparedValues(
  input: PostInput,
  { community, subreddit, image, at, timing }: Assessment,
  account: RedditAccountRow,
): PreparedPost['values'] {
  return {
    subreddit,
    titleFinal: input.title,
    bodyFinal: input.body ?? null,
    scheduledAt: at,
    dueAt: at,
    timing,
    mediaAssetId: image?.id ?? null,
    kind: image ? ('image' as const) : ('self' as const),
    redditAccountId: account.id,
    flairId: input.flairId ?? null,
    flairText: input.flairText ?? null,
    // An explicit photo always goes out marked NSFW (docs/decisions/037-photo-content-rating.md).
    nsfw: image?.contentRating === 'explicit' || (input.nsfw ?? community?.over18 ?? true),
    firstComment: input.firstComment ?? null,
    firstCommentDelayMinutes: input.firstCommentDelayMinutes ?? defaultFirstCommentDelayMinutes,
    firstCommentStatus: input.firstComment ? 'pending' : null,
  };
}

export function scheduledMessage(post: Pick<ScheduledPostRow, 'timing' | 'scheduledAt'>): string {
  if (post.scheduledAt.getTime() <= Date.now() + 60_000) return scheduleTexts.queuedNow;
  return scheduleTexts.scheduledFor(post.scheduledAt);
}

export type { PostWithAccount };
