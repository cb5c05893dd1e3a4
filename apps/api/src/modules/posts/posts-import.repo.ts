import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { recordPostVariants, type PostVariants } from '../links/links.service.js';
import {
  mediaAssets,
  redditAccounts,
  scheduledPosts,
  type MediaAssetRow,
  type NewScheduledPostRow,
  type ScheduledPostRow,
} from '../../db/schema/index.js';
import { notDeleted } from '../media/media.repo.js';

/** The user's gallery items (not deleted) with one of these file names or ids, in one query each. */
export async function findOwnAssetsByNameOrId(
  db: Database,
  userId: string,
  names: readonly string[],
  ids: readonly string[],
): Promise<{ byName: Map<string, MediaAssetRow[]>; byId: Map<string, MediaAssetRow> }> {
  const byName = new Map<string, MediaAssetRow[]>();
  const byId = new Map<string, MediaAssetRow>();
  if (names.length > 0) {
    const rows = await db
      .select()
      .from(mediaAssets)
      .where(and(eq(mediaAssets.userId, userId), notDeleted, inArray(mediaAssets.filename, [...names])));
    for (const row of rows) byName.set(row.filename, [...(byName.get(row.filename) ?? []), row]);
  }
  if (ids.length > 0) {
    const rows = await db
      .select()
      .from(mediaAssets)
      .where(and(eq(mediaAssets.userId, userId), notDeleted, inArray(mediaAssets.id, [...ids])));
    for (const row of rows) byId.set(row.id, row);
  }
  return { byName, byId };
}

/**
 * Every post of the file or none. The account row is locked (shared) first, so a disconnect
 * that lands meanwhile either waits for this or makes it save nothing (undefined).
 */
export async function insertImportedPosts(
  db: Database,
  userId: string,
  redditAccountId: string,
  posts: NewScheduledPostRow[],
  /** Each post's tracked-link variants, in the order of `posts`. */
  variants: PostVariants['codes'][] = [],
): Promise<ScheduledPostRow[] | undefined> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: redditAccounts.id })
      .from(redditAccounts)
      .where(and(eq(redditAccounts.id, redditAccountId), eq(redditAccounts.userId, userId)))
      .for('share');
    if (!account) return undefined;
    // One by one (at most a file's 200 rows): each post's tracked-link variants need its id.
    const saved: ScheduledPostRow[] = [];
    for (const [index, post] of posts.entries()) {
      const [row] = await tx.insert(scheduledPosts).values(post).returning();
      await recordPostVariants(tx, variants[index] ?? [], row!);
      saved.push(row!);
    }
    return saved;
  });
}
