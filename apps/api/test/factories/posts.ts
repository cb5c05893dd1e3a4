import type { Database } from '../../src/db/client.js';
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
