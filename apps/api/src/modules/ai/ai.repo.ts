import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  communities,
  contentGenerations,
  type ContentGenerationRow,
  type NewContentGenerationRow,
} from '../../db/schema/index.js';

/**
 * The target community's title facts, by name in any case; undefined when not in the database.
 * Its content rules come too: a ban on links there keeps the creator's promo link out.
 */
export async function findCommunityForTitles(db: Database, name: string) {
  const [row] = await db
    .select({
      name: communities.name,
      titleRules: communities.titleRules,
      contentRules: communities.contentRules,
      watermarksAllowed: communities.watermarksAllowed,
      verificationRequired: communities.verificationRequired,
    })
    .from(communities)
    .where(sql`lower(${communities.name}) = ${name.toLowerCase()}`)
    .limit(1);
  return row;
}

/** One history row per result, in the given order. */
export async function insertGenerations(
  db: Database,
  rows: NewContentGenerationRow[],
): Promise<ContentGenerationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(contentGenerations).values(rows).returning();
}

/** Which of these history ids still exist for the user (a cached answer may name deleted ones). */
export async function existingGenerationIds(
  db: Database,
  userId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: contentGenerations.id })
    .from(contentGenerations)
    .where(and(eq(contentGenerations.userId, userId), inArray(contentGenerations.id, ids)));
  return new Set(rows.map((row) => row.id));
}
