import { campaignTexts } from '@app/shared/campaigns';
import type { FastifyBaseLogger } from 'fastify';
import { redditAllowanceTexts } from '@app/shared/posts';
import { formatUtcTime } from '@app/shared/utc-time';
import { RedditBudgetWaitError } from '../../adapters/reddit/rate-budget.js';
import { RedditApiError, RedditRateLimitError } from '../../adapters/reddit/reddit-api.js';
import { RedditGrantError, RedditSubmitError } from '../../adapters/reddit/reddit-posting-api.js';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { Database } from '../../db/client.js';
import { recordServiceOutcome, type ServiceOutcome } from '../service-health/service-health.repo.js';
import type { RedditAccountRow, ScheduledPostRow } from '../../db/schema/index.js';
import { findUserById } from '../auth/user.repo.js';
import { accountKarma } from './post-checks.js';
import { findAssetById } from '../media/media.repo.js';
import { findAccountById } from '../reddit/reddit-accounts.repo.js';
import { markedPostImage } from '../leaks/post-image-mark.js';
import type { RedditPosting } from '../reddit/reddit-posting-context.js';
import { stopSeriesAfterRateLimit } from '../reposts/reposts.stop.js';
import {
  claimDuePosts,
  deferDuePosts,
  leaveForVerification,
  markFailed,
  markSent,
  markSubmitting,
  release,
} from './post-sending.repo.js';
import {
  markSubmittingSpaced,
  spacingOf,
  spacingWaitUntil,
  type AccountSpacing,
} from './send-spacing.repo.js';

export interface SenderDependencies {
  db: Database;
  posting: RedditPosting | undefined;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  concurrency: number;
  /** Asks for the first-comment sender at this time (a queue job); the sweep covers it otherwise. */
  wakeComment?: (at: Date) => Promise<void>;
}

/** Timings of the send protocol; tests shorten them. */
export interface SenderTimings {
  /** A claim older than this, still before /api/submit, belongs to a dead sender. */
  claimLeaseMs: number;
  /** After this long a submit is over one way or the other (HTTP timeouts are 20 s): look on Reddit. */
  submitSettleMs: number;
  /** Temporary failures are retried this many times before the post fails. */
  maxAttempts: number;
  /** First retry delay; doubles per attempt up to maxBackoffMs. */
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** Outcome checks after sending. */
  outcomeCheckMinutes: readonly number[];
  /** A minute of an account's spacing; shorter only in the campaign sending bench, which runs Reddit faster. */
  spacingMinuteMs: number;
}

export const defaultSenderTimings: SenderTimings = {
  claimLeaseMs: 3 * 60_000,
  submitSettleMs: 2 * 60_000,
  maxAttempts: 8,
  baseBackoffMs: 30_000,
  maxBackoffMs: 30 * 60_000,
  // About 15 min, 1 h, 6 h, 24 h and 72 h after sending (engagement over time).
  outcomeCheckMinutes: [15, 60, 360, 1440, 4320],
  spacingMinuteMs: 60_000,
};

export const senderTexts = {
  accountGone:
    'The Reddit account for this post was disconnected. Connect it again, then schedule the post again.',
  imageGone: 'The photo for this post was deleted from your gallery, so it could not be sent.',
  grantRevoked: (name: string) =>
    `Reddit no longer accepts the link to u/${name} (access was revoked or expired). Connect the account again, then schedule the post again.`,
  notConfigured: 'Reddit posting is not set up on this server yet; the post waits until it is.',
  rateLimited: (until: Date) =>
    `Reddit asked us to slow down; the post is rescheduled for ${formatUtcTime(until)}.`,
  /** The server-wide allowance, not the creator's own limits (the web shows it in the reader's zone). */
  waitingForAllowance: (until: Date) => redditAllowanceTexts.waiting(formatUtcTime(until)),
  waitingForSpacing: (username: string, spacing: AccountSpacing, until: Date) =>
    `Waiting to keep u/${username}'s posts ${spacing.minGapMinutes} minutes apart and at most ${spacing.maxPerHour} an hour, so Reddit's spam filter does not flag the account; it goes out at about ${formatUtcTime(until)}.`,
  unconfirmed: (subreddit: string) =>
    `Reddit did not answer while this post was being sent, and it does not show in r/${subreddit}. To avoid posting twice it was not sent again: check your Reddit profile, and schedule it again if it is missing.`,
  gaveUp: (detail: string) => `Reddit kept failing, so we stopped trying: ${detail}`,
  ownerRestricted:
    'Your account access is restricted, so this post was not sent. Contact support if you think this is a mistake.',
} as const;

function backoffMs(attempts: number, timings: SenderTimings): number {
  const base = Math.min(timings.maxBackoffMs, timings.baseBackoffMs * 2 ** Math.max(0, attempts - 1));
  return base / 2 + Math.random() * (base / 2);
}

/** Why a step failed, and what that means for the post. */
type Verdict =
  { kind: 'retry'; error: string; afterMs: number; reschedule?: boolean } | { kind: 'fail'; error: string };

/**
 * Reddit itself failing (down, refusing our app or its tokens), as opposed to one post, community
 * or account being refused, or a rate limit that passes: the admin's Setup page shows these.
 */
function redditFault(error: unknown): ServiceOutcome | null {
  if (!(error instanceof RedditApiError)) return null;
  if (error instanceof RedditSubmitError || error instanceof RedditGrantError) return null;
  if (error instanceof RedditRateLimitError) return null;
  const answer = error.status === undefined ? 'did not answer' : `answered HTTP ${error.status}`;
  return { error: `Reddit ${answer} while sending a post (${error.name}).` };
}

function judge(error: unknown, account: RedditAccountRow, attempts: number, timings: SenderTimings): Verdict {
  if (error instanceof RedditSubmitError) {
    if (error.code === 'RATELIMIT')
      return {
        kind: 'retry',
        error: error.message,
        afterMs: error.retryAfterMs ?? 600_000,
        reschedule: true,
      };
    return { kind: 'fail', error: error.message };
  }
  if (error instanceof RedditGrantError)
    return { kind: 'fail', error: senderTexts.grantRevoked(account.username) };
  const transient =
    error instanceof RedditRateLimitError ||
    (error instanceof RedditApiError &&
      (error.status === undefined || error.status >= 500 || error.status === 401)) ||
    !(error instanceof RedditApiError);
  const message = error instanceof Error ? error.message : String(error);
  if (!transient) return { kind: 'fail', error: message };
  if (attempts >= timings.maxAttempts) return { kind: 'fail', error: senderTexts.gaveUp(message) };
  const wait =
    error instanceof RedditRateLimitError
      ? Math.max(error.retryAfterMs, backoffMs(attempts, timings))
      : backoffMs(attempts, timings);
  return { kind: 'retry', error: message, afterMs: wait };
}

async function readImage(deps: SenderDependencies, post: ScheduledPostRow, account: RedditAccountRow) {
  const asset = post.mediaAssetId ? await findAssetById(deps.db, post.mediaAssetId) : undefined;
  if (!asset) return null;
  // The post's own copy (campaigns), else the photo's protected copy when there is one: that is the
  // version meant for public posting.
  const copyKey = post.copyStorageKey ?? asset.protectedStorageKey;
  const stored = await deps.storage.read(copyKey ?? asset.storageKey);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  let image: { bytes: Buffer; mime: string } = {
    bytes: Buffer.concat(chunks),
    mime: copyKey ? (copyKey.endsWith('.png') ? 'image/png' : 'image/jpeg') : asset.mime,
  };
  // A campaign copy already carries its post's mark; any other post gets its own now (docs/leak-tracing.md).
  if (!post.copyStorageKey)
    image = await markedPostImage(deps, post, asset, account, {
      ...image,
      protectedKey: asset.protectedStorageKey,
    });
  const extension = image.mime === 'image/png' ? 'png' : image.mime === 'image/gif' ? 'gif' : 'jpg';
  return { ...image, filename: `${post.id}.${extension}` };
}

/** A post Reddit may already have: found → sent, so it is never submitted twice. */
export async function lookFor(
  posting: RedditPosting,
  account: RedditAccountRow,
  post: ScheduledPostRow,
  since: Date,
) {
  return posting.tokens.withToken(account, (token) =>
    posting.api.findRecentPost(token, {
      subreddit: post.subreddit,
      author: account.username,
      title: post.titleFinal,
      since,
    }),
  );
}

export function outcomeCheckAt(timings: SenderTimings, index: number, sentAt = Date.now()): Date | null {
  const minutes = timings.outcomeCheckMinutes[index];
  return minutes === undefined ? null : new Date(sentAt + minutes * 60_000);
}

/** The post is live: its first comment falls due after its delay (markSent stored the time). */
async function wakeFirstComment(deps: SenderDependencies, post: ScheduledPostRow) {
  if (!post.firstComment || !deps.wakeComment) return;
  const at = new Date(Date.now() + post.firstCommentDelayMinutes * 60_000);
  await deps.wakeComment(at).catch((error: unknown) => {
    deps.log.warn({ postId: post.id, err: error }, 'could not wake the first-comment sender; the sweep will');
  });
}

/** The account's karma and age when it sent the post (what Reddit last told us about it). */
function senderFacts(account: RedditAccountRow) {
  const karma = accountKarma(account);
  const ageDays = account.redditCreatedAt
    ? Math.floor((Date.now() - account.redditCreatedAt.getTime()) / 86_400_000)
    : null;
  return { karma, ageDays };
}

/** Sends one claimed post: at most one /api/submit, guarded by markSubmitting (under the account's spacing). */
export async function sendClaimedPost(
  deps: SenderDependencies,
  post: ScheduledPostRow,
  timings: SenderTimings,
): Promise<string> {
  const { db, posting, log } = deps;
  // Checked at send time, not only when scheduling: a ban that came later stops the post (decision 019).
  const owner = await findUserById(db, post.userId);
  if (owner?.bannedAt)
    return (await markFailed(db, post, senderTexts.ownerRestricted)) ? 'failed' : 'lost-claim';
  const account = post.redditAccountId ? await findAccountById(db, post.redditAccountId) : undefined;
  if (!account) return (await markFailed(db, post, senderTexts.accountGone)) ? 'failed' : 'lost-claim';
  if (!posting) {
    await release(db, post, {
      dueAt: new Date(Date.now() + 10 * 60_000),
      lastError: senderTexts.notConfigured,
    });
    return 'waiting';
  }
  let submitStartedAt: Date | null = null;
  try {
    // A 5xx on an earlier submit may still have created the post.
    if (post.verifySince) {
      const found = await lookFor(posting, account, post, post.verifySince);
      if (found) {
        const facts = senderFacts(account);
        if (
          await markSent(
            db,
            post,
            { redditPostId: found.id, url: found.url },
            outcomeCheckAt(timings, 0)!,
            facts,
          )
        )
          await wakeFirstComment(deps, post);
        return 'sent-found';
      }
    }
    let url: string | undefined;
    if (post.copyState === 'failed')
      return (await markFailed(db, post, campaignTexts.copyFailed)) ? 'failed' : 'lost-claim';
    // Posts the planner spaced (campaigns, repost rounds) that were held back together (Reddit's
    // allowance, a server that was down) must not then reach Reddit closer than the account's
    // spacing: checked before the upload, and again atomically below. A single post goes when the
    // creator said (docs/reddit-posting.md#safe-spacing).
    const spacing = post.campaignId || post.seriesId ? await spacingOf(db, post) : null;
    const holdUntil = async (until: Date, kept: AccountSpacing) => {
      await release(db, post, {
        dueAt: until,
        lastError: senderTexts.waitingForSpacing(account.username, kept, until),
        spacingWait: true,
      });
      return 'waiting-for-spacing';
    };
    const early = spacing && (await spacingWaitUntil(db, post, spacing, timings.spacingMinuteMs));
    if (spacing && early) return holdUntil(early, spacing);
    if (post.kind === 'image') {
      const image = await readImage(deps, post, account);
      if (!image) return (await markFailed(db, post, senderTexts.imageGone)) ? 'failed' : 'lost-claim';
      url = await posting.tokens.withToken(account, (token) => posting.api.uploadMedia(token, image));
    }
    const token = await posting.tokens.get(account);
    const marked = spacing
      ? await markSubmittingSpaced(db, post, spacing, timings.spacingMinuteMs)
      : { at: await markSubmitting(db, post) };
    if (spacing && marked.waitUntil) return holdUntil(marked.waitUntil, spacing);
    submitStartedAt = marked.at;
    if (!submitStartedAt) return 'lost-claim';
    const submit = (bearer: string) =>
      posting.api.submit(bearer, {
        subreddit: post.subreddit,
        title: post.titleFinal,
        kind: post.kind,
        text: post.bodyFinal ?? undefined,
        url,
        flairId: post.flairId ?? undefined,
        flairText: post.flairText ?? undefined,
        nsfw: post.nsfw,
        spoiler: post.spoiler,
      });
    const accepted = await submit(token).catch(async (error: unknown) => {
      // A 401 is an answer: nothing was posted. Refresh the token and submit once more.
      if (!(error instanceof RedditApiError && error.status === 401)) throw error;
      posting.tokens.invalidate(account.id);
      return submit(await posting.tokens.get(account));
    });
    let result = accepted.url ? { redditPostId: accepted.id ?? null, url: accepted.url } : null;
    // Image posts answer without the post: it is looked up (the submit itself is done either way).
    result ??= await lookFor(posting, account, post, submitStartedAt)
      .then((found) => (found ? { redditPostId: found.id, url: found.url } : null))
      .catch(() => null);
    result ??= { redditPostId: null, url: `https://www.reddit.com/user/${account.username}/submitted/` };
    const sent = await markSent(db, post, result, outcomeCheckAt(timings, 0)!, senderFacts(account));
    await recordServiceOutcome(db, 'reddit-posting', 'ok', log);
    if (sent) await wakeFirstComment(deps, post);
    return 'sent';
  } catch (error) {
    if (error instanceof RedditBudgetWaitError) {
      // Stopped before any call went out (also after markSubmitting: the submit itself was not made).
      await release(db, post, {
        dueAt: error.until,
        lastError: senderTexts.waitingForAllowance(error.until),
        budgetWait: true,
      });
      return 'waiting-for-allowance';
    }
    await recordServiceOutcome(db, 'reddit-posting', redditFault(error), log);
    if (error instanceof RedditApiError && error.status === 401) posting.tokens.invalidate(account.id);
    const verdict = judge(error, account, post.attempts, timings);
    const answered = error instanceof RedditApiError && error.status !== undefined;
    if (submitStartedAt && !answered) {
      // No answer to the submit: Reddit may have the post. Recovery looks for it before anything else.
      log.warn({ postId: post.id, err: error }, 'no answer to a submit; left for verification');
      await leaveForVerification(db, post, error instanceof Error ? error.message : 'no answer from Reddit');
      return 'uncertain';
    }
    // A recurring repost stops at Reddit's first "slow down" (RATELIMIT) or 429s it gave up on:
    // reposting on schedule would keep the account in trouble (docs/reddit-posting.md#recurring-reposts).
    const seriesRateLimited =
      post.seriesId !== null &&
      ((error instanceof RedditSubmitError && error.code === 'RATELIMIT') ||
        (error instanceof RedditRateLimitError && verdict.kind === 'fail'));
    if (verdict.kind === 'fail') {
      await markFailed(db, post, verdict.error);
      if (seriesRateLimited) await stopSeriesAfterRateLimit(deps, post);
      return 'failed';
    }
    const dueAt = new Date(Date.now() + verdict.afterMs);
    const serverError = submitStartedAt && error instanceof RedditApiError && (error.status ?? 0) >= 500;
    await release(db, post, {
      dueAt,
      lastError: verdict.reschedule ? senderTexts.rateLimited(dueAt) : verdict.error,
      reschedule: verdict.reschedule,
      verifySince: serverError ? submitStartedAt : null,
    });
    if (seriesRateLimited) await stopSeriesAfterRateLimit(deps, post);
    return 'retrying';
  }
}

/**
 * Takes due posts and sends them, keeping `concurrency` sends in flight: a freed slot claims the
 * next due post at once (no waiting for a whole batch), until nothing is due and nothing runs.
 */
export async function drainDuePosts(
  deps: SenderDependencies,
  timings: SenderTimings = defaultSenderTimings,
  signal?: AbortSignal,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const inFlight = new Set<Promise<void>>();
  const start = (post: ScheduledPostRow) => {
    const running: Promise<void> = sendClaimedPost(deps, post, timings)
      .catch((error: unknown) => {
        // A database failure mid-send: the claim stays and expires (or recovery verifies it).
        deps.log.error({ postId: post.id, err: error }, 'post sender step failed');
        return 'error';
      })
      .then((result) => {
        counts[result] = (counts[result] ?? 0) + 1;
        inFlight.delete(running);
      });
    inFlight.add(running);
  };
  // Claiming in groups (once half the slots are free) keeps the claim queries few under load.
  const refillAt = Math.max(1, Math.floor(deps.concurrency / 2));
  let allowanceUsedUp = false;
  /** No claim while the server-wide allowance says wait: the due posts move to when it refills. */
  const claim = async (free: number) => {
    const answer = await deps.posting?.budget?.check(1);
    if (answer && !answer.go) {
      allowanceUsedUp = true;
      const deferred = await deferDuePosts(
        deps.db,
        answer.until,
        senderTexts.waitingForAllowance(answer.until),
      );
      if (deferred) counts['waiting-for-allowance'] = (counts['waiting-for-allowance'] ?? 0) + deferred;
      return [];
    }
    return claimDuePosts(deps.db, free);
  };
  for (;;) {
    const free = signal?.aborted || allowanceUsedUp ? 0 : deps.concurrency - inFlight.size;
    const claimed = free >= refillAt || (free > 0 && inFlight.size === 0) ? await claim(free) : [];
    for (const post of claimed) start(post);
    if (inFlight.size === 0) break;
    // Not worth a claim yet, or nothing more is due right now: wait for a send to finish.
    if (claimed.length < free || free === 0) await Promise.race(inFlight);
  }
  return counts;
}
