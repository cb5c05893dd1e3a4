import { and, desc, eq } from 'drizzle-orm';
import type { ContentGeneration } from '@app/shared/history';
import type { Database } from '../../db/client.js';
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
  };
}

export async function listGenerations(db: Database, userId: string, limit: number, offset: number) {
  const rows = await db
    .select()
    .from(contentGenerations)
    .where(eq(contentGenerations.userId, userId))
    .orderBy(desc(contentGenerations.createdAt), desc(contentGenerations.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toContentGeneration);
}

/** Scoped by owner in the statement itself: another user's id simply matches nothing. */
export async function deleteGeneration(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(contentGenerations)
    .where(and(eq(contentGenerations.id, id), eq(contentGenerations.userId, userId)))
    .returning({ id: contentGenerations.id });
  return deleted.length > 0;
}
