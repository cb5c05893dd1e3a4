import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type {
  ContentGeneration,
  ContentGenerationFilters,
  ContentGenerationStats,
} from '@app/shared/history';
import type { Database } from '../../db/client.js';
import {
  keysetQuery,
  mapPage,
  pageOf,
  type Keyset,
  type Page,
  type PageRequest,
} from '../../lib/cursor-page.js';
import { contentGenerations, type ContentGenerationRow } from '../../db/schema/index.js';

function toContentGeneration(row: ContentGenerationRow): ContentGeneration {
  return {
    id: row.id,
    content: row.content,
    titles: row.titles,
    platform: row.platform,
    generationType: row.generationType,
    subreddit: row.subreddit,
    createdAt: row.createdAt.toISOString(),
    hashtags: row.hashtags,
    photoInstructions: row.photoInstructions,
    model: row.model,
  };
}

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** The /history screen's filters as one condition; undefined when none is set. */
function filterCondition(filters: ContentGenerationFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.platform) conditions.push(eq(contentGenerations.platform, filters.platform));
  if (filters.type) conditions.push(eq(contentGenerations.generationType, filters.type));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    conditions.push(
      or(
        ilike(contentGenerations.content, pattern),
        sql`array_to_string(${contentGenerations.titles}, ' ') ilike ${pattern}`,
        ilike(contentGenerations.subreddit, pattern),
        ilike(contentGenerations.platform, pattern),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Newest first; index content_generations_user_id_created_at_id_idx serves it. */
const historyOrder: Keyset = {
  direction: 'desc',
  keys: [
    { column: contentGenerations.createdAt, kind: 'timestamp' },
    { column: contentGenerations.id, kind: 'uuid' },
  ],
};

export async function listGenerationsPage(
  db: Database,
  userId: string,
  page: PageRequest,
  filters: ContentGenerationFilters = {},
): Promise<Page<ContentGeneration>> {
  const keyset = keysetQuery(historyOrder, page);
  const rows = await db
    .select({ item: contentGenerations, cursorKey: keyset.cursorKey })
    .from(contentGenerations)
    .where(and(eq(contentGenerations.userId, userId), filterCondition(filters), keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
  return mapPage(pageOf(rows, page), toContentGeneration);
}

/** The four counters of /history in one pass over the user's rows. */
export async function generationStats(
  db: Database,
  userId: string,
  filters: ContentGenerationFilters,
): Promise<ContentGenerationStats> {
  const matching = filterCondition(filters) ?? sql`true`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      aiGenerated: sql<number>`(count(*) filter (where ${contentGenerations.generationType} = 'ai'))::int`,
      redditPosts: sql<number>`(count(*) filter (where ${contentGenerations.platform} = 'reddit'))::int`,
      filtered: sql<number>`(count(*) filter (where ${matching}))::int`,
    })
    .from(contentGenerations)
    .where(eq(contentGenerations.userId, userId));
  return row!;
}

/** Scoped by owner in the statement itself: another user's id simply matches nothing. */
export async function deleteGeneration(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(contentGenerations)
    .where(and(eq(contentGenerations.id, id), eq(contentGenerations.userId, userId)))
    .returning({ id: contentGenerations.id });
  return deleted.length > 0;
}

export async function ownsGeneration(db: Database, userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contentGenerations.id })
    .from(contentGenerations)
    .where(and(eq(contentGenerations.id, id), eq(contentGenerations.userId, userId)));
  return Boolean(row);
}
