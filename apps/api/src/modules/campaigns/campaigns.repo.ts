import { and, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  campaigns,
  redditAccounts,
  scheduledPosts,
  type CampaignRow,
  type NewScheduledPostRow,
  type ScheduledPostRow,
} from '../../db/schema/index.js';
import type { PlacedPost } from './spacing.js';
import { recordPostVariants, type PostVariants } from '../links/links.service.js';

export type CampaignPostRow = ScheduledPostRow & { redditUsername: string | null };

/**
 * The account's posts that spacing plans around: waiting ones, and sent ones from `since` on (at
 * the time they went out). Without an account (planning before connecting): the user's posts.
 */
export async function accountPostTimes(
  db: Database,
  userId: string,
  redditAccountId: string | undefined,
  since: Date,
  exceptPostIds: readonly string[] = [],
): Promise<PlacedPost[]> {
  const rows = await db
    .select({
      id: scheduledPosts.id,
      subreddit: scheduledPosts.subreddit,
      scheduledAt: scheduledPosts.scheduledAt,
      sentAt: scheduledPosts.sentAt,
    })
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.userId, userId),
        redditAccountId ? eq(scheduledPosts.redditAccountId, redditAccountId) : undefined,
        or(
          eq(scheduledPosts.status, 'pending'),
          and(eq(scheduledPosts.status, 'sent'), gte(scheduledPosts.sentAt, since)),
        ),
      ),
    );
  return rows
    .filter((row) => !exceptPostIds.includes(row.id))
    .map((row) => ({ subredditKey: row.subreddit.toLowerCase(), at: row.sentAt ?? row.scheduledAt }));
}

/** The campaign and its posts, saved together or not at all. */
export async function insertCampaign(
  db: Database,
  campaign: typeof campaigns.$inferInsert,
  posts: Omit<NewScheduledPostRow, 'campaignId'>[],
  /** Each post's tracked-link variants, in the order of `posts`. */
  variants: PostVariants['codes'][] = [],
): Promise<{ campaign: CampaignRow; posts: ScheduledPostRow[] }> {
  return db.transaction(async (tx) => {
    const [saved] = await tx.insert(campaigns).values(campaign).returning();
    const rows = await tx
      .insert(scheduledPosts)
      .values(posts.map((post) => ({ ...post, campaignId: saved!.id })))
      .returning();
    // Matched by subreddit (once per campaign), not by the order rows come back in.
    for (const [index, post] of posts.entries()) {
      const row = rows.find((saved) => saved.subreddit === post.subreddit)!;
      await recordPostVariants(tx, variants[index] ?? [], row);
    }
    return { campaign: saved!, posts: rows };
  });
}

export async function findOwnCampaign(
  db: Database,
  userId: string,
  id: string,
): Promise<(CampaignRow & { redditUsername: string | null }) | undefined> {
  const [row] = await db
    .select({ campaign: campaigns, redditUsername: redditAccounts.username })
    .from(campaigns)
    .leftJoin(redditAccounts, eq(redditAccounts.id, campaigns.redditAccountId))
    .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)));
  return row ? { ...row.campaign, redditUsername: row.redditUsername } : undefined;
}

/** The user's latest campaigns first (a creator runs a few a week: the newest 100 are the list). */
export async function listOwnCampaigns(db: Database, userId: string, limit = 100) {
  const rows = await db
    .select({ campaign: campaigns, redditUsername: redditAccounts.username })
    .from(campaigns)
    .leftJoin(redditAccounts, eq(redditAccounts.id, campaigns.redditAccountId))
    .where(eq(campaigns.userId, userId))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.campaign, redditUsername: row.redditUsername }));
}

export async function postsOfCampaigns(
  db: Database,
  userId: string,
  campaignIds: readonly string[],
): Promise<CampaignPostRow[]> {
  if (campaignIds.length === 0) return [];
  const rows = await db
    .select({ post: scheduledPosts, redditUsername: redditAccounts.username })
    .from(scheduledPosts)
    .leftJoin(redditAccounts, eq(redditAccounts.id, scheduledPosts.redditAccountId))
    .where(and(eq(scheduledPosts.userId, userId), inArray(scheduledPosts.campaignId, [...campaignIds])))
    .orderBy(scheduledPosts.scheduledAt, scheduledPosts.id);
  return rows.map((row) => ({ ...row.post, redditUsername: row.redditUsername }));
}

/** Waiting posts no sender holds: the ones a pause, resume or cancel may touch. */
const untouchedWaiting = (campaignId: string) =>
  and(
    eq(scheduledPosts.campaignId, campaignId),
    eq(scheduledPosts.status, 'pending'),
    isNull(scheduledPosts.claimToken),
    isNull(scheduledPosts.submitStartedAt),
  );

export async function setCampaignStatus(
  db: Database,
  userId: string,
  id: string,
  from: CampaignRow['status'],
  to: CampaignRow['status'],
): Promise<boolean> {
  const rows = await db
    .update(campaigns)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId), eq(campaigns.status, from)))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

export async function setCampaignPostsPaused(db: Database, campaignId: string, paused: boolean) {
  await db
    .update(scheduledPosts)
    .set({ paused, updatedAt: sql`now()` })
    .where(untouchedWaiting(campaignId));
}

export async function moveCampaignPost(db: Database, postId: string, at: Date) {
  await db
    .update(scheduledPosts)
    .set({ scheduledAt: at, dueAt: at, updatedAt: sql`now()` })
    .where(
      and(
        eq(scheduledPosts.id, postId),
        eq(scheduledPosts.status, 'pending'),
        isNull(scheduledPosts.claimToken),
      ),
    );
}

/** Removes the campaign's waiting posts; answers the storage keys of their copies, to delete. */
export async function deleteWaitingCampaignPosts(db: Database, campaignId: string) {
  return db
    .delete(scheduledPosts)
    .where(untouchedWaiting(campaignId))
    .returning({ copyStorageKey: scheduledPosts.copyStorageKey });
}
