import { and, desc, eq, gte, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { ScheduledPostListStatus } from '@app/shared/posts';
import type { Database } from '../../db/client.js';
import { keysetQuery, pageOf, type Keyset, type Page, type PageRequest } from '../../lib/cursor-page.js';
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

/** Latest scheduled time first, as the list always was; index scheduled_posts_user_id_list_order_idx serves it. */
const allOrder: Keyset = {
  direction: 'desc',
  keys: [
    { column: scheduledPosts.scheduledAt, kind: 'timestamp' },
    { column: scheduledPosts.createdAt, kind: 'timestamp' },
    { column: scheduledPosts.id, kind: 'uuid' },
  ],
};

const byScheduledTime = (direction: Keyset['direction']): Keyset => ({
  direction,
  keys: [
    { column: scheduledPosts.scheduledAt, kind: 'timestamp' },
    { column: scheduledPosts.id, kind: 'uuid' },
  ],
});

/**
 * Each list's rows and order. The conditions repeat the partial indexes' predicates word for word
 * (scheduled_posts_user_id_pending_order_idx, …_done_order_idx), so the planner can prove the index
 * holds every row asked for; a bound parameter in their place could not be proved.
 */
const lists: Record<ScheduledPostListStatus | 'all', { keyset: Keyset; where?: SQL }> = {
  all: { keyset: allOrder },
  pending: { keyset: byScheduledTime('asc'), where: sql`${scheduledPosts.status} = 'pending'` },
  done: { keyset: byScheduledTime('desc'), where: sql`${scheduledPosts.status} <> 'pending'` },
};

export async function listOwnPostsPage(
  db: Database,
  userId: string,
  page: PageRequest,
  status?: ScheduledPostListStatus,
): Promise<Page<PostWithAccount>> {
  const list = lists[status ?? 'all'];
  const keyset = keysetQuery(list.keyset, page);
  const rows = await db
    .select({ ...withAccount, cursorKey: keyset.cursorKey })
    .from(scheduledPosts)
    .leftJoin(redditAccounts, eq(redditAccounts.id, scheduledPosts.redditAccountId))
    .where(and(eq(scheduledPosts.userId, userId), list.where, keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
  return pageOf(
    rows.map(({ post, redditUsername, cursorKey }) => ({ item: { ...post, redditUsername }, cursorKey })),
    page,
  );
}

/**
 * The user's posts scheduled in [from, to), every status, soonest first: a range scan of
 * scheduled_posts_user_id_list_order_idx (user_id, scheduled_at, …). The caller bounds the range.
 */
export async function listOwnPostsBetween(
  db: Database,
  userId: string,
  from: Date,
  to: Date,
): Promise<PostWithAccount[]> {
  const rows = await db
    .select(withAccount)
    .from(scheduledPosts)
    .leftJoin(redditAccounts, eq(redditAccounts.id, scheduledPosts.redditAccountId))
    .where(
      and(
        eq(scheduledPosts.userId, userId),
        gte(scheduledPosts.scheduledAt, from),
        lt(scheduledPosts.scheduledAt, to),
      ),
    )
    .orderBy(scheduledPosts.scheduledAt, scheduledPosts.id);
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

/** The removed post's own copy (campaign posts), for the caller to delete; undefined when nothing was removed. */
export async function deletePendingPost(
  db: Database,
  userId: string,
  id: string,
): Promise<{ copyStorageKey: string | null } | undefined> {
  const [row] = await db
    .delete(scheduledPosts)
    .where(editable(userId, id))
    .returning({ copyStorageKey: scheduledPosts.copyStorageKey });
  return row;
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
