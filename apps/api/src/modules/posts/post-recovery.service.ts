import { RedditBudgetWaitError } from '../../adapters/reddit/rate-budget.js';
import { postStatusBatchMax } from '../../adapters/reddit/reddit-posting-api.js';
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
  recordEngagement,
  saveOutcome,
  skipOutcomeCheck,
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

/** Checks from this one on (6 h, 24 h, 72 h) are thinned first when the allowance runs short. */
const laterChecksFrom = 2;

/**
 * Engagement over time (docs/reddit-posting.md#engagement-over-time): each sent post is looked at
 * about 15 min, 1 h, 6 h, 24 h and 72 h after sending, up to 100 posts of one account per /api/info
 * call, paid at priority 3 of the server's Reddit allowance so checks never crowd out posting. When
 * the allowance runs short the later checks (6 h on) are skipped first: they also need priority 4's
 * reserve, and a skipped check moves the post to its next one. Each check is kept as a row of
 * post_engagement, and the latest on the post (`outcome`) as before.
 */
export async function checkOutcomes(deps: SenderDependencies, timings: SenderTimings = defaultSenderTimings) {
  const { posting } = deps;
  if (!posting) return 0;
  const allowance = await posting.budget?.check(3);
  if (allowance && !allowance.go) return 0;
  const laterAllowed = (await posting.budget?.check(4))?.go ?? true;
  const claimed = await claimOutcomeChecks(deps.db, 500);
  const byAccount = new Map<string, typeof claimed>();
  let checked = 0;
  for (const post of claimed) {
    const next = outcomeCheckAt(timings, post.outcomeChecks + 1, post.sentAt?.getTime());
    if (!post.redditAccountId || !post.redditPostId) {
      await saveOutcome(deps.db, post.id, null, null);
      continue;
    }
    if (post.outcomeChecks >= laterChecksFrom && !laterAllowed) {
      await skipOutcomeCheck(deps.db, post.id, next);
      continue;
    }
    byAccount.set(post.redditAccountId, [...(byAccount.get(post.redditAccountId) ?? []), post]);
  }
  let waitUntil: Date | undefined;
  for (const [accountId, posts] of byAccount) {
    const account = await findAccountById(deps.db, accountId);
    for (let start = 0; start < posts.length; start += postStatusBatchMax) {
      const batch = posts.slice(start, start + postStatusBatchMax);
      if (!account) {
        for (const post of batch) await saveOutcome(deps.db, post.id, null, null);
        continue;
      }
      if (waitUntil) {
        for (const post of batch) await saveOutcome(deps.db, post.id, null, waitUntil);
        continue;
      }
      try {
        const statuses = await posting.tokens.withToken(account, (token) =>
          posting.api.postStatuses(
            token,
            batch.map((post) => post.redditPostId!),
          ),
        );
        const now = new Date();
        for (const post of batch) {
          const status = statuses.get(post.redditPostId!) ?? {
            removed: true,
            removedBy: 'deleted',
            score: null,
            comments: null,
            upvoteRatio: null,
          };
          const minutes = Math.round((now.getTime() - (post.sentAt?.getTime() ?? now.getTime())) / 60_000);
          const { upvoteRatio = null, ...outcome } = status;
          await recordEngagement(deps.db, post.id, { checkedAt: now, minutes, upvoteRatio, ...outcome });
          const next = outcomeCheckAt(timings, post.outcomeChecks + 1, post.sentAt?.getTime());
          await saveOutcome(
            deps.db,
            post.id,
            { checkedAt: now.toISOString(), minutesAfterSending: minutes, ...outcome },
            next && next.getTime() > Date.now() ? next : next ? new Date(Date.now() + 60_000) : null,
          );
          checked++;
        }
      } catch (error) {
        if (error instanceof RedditBudgetWaitError) {
          // The rest waits for the allowance too, without asking Reddit.
          waitUntil = error.until;
          for (const post of batch) await saveOutcome(deps.db, post.id, null, waitUntil);
          continue;
        }
        deps.log.warn({ accountId, err: error }, 'outcome checks failed; trying again later');
        for (const post of batch)
          await saveOutcome(deps.db, post.id, null, new Date(Date.now() + 5 * 60_000));
      }
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
