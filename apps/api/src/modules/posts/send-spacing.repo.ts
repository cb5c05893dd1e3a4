import { and, eq, gt, isNotNull, ne, or, sql } from 'drizzle-orm';
import { spacingLimits } from '@app/shared/campaigns';
import type { Database } from '../../db/client.js';
import { campaigns, redditAccounts, scheduledPosts, type ScheduledPostRow } from '../../db/schema/index.js';
import { markSubmitting } from './post-sending.repo.js';

export interface AccountSpacing {
  minGapMinutes: number;
  maxPerHour: number;
}

/** A campaign post keeps its campaign's spacing; every other post the defaults (docs/reddit-posting.md#safe-spacing). */
export async function spacingOf(
  db: Database,
  post: Pick<ScheduledPostRow, 'campaignId'>,
): Promise<AccountSpacing> {
  const defaults = {
    minGapMinutes: spacingLimits.minGapMinutes.default,
    maxPerHour: spacingLimits.maxPerHour.default,
  };
  if (!post.campaignId) return defaults;
  const [campaign] = await db
    .select({ minGapMinutes: campaigns.minGapMinutes, maxPerHour: campaigns.maxPerHour })
    .from(campaigns)
    .where(eq(campaigns.id, post.campaignId));
  return campaign ?? defaults;
}

/**
 * When this post may reach Reddit without coming inside its account's spacing, as Reddit sees it:
 * a sent post counts from when it was marked sent (no earlier than Reddit received it), one in flight
 * (submit started, no answer yet) from now, since Reddit may receive it any moment. Null when it
 * may go now.
 */
export async function spacingWaitUntil(
  db: Database,
  post: Pick<ScheduledPostRow, 'id' | 'redditAccountId'>,
  spacing: AccountSpacing,
  minute = 60_000,
  now = new Date(),
): Promise<Date | null> {
  if (!post.redditAccountId) return null;
  const hour = 60 * minute;
  const since = new Date(now.getTime() - Math.max(hour, spacing.minGapMinutes * minute));
  const reached = sql<Date>`coalesce(${scheduledPosts.submitStartedAt}, ${scheduledPosts.sentAt})`;
  const rows = await db
    .select({ sentAt: scheduledPosts.sentAt, status: scheduledPosts.status })
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.redditAccountId, post.redditAccountId),
        ne(scheduledPosts.id, post.id),
        or(isNotNull(scheduledPosts.submitStartedAt), eq(scheduledPosts.status, 'sent')),
        gt(reached, since),
      ),
    );
  const times = rows
    .map((row) => (row.status === 'sent' && row.sentAt ? row.sentAt.getTime() : now.getTime()))
    .sort((a, b) => b - a);
  if (times.length === 0) return null;
  const afterGap = times[0]! + spacing.minGapMinutes * minute;
  // The hour holds maxPerHour posts: the next may go once the oldest of the newest maxPerHour is an hour old.
  const inLastHour = times.filter((t) => t > now.getTime() - hour);
  const afterHour =
    inLastHour.length >= spacing.maxPerHour ? inLastHour[spacing.maxPerHour - 1]! + hour : -Infinity;
  const until = Math.max(afterGap, afterHour);
  return until > now.getTime() ? new Date(until) : null;
}

/**
 * markSubmitting, unless the account's spacing says wait: the check and the mark run under a lock on
 * the account's row, so two senders (processes) sending for one account cannot both pass the check.
 */
export async function markSubmittingSpaced(
  db: Database,
  post: Pick<ScheduledPostRow, 'id' | 'claimToken' | 'redditAccountId'>,
  spacing: AccountSpacing,
  minute = 60_000,
): Promise<{ at: Date | null; waitUntil?: Date }> {
  if (!post.redditAccountId) return { at: await markSubmitting(db, post) };
  return db.transaction(async (tx) => {
    await tx
      .select({ id: redditAccounts.id })
      .from(redditAccounts)
      .where(eq(redditAccounts.id, post.redditAccountId!))
      .for('update');
    const waitUntil = await spacingWaitUntil(tx, post, spacing, minute);
    if (waitUntil) return { at: null, waitUntil };
    return { at: await markSubmitting(tx, post) };
  });
}
