import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { linkClicks, scheduledPosts, trackedLinks } from '../../db/schema/index.js';

/** The user's posts sent since `since`, with their visitors through tracked-link variants. */
export async function sentPostsWithVisitors(db: Database, userId: string, since: Date) {
  return db
    .select({
      id: scheduledPosts.id,
      subreddit: scheduledPosts.subreddit,
      title: scheduledPosts.titleFinal,
      sentAt: scheduledPosts.sentAt,
      result: scheduledPosts.resultJson,
      outcome: scheduledPosts.outcome,
      visitors: sql<number>`(select count(*)::int from ${linkClicks} c where c.post_id = "scheduled_posts"."id" and c.counted and not c.bot)`,
    })
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.userId, userId),
        eq(scheduledPosts.status, 'sent'),
        gte(scheduledPosts.sentAt, since),
      ),
    );
}

/** Her visitors (bots apart) by hour of the day, UTC, since `since`. */
export async function visitorsByHour(db: Database, userId: string, since: Date) {
  return db
    .select({
      hourUtc: sql<number>`extract(hour from ${linkClicks.occurredAt} at time zone 'UTC')::int`,
      visitors: sql<number>`count(*)::int`,
    })
    .from(linkClicks)
    .innerJoin(trackedLinks, eq(trackedLinks.id, linkClicks.linkId))
    .where(
      and(
        eq(trackedLinks.userId, userId),
        gte(linkClicks.occurredAt, since),
        eq(linkClicks.counted, true),
        eq(linkClicks.bot, false),
      ),
    )
    .groupBy(sql`1`);
}
