import { and, desc, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  communities,
  redditAccounts,
  scheduledPosts,
  type CommunityRow,
  type NewScheduledPostRow,
  type ScheduledPostRow,
} from '../../db/schema/index.js';

export type PostWithAccount = ScheduledPostRow & { redditUsername: string | null };

const withAccount = { post: scheduledPosts, redditUsername: redditAccounts.username };

export async function listOwnPosts(db: Database, userId: string, limit = 500): Promise<PostWithAccount[]> {
  const rows = await db
    .select(withAccount)
    .from(scheduledPosts)
    .leftJoin(redditAccounts, eq(redditAccounts.id, scheduledPosts.redditAccountId))
    .where(eq(scheduledPosts.userId, userId))
    .orderBy(desc(scheduledPosts.scheduledAt), desc(scheduledPosts.createdAt))
    .limit(limit);
  return rows.map(({ post, redditUsername }) => ({ ...post, redditUsername }));
}

export async function findOwnPost(
  db: Database,
  userId: string,
  id: string,
): Promise<PostWithAccount | undefined> {
  const [row] = await db
    .select(withAccount)
    .from(scheduledPosts)
    .leftJoin(redditAccounts, eq(redditAccounts.id, scheduledPosts.redditAccountId))
    .where(and(eq(scheduledPosts.id, id), eq(scheduledPosts.userId, userId)));
  return row ? { ...row.post, redditUsername: row.redditUsername } : undefined;
}

export async function insertPost(db: Database, row: NewScheduledPostRow): Promise<ScheduledPostRow> {
  const [saved] = await db.insert(scheduledPosts).values(row).returning();
  return saved!;
}

/** Only a pending post no sender has claimed can change; undefined otherwise. */
const editable = (userId: string, id: string) =>
  and(
    eq(scheduledPosts.id, id),
    eq(scheduledPosts.userId, userId),
    eq(scheduledPosts.status, 'pending'),
    isNull(scheduledPosts.claimToken),
    isNull(scheduledPosts.submitStartedAt),
  );

export async function updatePendingPost(
  db: Database,
  userId: string,
  id: string,
  changes: Partial<NewScheduledPostRow>,
): Promise<ScheduledPostRow | undefined> {
  const [row] = await db.update(scheduledPosts).set(changes).where(editable(userId, id)).returning();
  return row;
}

export async function deletePendingPost(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(scheduledPosts)
    .where(editable(userId, id))
    .returning({ id: scheduledPosts.id });
  return rows.length > 0;
}

/** When the user's other posts in this subreddit went or will go out (not failed), around a time. */
export async function neighbouringPostTimes(
  db: Database,
  userId: string,
  subreddit: string,
  around: Date,
  exceptId?: string,
): Promise<Date[]> {
  const windowMs = 7 * 24 * 3_600_000;
  const rows = await db
    .select({
      at: sql<Date>`coalesce(${scheduledPosts.sentAt}, ${scheduledPosts.scheduledAt})`.mapWith(
        scheduledPosts.scheduledAt,
      ),
    })
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.userId, userId),
        sql`lower(${scheduledPosts.subreddit}) = lower(${subreddit})`,
        ne(scheduledPosts.status, 'failed'),
        gte(scheduledPosts.scheduledAt, new Date(around.getTime() - windowMs)),
        lte(scheduledPosts.scheduledAt, new Date(around.getTime() + windowMs)),
        exceptId ? ne(scheduledPosts.id, exceptId) : undefined,
      ),
    );
  return rows.map((row) => row.at);
}

export async function findCommunity(db: Database, name: string): Promise<CommunityRow | undefined> {
  const [row] = await db
    .select()
    .from(communities)
    .where(and(sql`lower(${communities.name}) = lower(${name})`, isNull(communities.deletedAt)));
  return row;
}

/** The latest post of this photo: a quick repost goes where it went, with its title. */
export async function latestPostOfAsset(
  db: Database,
  userId: string,
  assetId: string,
): Promise<ScheduledPostRow | undefined> {
  const [row] = await db
    .select()
    .from(scheduledPosts)
    .where(and(eq(scheduledPosts.userId, userId), eq(scheduledPosts.mediaAssetId, assetId)))
    .orderBy(desc(scheduledPosts.createdAt))
    .limit(1);
  return row;
}
