import type { Database } from '../../db/client.js';
import { findAccountById } from '../reddit/reddit-accounts.repo.js';
import {
  claimOutcomeChecks,
  claimUncertainPosts,
  dueSecondsWithin,
  earliestDue,
  leaveForVerification,
  markFailed,
  markSent,
  releaseAbandonedClaims,
  saveOutcome,
} from './post-sending.repo.js';
import {
  defaultSenderTimings,
  lookFor,
  outcomeCheckAt,
  senderTexts,
  type SenderDependencies,
  type SenderTimings,
} from './post-sending.service.js';

/** The sender's periodic side (the minute sweep and start-up): recovery, outcome checks, and when to wake it. */

/**
 * Recovery after crashes: claims abandoned before the submit are freed (sent normally later);
 * posts whose submit got no answer are looked for on Reddit — found: sent; not found: failed with
 * an explanation rather than risk a second copy (docs/decisions/011-post-sending.md).
 */
export async function recoverPosts(deps: SenderDependencies, timings: SenderTimings = defaultSenderTimings) {
  const freed = await releaseAbandonedClaims(deps.db, timings.claimLeaseMs);
  let confirmed = 0;
  let unconfirmed = 0;
  const { posting } = deps;
  if (!posting) return { freed, confirmed, unconfirmed };
  for (const post of await claimUncertainPosts(deps.db, timings.submitSettleMs, timings.claimLeaseMs, 50)) {
    const account = post.redditAccountId ? await findAccountById(deps.db, post.redditAccountId) : undefined;
    if (!account) {
      await markFailed(deps.db, post, senderTexts.accountGone);
      continue;
    }
    try {
      const found = await lookFor(posting, account, post, post.submitStartedAt!);
      if (found) {
        await markSent(
          deps.db,
          post,
          { redditPostId: found.id, url: found.url },
          outcomeCheckAt(timings, 0)!,
        );
        confirmed++;
      } else {
        await markFailed(deps.db, post, senderTexts.unconfirmed(post.subreddit));
        unconfirmed++;
      }
    } catch (error) {
      // Reddit unreachable: keep the post as it is and look again at the next sweep.
      await leaveForVerification(
        deps.db,
        post,
        error instanceof Error ? error.message : 'Reddit unreachable',
      );
    }
  }
  return { freed, confirmed, unconfirmed };
}

/** About 15 and 60 minutes after sending: removed or not, by whom, and the score. */
export async function checkOutcomes(deps: SenderDependencies, timings: SenderTimings = defaultSenderTimings) {
  const { posting } = deps;
  if (!posting) return 0;
  let checked = 0;
  for (const post of await claimOutcomeChecks(deps.db, 50)) {
    const account = post.redditAccountId ? await findAccountById(deps.db, post.redditAccountId) : undefined;
    const next = outcomeCheckAt(timings, post.outcomeChecks + 1, post.sentAt?.getTime());
    if (!account || !post.redditPostId) {
      await saveOutcome(deps.db, post.id, null, null);
      continue;
    }
    try {
      const status = await posting.tokens.withToken(account, (token) =>
        posting.api.postStatus(token, post.redditPostId!),
      );
      const minutes = Math.round((Date.now() - (post.sentAt?.getTime() ?? Date.now())) / 60_000);
      await saveOutcome(
        deps.db,
        post.id,
        status
          ? { checkedAt: new Date().toISOString(), minutesAfterSending: minutes, ...status }
          : {
              checkedAt: new Date().toISOString(),
              minutesAfterSending: minutes,
              removed: true,
              removedBy: 'deleted',
              score: null,
              comments: null,
            },
        next && next.getTime() > Date.now() ? next : next ? new Date(Date.now() + 60_000) : null,
      );
      checked++;
    } catch (error) {
      deps.log.warn({ postId: post.id, err: error }, 'outcome check failed; trying again later');
      await saveOutcome(deps.db, post.id, null, new Date(Date.now() + 5 * 60_000));
    }
  }
  return checked;
}

/** The distinct seconds at which pending posts fall due within `withinMs` (one wake job each). */
export function dueSecondsSoon(db: Database, withinMs: number): Promise<Date[]> {
  return dueSecondsWithin(db, withinMs);
}

/** The earliest due time of a pending post nobody holds (for waking the sender after a restart). */
export function earliestDuePost(db: Database): Promise<Date | null> {
  return earliestDue(db);
}
