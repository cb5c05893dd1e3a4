import { and, count, eq, gte, inArray, lte } from 'drizzle-orm';
import type { PublicMetrics } from '@app/shared/auth';
import type { Database } from '../../db/client.js';
import { analyticsEvents, contentGenerations, scheduledPosts, users } from '../../db/schema/index.js';

/** Events where someone did something, as opposed to page and session bookkeeping. */
export const interactionEventTypes = [
  'engagement_event',
  'click',
  'content_view',
  'content_generation',
  'feature_usage',
] as const;
export const engagementWindowMs = 30 * 24 * 60 * 60 * 1000;

/**
 * The landing page's figures: creators = accounts; posts = scheduled posts actually sent to Reddit
 * plus captions and posts generated; engagement = interactions recorded by the analytics tracker in
 * the last 30 days (clicks, content views, generations, feature use, engagement events).
 */
export async function loadPublicMetrics(db: Database, now = new Date()): Promise<PublicMetrics> {
  const since = new Date(now.getTime() - engagementWindowMs);
  const [[creators], [sent], [generated], [engagement]] = await Promise.all([
    db.select({ value: count() }).from(users),
    db.select({ value: count() }).from(scheduledPosts).where(eq(scheduledPosts.status, 'sent')),
    db.select({ value: count() }).from(contentGenerations),
    db
      .select({ value: count() })
      .from(analyticsEvents)
      .where(
        and(
          inArray(analyticsEvents.type, [...interactionEventTypes]),
          // Bounded above too: occurredAt comes from the browser, and a future date must not count.
          gte(analyticsEvents.occurredAt, since),
          lte(analyticsEvents.occurredAt, now),
        ),
      ),
  ]);
  return {
    creators: creators?.value ?? 0,
    posts: (sent?.value ?? 0) + (generated?.value ?? 0),
    engagement: engagement?.value ?? 0,
  };
}
