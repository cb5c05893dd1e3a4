import { and, count, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
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

// The sender checks each sent post after 15 min, 1 h, 6 h, 24 h and 72 h (post-recovery.service.ts);
// outcome holds the latest check. Reddit's removed_by_category names who removed it: the author
// ('author', or 'deleted' when the post is gone) is not a removal by the community, so such posts
// are left out, as are posts that failed to send (they never reached the community).
const outcome = sql`${scheduledPosts.outcome}`;
const removedBy = sql`(${outcome}->>'removedBy')`;
const removed = sql`coalesce((${outcome}->>'removed')::boolean, false) and coalesce(${removedBy}, '') not in ('author', 'deleted')`;
const sent = sql`${scheduledPosts.status} = 'sent'`;
// Stayed up: sent at least 24 hours ago and not removed; a younger post is not evidence yet.
const stayed = sql`${sent} and ${scheduledPosts.sentAt} <= now() - interval '24 hours' and not coalesce((${outcome}->>'removed')::boolean, false)`;
const removedByCause = (causes: string[]) =>
  sql<number>`(count(*) filter (where ${sent} and ${removed} and ${removedBy} in (${sql.join(
    causes.map((cause) => sql`${cause}`),
    sql`, `,
  )})))::int`;

/** Outcomes of posts sent through the product, per user and community, removals by cause. */
export async function loadOutcomes(db: Database): Promise<UserCommunityOutcomes[]> {
  const community = sql<string>`lower(${scheduledPosts.subreddit})`;
  const rows = await db
    .select({
      userId: scheduledPosts.userId,
      community,
      stayed: sql<number>`(count(*) filter (where ${stayed}))::int`,
      failed: sql<number>`(count(*) filter (where ${scheduledPosts.status} = 'failed'))::int`,
      removed: sql<number>`(count(*) filter (where ${sent} and ${removed}))::int`,
      moderator: removedByCause(['moderator', 'automod_filtered']),
      spamFilter: removedByCause(['reddit']),
    })
    .from(scheduledPosts)
    .where(ne(scheduledPosts.status, 'pending'))
    .groupBy(scheduledPosts.userId, community);
  return rows.map(({ moderator, spamFilter, ...row }) => ({
    ...row,
    // Whatever else Reddit names (anti_evil_ops, copyright_takedown, …) is Reddit's own removal.
    removedBy: { moderator, spamFilter, reddit: row.removed - moderator - spamFilter },
  }));
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

/** A decided post (removed, or still up after a day) with the account's karma and age when it was sent. */
export interface SenderEvidence {
  community: string;
  karma: number | null;
  ageDays: number | null;
  removed: boolean;
}

/**
 * Every creator's decided posts with the account's karma and age at sending: what learned
 * requirements are inferred from. Removals by the author are not the community's doing.
 */
export async function loadSenderEvidence(db: Database): Promise<SenderEvidence[]> {
  const rows = await db
    .select({
      community: sql<string>`lower(${scheduledPosts.subreddit})`,
      karma: scheduledPosts.senderKarma,
      ageDays: scheduledPosts.senderAgeDays,
      removed: sql<boolean>`${removed}`,
    })
    .from(scheduledPosts)
    .where(
      and(
        sql`${sent}`,
        or(isNotNull(scheduledPosts.senderKarma), isNotNull(scheduledPosts.senderAgeDays)),
        sql`(${removed} or ${stayed})`,
      ),
    );
  return rows;
}
