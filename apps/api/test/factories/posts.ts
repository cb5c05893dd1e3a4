import type { Database } from '../../src/db/client.js';
import { eq, sql } from 'drizzle-orm';
import { scheduledPosts } from '../../src/db/schema/index.js';

type NewScheduledPost = typeof scheduledPosts.$inferInsert;
type ScheduledPostValues = Pick<NewScheduledPost, 'userId'> & Partial<NewScheduledPost>;

const defaults = { subreddit: 'pics', titleFinal: 'A post' };

/** A pending text post due now, unless told otherwise. */
export async function newScheduledPost(db: Database, values: ScheduledPostValues) {
  const [row] = await db
    .insert(scheduledPosts)
    .values({ ...defaults, scheduledAt: new Date(), ...values })
    .returning();
  return row!;
}

/** Several posts in one insert, for tests that need counts of them. */
export async function newScheduledPosts(db: Database, rows: ScheduledPostValues[]) {
  if (rows.length === 0) return [];
  return db
    .insert(scheduledPosts)
    .values(rows.map((values) => ({ ...defaults, scheduledAt: new Date(), ...values })))
    .returning();
}

/**
 * Moves a sent post's sending two hours back, for tests about something else than spacing: the
 * same account's next post is then past its spacing (send-spacing.repo.ts) and goes out at once.
 */
export async function sentHoursAgo(db: Database, id: string) {
  await db
    .update(scheduledPosts)
    .set({ sentAt: sql`${scheduledPosts.sentAt} - interval '2 hours'` })
    .where(eq(scheduledPosts.id, id));
}
