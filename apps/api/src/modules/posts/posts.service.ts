import {
  maxScheduleAheadDays,
  postRulesErrorCode,
  scheduleTexts,
  type PostCheckResponse,
  type PostProblem,
  type ScheduledPost,
  type ServerTiming,
} from '@app/shared/posts';
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
import { nextOptimalTime } from './optimal-time.js';
import {
  checkCommunityLimits,
  checkCuratedTitleRules,
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
    sentAt: row.sentAt?.toISOString() ?? null,
    outcome: row.outcome ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

// A clock a little behind ours, or a slow form, should not turn "in 1 minute" into an error.
const pastGraceMs = 2 * 60_000;

/** The send time: the client's, checked, or the server's choice (docs/product.md#reddit-posting: optimal and now). */
export function resolveSendTime(
  scheduledAt: string | undefined | null,
  timing: ServerTiming,
  community: Pick<CommunityRow, 'bestPostingTimes'> | undefined,
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
  if (timing === 'optimal')
    return { at: nextOptimalTime(community?.bestPostingTimes ?? [], now) ?? now, timing };
  return { at: now, timing };
}

async function accountFor(db: Database, user: UserRow, id: string | undefined): Promise<RedditAccountRow> {
  if (id) {
    const account = await findOwnAccount(db, user.id, id);
    if (!account) throw AppError.notFound(redditTexts.accountNotFound);
    return account;
  }
  const [first] = await listAccounts(db, user.id);
  if (!first) throw new AppError(409, redditTexts.noAccount, 'REDDIT_ACCOUNT_REQUIRED');
  return first;
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
  };
  check: PostCheckResponse;
  /** The Reddit account it goes out through, as the post lists show it. */
  redditUsername: string;
}

/**
 * Everything about a post before it is queued: the community is known (or Reddit knows it), the
 * time is sensible, and the post breaks no rule we can check — ours (title tags, limits, karma and
 * age) and Reddit's live post_requirements. Blocking problems answer 422 with their fixes.
 */
export async function preparePost(
  deps: PostsDependencies,
  user: UserRow,
  input: PostInput,
  options: { exceptPostId?: string; enforce: boolean } = { enforce: true },
): Promise<PreparedPost> {
  const { db, posting } = deps;
  const community = await findCommunity(db, input.subreddit);
  if (community?.missingSince) {
    throw new AppError(422, scheduleTexts.subredditUnavailable(community.name), 'SUBREDDIT_UNAVAILABLE', {
      field: 'subreddit',
    });
  }
  const subreddit = community?.name ?? input.subreddit;
  const account = await accountFor(db, user, input.redditAccountId);
  const image = await imageFor(db, user, input.imageId);
  const { at, timing } = resolveSendTime(input.scheduledAt, input.timing ?? 'optimal', community);
  const draft: PostDraft = {
    subreddit,
    title: input.title,
    body: input.body,
    kind: image ? 'image' : 'self',
    flairId: input.flairId,
    flairText: input.flairText,
    scheduledAt: at,
  };
  const neighbours = await neighbouringPostTimes(db, user.id, subreddit, at, options.exceptPostId);
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
      ...live.problems,
    ]);
    return { problems, blocking: problems.filter((problem) => problem.severity === 'block') };
  };
  let live = await liveFacts(db, posting, account, draft, false);
  let { problems, blocking } = problemsWith(live);
  // A refusal is never based on remembered facts: the user may have just earned the karma.
  if (blocking.length > 0 && live.remembered) {
    live = await liveFacts(db, posting, account, draft, true);
    ({ problems, blocking } = problemsWith(live));
  }
  if (options.enforce && blocking.length > 0) {
    throw new AppError(422, describeProblems(blocking), postRulesErrorCode, {
      field: blocking[0]!.code.startsWith('title') ? 'title' : 'subreddit',
    });
  }
  return {
    values: {
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
      nsfw: input.nsfw ?? community?.over18 ?? true,
    },
    redditUsername: account.username,
    check: {
      ok: blocking.length === 0,
      problems,
      checkedLive: live.checkedLive,
      flairRequired: live.flairRequired,
      flairs: live.flairs,
    },
  };
}

export function scheduledMessage(post: Pick<ScheduledPostRow, 'timing' | 'scheduledAt'>): string {
  if (post.scheduledAt.getTime() <= Date.now() + 60_000) return scheduleTexts.queuedNow;
  return scheduleTexts.scheduledFor(post.scheduledAt);
}

export type { PostWithAccount };
