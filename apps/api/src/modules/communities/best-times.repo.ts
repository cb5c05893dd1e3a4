import { and, eq, sql } from 'drizzle-orm';
import type { HourEvidence } from '@app/shared/best-times';
import type { Database } from '../../db/client.js';
import { linkClicks, scheduledPosts } from '../../db/schema/index.js';

/** Her sent posts by community (lower case) and hour of the day they went out (UTC). */
export type OwnHours = Map<string, HourEvidence[]>;

/**
 * Her sent posts, one community or all, grouped by the hour they went out: how many, their upvotes
 * at the latest check, and the visitors her tracked links counted from them (bots apart). Removed
 * posts count with what they earned before: the removal rate is the success score's business.
 */
export async function ownPostingHours(db: Database, userId: string, subreddit?: string): Promise<OwnHours> {
  const community = sql<string>`lower(${scheduledPosts.subreddit})`;
  const rows = await db
    .select({
      community,
      hour: sql<number>`extract(hour from ${scheduledPosts.sentAt} at time zone 'UTC')::int`,
      posts: sql<number>`count(*)::int`,
      upvotes: sql<number>`coalesce(sum(greatest(0, coalesce((${scheduledPosts.outcome}->>'score')::int, 0))), 0)::int`,
      visitors: sql<number>`coalesce(sum((select count(*) from ${linkClicks} c where c.post_id = "scheduled_posts"."id" and c.counted and not c.bot)), 0)::int`,
    })
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.userId, userId),
        eq(scheduledPosts.status, 'sent'),
        subreddit === undefined ? undefined : sql`${community} = ${subreddit.toLowerCase()}`,
      ),
    )
    .groupBy(sql`1`, sql`2`);
  const byCommunity: OwnHours = new Map();
  for (const { community: key, ...evidence } of rows) {
    const list = byCommunity.get(key) ?? [];
    list.push(evidence);
    byCommunity.set(key, list);
  }
  return byCommunity;
}
