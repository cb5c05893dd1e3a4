import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { PostOutcome } from '@app/shared/posts';
import { firstCommentErrors } from '@app/shared/posts-first-comment';
import type { Database } from '../../db/client.js';
import { postEngagement, scheduledPosts, type ScheduledPostRow } from '../../db/schema/index.js';

/**
 * The sender's state transitions on scheduled_posts (docs/decisions/011-post-sending.md). Each is
 * one conditional UPDATE, so two processes can never both take the same step for a post.
 */

const unclaimed = {
  claimToken: null,
  claimedAt: null,
} as const;

/**
 * Pending, held by no sender and nothing submitted yet: a post the sender may still take. Not while
 * its campaign is paused, nor while its own protected copy is still being made.
 */
const waitingToBeSent = () =>
  and(
    eq(scheduledPosts.status, 'pending'),
    isNull(scheduledPosts.claimToken),
    isNull(scheduledPosts.submitStartedAt),
    eq(scheduledPosts.paused, false),
    sql`${scheduledPosts.copyState} is distinct from 'making'`,
  );

/** Takes up to limit due posts for this sender: pending, not held by anyone, nothing sent yet. */
export async function claimDuePosts(db: Database, limit: number): Promise<ScheduledPostRow[]> {
  const due = db
    .select({ id: scheduledPosts.id })
    .from(scheduledPosts)
    .where(
      and(
        waitingToBeSent(),
        lte(scheduledPosts.dueAt, sql`now()`),
        lte(scheduledPosts.scheduledAt, sql`now()`),
      ),
    )
    .orderBy(scheduledPosts.dueAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(scheduledPosts)
    .set({
      claimToken: sql`gen_random_uuid()`,
      claimedAt: sql`now()`,
      attempts: sql`${scheduledPosts.attempts} + 1`,
      lastAttemptAt: sql`now()`,
      // The wait for the allowance is over once a sender takes the post.
      lastError: sql`case when ${scheduledPosts.budgetWaitUntil} is null then ${scheduledPosts.lastError} end`,
      budgetWaitUntil: null,
    })
    .where(sql`${scheduledPosts.id} in (${due})`)
    .returning();
}

/**
 * The server-wide Reddit allowance says wait: every due post nobody holds moves to `until`, saying
 * why. No claim is taken, so nothing about sending changes (docs/decisions/038-reddit-rate-budget.md).
 */
export async function deferDuePosts(db: Database, until: Date, lastError: string): Promise<number> {
  const rows = await db
    .update(scheduledPosts)
    .set({ dueAt: until, budgetWaitUntil: until, lastError })
    .where(
      and(
        waitingToBeSent(),
        lte(scheduledPosts.dueAt, sql`now()`),
        lte(scheduledPosts.scheduledAt, sql`now()`),
      ),
    )
    .returning({ id: scheduledPosts.id });
  return rows.length;
}

/**
 * The point of no return, committed before /api/submit goes out: from here on Reddit may have the
 * post, so it is never submitted again without looking for it first. False when the claim was lost.
 */
export async function markSubmitting(
  db: Database,
  post: Pick<ScheduledPostRow, 'id' | 'claimToken'>,
): Promise<Date | null> {
  const [row] = await db
    .update(scheduledPosts)
    .set({ submitStartedAt: sql`now()` })
    .where(
      and(
        eq(scheduledPosts.id, post.id),
        eq(scheduledPosts.claimToken, post.claimToken!),
        eq(scheduledPosts.status, 'pending'),
        isNull(scheduledPosts.submitStartedAt),
      ),
    )
    .returning({ at: scheduledPosts.submitStartedAt });
  return row?.at ?? null;
}

const held = (post: Pick<ScheduledPostRow, 'id' | 'claimToken'>) =>
  and(
    eq(scheduledPosts.id, post.id),
    eq(scheduledPosts.claimToken, post.claimToken!),
    eq(scheduledPosts.status, 'pending'),
  );

export async function markSent(
  db: Database,
  post: Pick<ScheduledPostRow, 'id' | 'claimToken'>,
  result: { redditPostId: string | null; url: string },
  firstOutcomeCheckAt: Date,
  sender: { karma: number | null; ageDays: number | null } = { karma: null, ageDays: null },
): Promise<boolean> {
  const rows = await db
    .update(scheduledPosts)
    .set({
      ...unclaimed,
      status: 'sent',
      sentAt: sql`now()`,
      senderKarma: sender.karma,
      senderAgeDays: sender.ageDays,
      redditPostId: result.redditPostId,
      resultJson: { url: result.url },
      lastError: null,
      submitStartedAt: null,
      verifySince: null,
      budgetWaitUntil: null,
      nextOutcomeCheckAt: firstOutcomeCheckAt,
      // Written with the sent status in one UPDATE: a post that is live always has its comment's time.
      firstCommentDueAt: sql`case when ${scheduledPosts.firstComment} is not null then now() + make_interval(mins => ${scheduledPosts.firstCommentDelayMinutes}) end`,
    })
    .where(held(post))
    .returning({ id: scheduledPosts.id });
  return rows.length > 0;
}

export async function markFailed(
  db: Database,
  post: Pick<ScheduledPostRow, 'id' | 'claimToken'>,
  error: string,
): Promise<boolean> {
  const rows = await db
    .update(scheduledPosts)
    .set({
      ...unclaimed,
      status: 'failed',
      resultJson: { error },
      lastError: null,
      submitStartedAt: null,
      verifySince: null,
      firstCommentStatus: sql`case when ${scheduledPosts.firstComment} is not null then 'failed' end`,
      firstCommentError: sql`case when ${scheduledPosts.firstComment} is not null then ${firstCommentErrors.postNotSent} end`,
      budgetWaitUntil: null,
    })
    .where(held(post))
    .returning({ id: scheduledPosts.id });
  return rows.length > 0;
}

/**
 * Back to pending for a later try. verifySince: Reddit answered a submit with a 5xx, so the post
 * was almost certainly not made, but the next attempt looks for it first. budgetWait: the
 * server-wide allowance stopped the send before any call went out, so the attempt is not counted.
 * spacingWait: the account's spacing held the post back; not an attempt either.
 */
export async function release(
  db: Database,
  post: Pick<ScheduledPostRow, 'id' | 'claimToken'>,
  next: {
    dueAt: Date;
    lastError: string;
    reschedule?: boolean;
    verifySince?: Date | null;
    budgetWait?: boolean;
    spacingWait?: boolean;
  },
): Promise<void> {
  await db
    .update(scheduledPosts)
    .set({
      ...unclaimed,
      submitStartedAt: null,
      dueAt: next.dueAt,
      lastError: next.lastError,
      budgetWaitUntil: next.budgetWait ? next.dueAt : null,
      ...(next.budgetWait || next.spacingWait
        ? { attempts: sql`greatest(0, ${scheduledPosts.attempts} - 1)` }
        : {}),
      ...(next.reschedule ? { scheduledAt: next.dueAt } : {}),
      ...(next.verifySince ? { verifySince: next.verifySince } : {}),
    })
    .where(held(post));
}

/** Keeps submit_started_at (Reddit may have the post) but lets the recovery look for it later. */
export async function leaveForVerification(
  db: Database,
  post: Pick<ScheduledPostRow, 'id' | 'claimToken'>,
  lastError: string,
) {
  await db
    .update(scheduledPosts)
    .set({ ...unclaimed, lastError })
    .where(held(post));
}

/** Claims that outlived their lease before reaching /api/submit: the sender died; free them. */
export async function releaseAbandonedClaims(db: Database, leaseMs: number): Promise<number> {
  const rows = await db
    .update(scheduledPosts)
    .set({ ...unclaimed })
    .where(
      and(
        eq(scheduledPosts.status, 'pending'),
        isNotNull(scheduledPosts.claimToken),
        isNull(scheduledPosts.submitStartedAt),
        lte(scheduledPosts.claimedAt, sql`now() - make_interval(secs => ${leaseMs / 1000})`),
      ),
    )
    .returning({ id: scheduledPosts.id });
  return rows.length;
}

/**
 * Posts whose submit started long enough ago that no sender can still be waiting on Reddit, and
 * that nobody holds (or whose holder's lease ran out): taken to look for them on Reddit.
 */
export async function claimUncertainPosts(
  db: Database,
  settleMs: number,
  leaseMs: number,
  limit: number,
): Promise<ScheduledPostRow[]> {
  const candidates = db
    .select({ id: scheduledPosts.id })
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.status, 'pending'),
        isNotNull(scheduledPosts.submitStartedAt),
        lte(scheduledPosts.submitStartedAt, sql`now() - make_interval(secs => ${settleMs / 1000})`),
        sql`(${scheduledPosts.claimToken} is null or ${scheduledPosts.claimedAt} <= now() - make_interval(secs => ${leaseMs / 1000}))`,
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(scheduledPosts)
    .set({ claimToken: sql`gen_random_uuid()`, claimedAt: sql`now()` })
    .where(sql`${scheduledPosts.id} in (${candidates})`)
    .returning();
}

export async function claimOutcomeChecks(db: Database, limit: number): Promise<ScheduledPostRow[]> {
  const due = db
    .select({ id: scheduledPosts.id })
    .from(scheduledPosts)
    .where(and(eq(scheduledPosts.status, 'sent'), lte(scheduledPosts.nextOutcomeCheckAt, sql`now()`)))
    .limit(limit)
    .for('update', { skipLocked: true });
  // Moving the next check an hour on is the claim: another sweep skips these rows meanwhile.
  return db
    .update(scheduledPosts)
    .set({ nextOutcomeCheckAt: sql`now() + interval '1 hour'` })
    .where(sql`${scheduledPosts.id} in (${due})`)
    .returning();
}

export async function saveOutcome(
  db: Database,
  id: string,
  outcome: PostOutcome | null,
  nextCheckAt: Date | null,
) {
  await db
    .update(scheduledPosts)
    .set({
      ...(outcome ? { outcome, outcomeChecks: sql`${scheduledPosts.outcomeChecks} + 1` } : {}),
      nextOutcomeCheckAt: nextCheckAt,
    })
    .where(eq(scheduledPosts.id, id));
}

/** A check the allowance could not pay for: counted as done, the post moves on to its next one. */
export async function skipOutcomeCheck(db: Database, id: string, nextCheckAt: Date | null) {
  await db
    .update(scheduledPosts)
    .set({ outcomeChecks: sql`${scheduledPosts.outcomeChecks} + 1`, nextOutcomeCheckAt: nextCheckAt })
    .where(eq(scheduledPosts.id, id));
}

/** One engagement check of a sent post, kept for its history. */
export async function recordEngagement(
  db: Database,
  postId: string,
  check: {
    checkedAt: Date;
    minutes: number;
    score: number | null;
    upvoteRatio: number | null;
    comments: number | null;
    removed: boolean;
    removedBy: string | null;
  },
) {
  await db.insert(postEngagement).values({
    postId,
    checkedAt: check.checkedAt,
    minutesAfterSending: check.minutes,
    score: check.score,
    upvoteRatio: check.upvoteRatio,
    comments: check.comments,
    removed: check.removed,
    removedBy: check.removedBy,
  });
}

/** Due times of pending posts nobody holds, for waking the sender after a restart. */
export async function earliestDue(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<Date | null>`min(greatest(${scheduledPosts.dueAt}, ${scheduledPosts.scheduledAt}))`.mapWith(
        scheduledPosts.dueAt,
      ),
    })
    .from(scheduledPosts)
    .where(waitingToBeSent());
  return row?.at ?? null;
}

/** The distinct seconds at which pending posts fall due in the next `withinMs` (as wakeSender takes them). */
export async function dueSecondsWithin(db: Database, withinMs: number, now = new Date()): Promise<Date[]> {
  const rows = await db
    .selectDistinct({
      second: sql<number>`floor(extract(epoch from ${scheduledPosts.dueAt}))::bigint`.mapWith(Number),
    })
    .from(scheduledPosts)
    .where(
      and(
        waitingToBeSent(),
        gt(scheduledPosts.dueAt, now),
        lte(scheduledPosts.dueAt, new Date(now.getTime() + withinMs)),
      ),
    );
  return rows.map((row) => new Date(row.second * 1000)).sort((a, b) => a.getTime() - b.getTime());
}
