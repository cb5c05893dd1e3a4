import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { scheduledPosts, type ScheduledPostRow } from '../../db/schema/index.js';

/**
 * The first comment's state transitions on scheduled_posts, the same protocol as the post's own
 * (docs/decisions/011-post-sending.md): claim, a point of no return committed before /api/comment,
 * an outcome conditional on the claim. Each is one conditional UPDATE.
 */

type Held = Pick<ScheduledPostRow, 'id' | 'firstCommentClaimToken'>;

const unclaimed = { firstCommentClaimToken: null, firstCommentClaimedAt: null } as const;

/** The post is live, its comment pending, held by no sender, and nothing sent yet. */
const waitingToBeSent = () =>
  and(
    eq(scheduledPosts.status, 'sent'),
    eq(scheduledPosts.firstCommentStatus, 'pending'),
    isNull(scheduledPosts.firstCommentClaimToken),
    isNull(scheduledPosts.firstCommentSubmitStartedAt),
    isNotNull(scheduledPosts.firstCommentDueAt),
  );

export async function claimDueComments(db: Database, limit: number): Promise<ScheduledPostRow[]> {
  const due = db
    .select({ id: scheduledPosts.id })
    .from(scheduledPosts)
    .where(and(waitingToBeSent(), lte(scheduledPosts.firstCommentDueAt, sql`now()`)))
    .orderBy(scheduledPosts.firstCommentDueAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(scheduledPosts)
    .set({
      firstCommentClaimToken: sql`gen_random_uuid()`,
      firstCommentClaimedAt: sql`now()`,
      firstCommentAttempts: sql`${scheduledPosts.firstCommentAttempts} + 1`,
    })
    .where(sql`${scheduledPosts.id} in (${due})`)
    .returning();
}

const held = (post: Held) =>
  and(
    eq(scheduledPosts.id, post.id),
    eq(scheduledPosts.firstCommentClaimToken, post.firstCommentClaimToken!),
    eq(scheduledPosts.firstCommentStatus, 'pending'),
  );

/** Committed before /api/comment goes out; null when the claim was lost or a call already started. */
export async function markCommentSubmitting(db: Database, post: Held): Promise<Date | null> {
  const [row] = await db
    .update(scheduledPosts)
    .set({ firstCommentSubmitStartedAt: sql`now()` })
    .where(and(held(post), isNull(scheduledPosts.firstCommentSubmitStartedAt)))
    .returning({ at: scheduledPosts.firstCommentSubmitStartedAt });
  return row?.at ?? null;
}

export async function markCommentSent(
  db: Database,
  post: Held,
  comment: { id: string; url: string },
): Promise<boolean> {
  const rows = await db
    .update(scheduledPosts)
    .set({
      ...unclaimed,
      firstCommentStatus: 'sent',
      firstCommentId: comment.id,
      firstCommentUrl: comment.url,
      firstCommentSentAt: sql`now()`,
      firstCommentError: null,
      firstCommentSubmitStartedAt: null,
      firstCommentVerifySince: null,
    })
    .where(held(post))
    .returning({ id: scheduledPosts.id });
  return rows.length > 0;
}

export async function markCommentFailed(db: Database, post: Held, error: string): Promise<boolean> {
  const rows = await db
    .update(scheduledPosts)
    .set({
      ...unclaimed,
      firstCommentStatus: 'failed',
      firstCommentError: error,
      firstCommentSubmitStartedAt: null,
      firstCommentVerifySince: null,
    })
    .where(held(post))
    .returning({ id: scheduledPosts.id });
  return rows.length > 0;
}

/** Back to waiting for a later try; the error shows while it waits. verifySince: look before posting. */
export async function releaseComment(
  db: Database,
  post: Held,
  next: { dueAt: Date; error: string; verifySince?: Date | null },
): Promise<void> {
  await db
    .update(scheduledPosts)
    .set({
      ...unclaimed,
      firstCommentSubmitStartedAt: null,
      firstCommentDueAt: next.dueAt,
      firstCommentError: next.error,
      ...(next.verifySince ? { firstCommentVerifySince: next.verifySince } : {}),
    })
    .where(held(post));
}

/** Keeps the point of no return (Reddit may have the comment) for the recovery to look it up. */
export async function leaveCommentForVerification(db: Database, post: Held, error: string) {
  await db
    .update(scheduledPosts)
    .set({ ...unclaimed, firstCommentError: error })
    .where(held(post));
}

/** Claims that outlived their lease before /api/comment: the sender died; free them. */
export async function releaseAbandonedCommentClaims(db: Database, leaseMs: number): Promise<number> {
  const rows = await db
    .update(scheduledPosts)
    .set({ ...unclaimed })
    .where(
      and(
        eq(scheduledPosts.firstCommentStatus, 'pending'),
        isNotNull(scheduledPosts.firstCommentClaimToken),
        isNull(scheduledPosts.firstCommentSubmitStartedAt),
        lte(scheduledPosts.firstCommentClaimedAt, sql`now() - make_interval(secs => ${leaseMs / 1000})`),
      ),
    )
    .returning({ id: scheduledPosts.id });
  return rows.length;
}

/** Comments whose /api/comment started long enough ago and that nobody holds: look for them on Reddit. */
export async function claimUncertainComments(
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
        eq(scheduledPosts.firstCommentStatus, 'pending'),
        isNotNull(scheduledPosts.firstCommentSubmitStartedAt),
        lte(
          scheduledPosts.firstCommentSubmitStartedAt,
          sql`now() - make_interval(secs => ${settleMs / 1000})`,
        ),
        sql`(${scheduledPosts.firstCommentClaimToken} is null or ${scheduledPosts.firstCommentClaimedAt} <= now() - make_interval(secs => ${leaseMs / 1000}))`,
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(scheduledPosts)
    .set({ firstCommentClaimToken: sql`gen_random_uuid()`, firstCommentClaimedAt: sql`now()` })
    .where(sql`${scheduledPosts.id} in (${candidates})`)
    .returning();
}

/** The distinct seconds at which comments fall due in the next `withinMs` (one wake job each). */
export async function commentDueSecondsWithin(
  db: Database,
  withinMs: number,
  now = new Date(),
): Promise<Date[]> {
  const rows = await db
    .selectDistinct({
      second: sql<number>`floor(extract(epoch from ${scheduledPosts.firstCommentDueAt}))::bigint`.mapWith(
        Number,
      ),
    })
    .from(scheduledPosts)
    .where(
      and(
        waitingToBeSent(),
        gt(scheduledPosts.firstCommentDueAt, now),
        lte(scheduledPosts.firstCommentDueAt, new Date(now.getTime() + withinMs)),
      ),
    );
  return rows.map((row) => new Date(row.second * 1000)).sort((a, b) => a.getTime() - b.getTime());
}

/** The earliest due time of a comment nobody holds (for waking its sender after a restart). */
export async function earliestDueComment(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<Date | null>`min(${scheduledPosts.firstCommentDueAt})`.mapWith(
        scheduledPosts.firstCommentDueAt,
      ),
    })
    .from(scheduledPosts)
    .where(waitingToBeSent());
  return row?.at ?? null;
}
