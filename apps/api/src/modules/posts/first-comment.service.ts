import { firstCommentErrors } from '@app/shared/posts-first-comment';
import { RedditApiError, RedditRateLimitError } from '../../adapters/reddit/reddit-api.js';
import { RedditGrantError, RedditSubmitError } from '../../adapters/reddit/reddit-posting-api.js';
import type { RedditAccountRow, ScheduledPostRow } from '../../db/schema/index.js';
import { findUserById } from '../auth/user.repo.js';
import { findAccountById } from '../reddit/reddit-accounts.repo.js';
import type { RedditPosting } from '../reddit/reddit-posting-context.js';
import {
  claimDueComments,
  claimUncertainComments,
  commentDueSecondsWithin,
  earliestDueComment,
  leaveCommentForVerification,
  markCommentFailed,
  markCommentSent,
  markCommentSubmitting,
  releaseAbandonedCommentClaims,
  releaseComment,
} from './first-comment.repo.js';
import { defaultSenderTimings, type SenderDependencies, type SenderTimings } from './post-sending.service.js';

/**
 * The first comment under a sent post (docs/reddit-posting.md#first-comment). It follows the post's
 * protocol (docs/decisions/011-post-sending.md) on its own columns: claim, then the point of no
 * return committed before /api/comment, then the outcome. /api/comment takes no idempotency key
 * either, so a call that got no answer is never repeated before the post's comments were searched.
 */

function backoffMs(attempts: number, timings: SenderTimings): number {
  const base = Math.min(timings.maxBackoffMs, timings.baseBackoffMs * 2 ** Math.max(0, attempts - 1));
  return base / 2 + Math.random() * (base / 2);
}

type Verdict = { kind: 'retry'; error: string; afterMs: number } | { kind: 'fail'; error: string };

function judge(error: unknown, account: RedditAccountRow, attempts: number, timings: SenderTimings): Verdict {
  if (error instanceof RedditSubmitError) {
    if (error.code === 'RATELIMIT')
      return { kind: 'retry', error: error.message, afterMs: error.retryAfterMs ?? 600_000 };
    if (error.code === 'DELETED_LINK') return { kind: 'fail', error: firstCommentErrors.postGone };
    if (error.code === 'THREAD_LOCKED' || error.code === 'TOO_OLD')
      return { kind: 'fail', error: firstCommentErrors.postLocked };
    return { kind: 'fail', error: firstCommentErrors.refused(error.message) };
  }
  if (error instanceof RedditGrantError)
    return { kind: 'fail', error: firstCommentErrors.grantRevoked(account.username) };
  const message = error instanceof Error ? error.message : String(error);
  const transient =
    error instanceof RedditRateLimitError ||
    !(error instanceof RedditApiError) ||
    error.status === undefined ||
    error.status >= 500 ||
    error.status === 401;
  if (!transient) return { kind: 'fail', error: firstCommentErrors.refused(message) };
  if (attempts >= timings.maxAttempts) return { kind: 'fail', error: firstCommentErrors.gaveUp(message) };
  const wait =
    error instanceof RedditRateLimitError
      ? Math.max(error.retryAfterMs, backoffMs(attempts, timings))
      : backoffMs(attempts, timings);
  return { kind: 'retry', error: message, afterMs: wait };
}

/** Our comment under the post, if Reddit has it: found means sent, so it is never posted twice. */
function lookForComment(
  posting: RedditPosting,
  account: RedditAccountRow,
  post: ScheduledPostRow,
  since: Date,
) {
  return posting.tokens.withToken(account, (token) =>
    posting.api.findComment(token, {
      postId: post.redditPostId!,
      author: account.username,
      text: post.firstComment!,
      since,
    }),
  );
}

/** Posts one claimed comment: at most one /api/comment, guarded by markCommentSubmitting. */
export async function sendClaimedComment(
  deps: SenderDependencies,
  post: ScheduledPostRow,
  timings: SenderTimings,
): Promise<string> {
  const { db, posting, log } = deps;
  const fail = async (error: string) =>
    (await markCommentFailed(db, post, error)) ? 'failed' : 'lost-claim';
  const owner = await findUserById(db, post.userId);
  if (owner?.bannedAt) return fail(firstCommentErrors.ownerRestricted);
  const account = post.redditAccountId ? await findAccountById(db, post.redditAccountId) : undefined;
  if (!account) return fail(firstCommentErrors.accountGone);
  if (!post.redditPostId || !post.firstComment) return fail(firstCommentErrors.postUnknown);
  if (!posting) {
    await releaseComment(db, post, {
      dueAt: new Date(Date.now() + 10 * 60_000),
      error: firstCommentErrors.notConfigured,
    });
    return 'waiting';
  }
  let startedAt: Date | null = null;
  try {
    // A 5xx answer to an earlier call may still have made the comment.
    if (post.firstCommentVerifySince) {
      const found = await lookForComment(posting, account, post, post.firstCommentVerifySince);
      if (found) return (await markCommentSent(db, post, found)) ? 'sent-found' : 'lost-claim';
    }
    // A post removed or deleted meanwhile gets no comment; the creator is told why.
    const status = await posting.tokens.withToken(account, (token) =>
      posting.api.postStatus(token, post.redditPostId!),
    );
    if (!status || status.removed) return fail(firstCommentErrors.postGone);
    const token = await posting.tokens.get(account);
    startedAt = await markCommentSubmitting(db, post);
    if (!startedAt) return 'lost-claim';
    const call = (bearer: string) =>
      posting.api.comment(bearer, { postId: post.redditPostId!, text: post.firstComment! });
    const posted = await call(token).catch(async (error: unknown) => {
      // A 401 is an answer: nothing was posted. Refresh the token and try once more.
      if (!(error instanceof RedditApiError && error.status === 401)) throw error;
      posting.tokens.invalidate(account.id);
      return call(await posting.tokens.get(account));
    });
    return (await markCommentSent(db, post, posted)) ? 'sent' : 'lost-claim';
  } catch (error) {
    if (error instanceof RedditApiError && error.status === 401) posting.tokens.invalidate(account.id);
    const answered = error instanceof RedditApiError && error.status !== undefined;
    if (startedAt && !answered) {
      log.warn({ postId: post.id, err: error }, 'no answer to a first comment; left for verification');
      await leaveCommentForVerification(db, post, error instanceof Error ? error.message : 'no answer');
      return 'uncertain';
    }
    const verdict = judge(error, account, post.firstCommentAttempts, timings);
    if (verdict.kind === 'fail') return fail(verdict.error);
    const serverError = startedAt && error instanceof RedditApiError && (error.status ?? 0) >= 500;
    await releaseComment(db, post, {
      dueAt: new Date(Date.now() + verdict.afterMs),
      error: verdict.error,
      verifySince: serverError ? startedAt : null,
    });
    return 'retrying';
  }
}

/** Takes due first comments and posts them, `concurrency` at a time, until none is due. */
export async function drainDueComments(
  deps: SenderDependencies,
  timings: SenderTimings = defaultSenderTimings,
  signal?: AbortSignal,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  while (!signal?.aborted) {
    const claimed = await claimDueComments(deps.db, deps.concurrency);
    if (claimed.length === 0) break;
    await Promise.all(
      claimed.map(async (post) => {
        const result = await sendClaimedComment(deps, post, timings).catch((error: unknown) => {
          // A database failure mid-send: the claim stays and expires (or recovery verifies it).
          deps.log.error({ postId: post.id, err: error }, 'first comment step failed');
          return 'error';
        });
        counts[result] = (counts[result] ?? 0) + 1;
      }),
    );
  }
  return counts;
}

/**
 * After crashes: claims abandoned before /api/comment are freed (posted normally later); comments
 * whose call got no answer are looked for under the post — found: sent; not found: failed with an
 * explanation rather than risk a second comment.
 */
export async function recoverComments(
  deps: SenderDependencies,
  timings: SenderTimings = defaultSenderTimings,
) {
  const freed = await releaseAbandonedCommentClaims(deps.db, timings.claimLeaseMs);
  let confirmed = 0;
  let unconfirmed = 0;
  const { posting } = deps;
  if (!posting) return { freed, confirmed, unconfirmed };
  const uncertain = await claimUncertainComments(deps.db, timings.submitSettleMs, timings.claimLeaseMs, 50);
  for (const post of uncertain) {
    const account = post.redditAccountId ? await findAccountById(deps.db, post.redditAccountId) : undefined;
    if (!account) {
      await markCommentFailed(deps.db, post, firstCommentErrors.accountGone);
      continue;
    }
    try {
      const found = await lookForComment(posting, account, post, post.firstCommentSubmitStartedAt!);
      if (found) {
        await markCommentSent(deps.db, post, found);
        confirmed++;
      } else {
        await markCommentFailed(deps.db, post, firstCommentErrors.unconfirmed);
        unconfirmed++;
      }
    } catch (error) {
      // Reddit unreachable: keep it as it is and look again at the next sweep.
      await leaveCommentForVerification(
        deps.db,
        post,
        error instanceof Error ? error.message : 'Reddit unreachable',
      );
    }
  }
  return { freed, confirmed, unconfirmed };
}

/** The distinct seconds at which comments fall due within `withinMs` (one wake job each). */
export function commentDueSecondsSoon(db: SenderDependencies['db'], withinMs: number): Promise<Date[]> {
  return commentDueSecondsWithin(db, withinMs);
}

/** The earliest due time of a comment nobody holds (for waking its sender after a restart). */
export function earliestDueCommentTime(db: SenderDependencies['db']): Promise<Date | null> {
  return earliestDueComment(db);
}
