import { count, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { communities, scheduledPosts, type CommunityRow } from '../../db/schema/index.js';
import type { Outcomes } from './success-score.js';

export interface UserCommunityOutcomes extends Outcomes {
  userId: string;
  /** lower(subreddit), to match lower(communities.name). */
  community: string;
}

/** Every community not deleted by an admin; missing ones stay listed (their missingSince says so). */
export function listVisibleCommunities(db: Database): Promise<CommunityRow[]> {
  return db.select().from(communities).where(isNull(communities.deletedAt));
}

// The sender checks each sent post about 15 and 60 minutes later (modules/posts/post-sending.service.ts checkOutcomes);
// a post a moderator, Reddit or its author took down by then counts as removed.
const removedAfterSending = sql`coalesce((${scheduledPosts.outcome}->>'removed')::boolean, false)`;

/** Outcomes of posts sent through the product, per user and community. */
export async function loadOutcomes(db: Database): Promise<UserCommunityOutcomes[]> {
  const community = sql<string>`lower(${scheduledPosts.subreddit})`;
  return db
    .select({
      userId: scheduledPosts.userId,
      community,
      stayed: sql<number>`(count(*) filter (where ${scheduledPosts.status} = 'sent' and not ${removedAfterSending}))::int`,
      failed: sql<number>`(count(*) filter (where ${scheduledPosts.status} = 'failed'))::int`,
      removed: sql<number>`(count(*) filter (where ${scheduledPosts.status} = 'sent' and ${removedAfterSending}))::int`,
    })
    .from(scheduledPosts)
    .where(ne(scheduledPosts.status, 'pending'))
    .groupBy(scheduledPosts.userId, community);
}

/**
 * A cheap fingerprint of everything the list depends on, from whichever process wrote it: counts
 * catch inserts and hard deletes, the latest updated_at catches edits, soft deletes and outcomes.
 */
export async function readDataStamp(db: Database): Promise<string> {
  const latest = (column: typeof communities.updatedAt | typeof scheduledPosts.updatedAt) =>
    sql<string | null>`max(${column})::text`;
  const [[listed], [outcomes]] = await Promise.all([
    db.select({ count: count(), latest: latest(communities.updatedAt) }).from(communities),
    db
      .select({ count: count(), latest: latest(scheduledPosts.updatedAt) })
      .from(scheduledPosts)
      .where(ne(scheduledPosts.status, 'pending')),
  ]);
  return [listed?.count, listed?.latest, outcomes?.count, outcomes?.latest].join('|');
}
