import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  redditAccounts,
  repostSeries,
  scheduledPosts,
  type NewScheduledPostRow,
  type RepostSeriesRow,
} from '../../db/schema/index.js';

export type SeriesWithAccount = RepostSeriesRow & { redditUsername: string | null };

const withAccount = { series: repostSeries, redditUsername: redditAccounts.username };
const flatten = (row: { series: RepostSeriesRow; redditUsername: string | null }): SeriesWithAccount => ({
  ...row.series,
  redditUsername: row.redditUsername,
});

export async function insertSeries(db: Database, values: typeof repostSeries.$inferInsert) {
  const [row] = await db.insert(repostSeries).values(values).returning();
  return row!;
}

export async function findOwnSeries(db: Database, userId: string, id: string) {
  const [row] = await db
    .select(withAccount)
    .from(repostSeries)
    .leftJoin(redditAccounts, eq(redditAccounts.id, repostSeries.redditAccountId))
    .where(and(eq(repostSeries.id, id), eq(repostSeries.userId, userId)));
  return row ? flatten(row) : undefined;
}

/** The newest 100 first: a creator keeps a handful running. */
export async function listOwnSeries(db: Database, userId: string) {
  const rows = await db
    .select(withAccount)
    .from(repostSeries)
    .leftJoin(redditAccounts, eq(redditAccounts.id, repostSeries.redditAccountId))
    .where(eq(repostSeries.userId, userId))
    .orderBy(desc(repostSeries.createdAt), desc(repostSeries.id))
    .limit(100);
  return rows.map(flatten);
}

/** Waiting posts of the series no sender holds: the ones stopping it removes. */
export async function deleteWaitingSeriesPosts(db: Database, seriesId: string) {
  return db
    .delete(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.seriesId, seriesId),
        eq(scheduledPosts.status, 'pending'),
        isNull(scheduledPosts.claimToken),
        isNull(scheduledPosts.submitStartedAt),
      ),
    )
    .returning({ copyStorageKey: scheduledPosts.copyStorageKey });
}

/**
 * Stops an active series (once: the first reason wins) and removes its waiting posts. Answers the
 * storage keys of the removed posts' copies, or null when it was not active.
 */
export async function stopSeries(db: Database, id: string, reason: string | null, userId?: string) {
  const stopped = await db
    .update(repostSeries)
    .set({ status: 'stopped', stoppedReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(repostSeries.id, id),
        eq(repostSeries.status, 'active'),
        userId ? eq(repostSeries.userId, userId) : undefined,
      ),
    )
    .returning({ id: repostSeries.id });
  if (stopped.length === 0) return null;
  return deleteWaitingSeriesPosts(db, id);
}

export async function resumeSeries(db: Database, userId: string, id: string, nextRunAt: Date) {
  const rows = await db
    .update(repostSeries)
    .set({
      status: 'active',
      stoppedReason: null,
      nextRunAt,
      activeSince: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(repostSeries.id, id), eq(repostSeries.userId, userId), eq(repostSeries.status, 'stopped')))
    .returning({ id: repostSeries.id });
  return rows.length > 0;
}

/** Active series whose account is gone (disconnected): they stop by themselves. */
export function seriesWithoutAccount(db: Database) {
  return db
    .select({ id: repostSeries.id })
    .from(repostSeries)
    .where(and(eq(repostSeries.status, 'active'), isNull(repostSeries.redditAccountId)));
}

/**
 * Removed posts that belong to an active series: its rounds, the post it came from, or its
 * campaign's posts (the caller keeps those in the series' subreddits).
 */
export async function removedSeriesPosts(db: Database) {
  return db
    .select({
      seriesId: repostSeries.id,
      seriesSubreddits: repostSeries.subreddits,
      subreddit: scheduledPosts.subreddit,
      outcome: scheduledPosts.outcome,
    })
    .from(repostSeries)
    .innerJoin(
      scheduledPosts,
      and(
        eq(scheduledPosts.userId, repostSeries.userId),
        or(
          eq(scheduledPosts.seriesId, repostSeries.id),
          eq(scheduledPosts.id, repostSeries.sourcePostId),
          eq(scheduledPosts.campaignId, repostSeries.campaignId),
        ),
      ),
    )
    .where(
      and(
        eq(repostSeries.status, 'active'),
        sql`(${scheduledPosts.outcome} ->> 'removed')::boolean is true`,
        sql`(${scheduledPosts.outcome} ->> 'checkedAt')::timestamptz >= ${repostSeries.activeSince}`,
      ),
    )
    .orderBy(scheduledPosts.sentAt);
}

export function dueSeries(db: Database, now: Date, limit = 20) {
  return db
    .select()
    .from(repostSeries)
    .where(
      and(
        eq(repostSeries.status, 'active'),
        lte(repostSeries.nextRunAt, now),
        sql`${repostSeries.redditAccountId} is not null`,
      ),
    )
    .orderBy(repostSeries.nextRunAt)
    .limit(limit);
}

/** How long a claimed round may take before another process may make it instead. */
const roundLeaseMinutes = 10;

/**
 * The claim: moves next_run_at past now only if nobody else did (the value read is the version).
 * Of two processes reading the same due series, one gets a row back.
 */
export async function claimRound(db: Database, series: Pick<RepostSeriesRow, 'id' | 'nextRunAt'>) {
  const rows = await db
    .update(repostSeries)
    .set({ nextRunAt: sql`now() + make_interval(mins => ${roundLeaseMinutes})` })
    .where(
      and(
        eq(repostSeries.id, series.id),
        eq(repostSeries.status, 'active'),
        eq(repostSeries.nextRunAt, series.nextRunAt),
      ),
    )
    .returning();
  return rows[0];
}

/** The round's posts and the next run, together (a crash before this leaves the round to retry). */
export async function saveRound(
  db: Database,
  seriesId: string,
  posts: NewScheduledPostRow[],
  nextRunAt: Date,
  note: string | null,
) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(repostSeries)
      .set({
        nextRunAt,
        rounds: sql`${repostSeries.rounds} + 1`,
        lastRoundNote: note,
        updatedAt: sql`now()`,
      })
      .where(and(eq(repostSeries.id, seriesId), eq(repostSeries.status, 'active')))
      .returning({ id: repostSeries.id });
    // Stopped meanwhile (the creator, or a removal): the round is not made.
    if (updated.length === 0 || posts.length === 0) return [];
    return tx.insert(scheduledPosts).values(posts).returning();
  });
}

export async function postsByIds(db: Database, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(scheduledPosts)
    .where(and(eq(scheduledPosts.userId, userId), inArray(scheduledPosts.id, [...ids])));
}
