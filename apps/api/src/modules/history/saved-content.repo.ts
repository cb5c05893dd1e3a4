import { and, desc, eq } from 'drizzle-orm';
import type { SavedContent } from '@app/shared/history';
import type { Database } from '../../db/client.js';
import { savedContent, type NewSavedContentRow, type SavedContentRow } from '../../db/schema/index.js';

function toSavedContent(row: SavedContentRow): SavedContent {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    platform: row.platform,
    generationId: row.generationId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function insertSavedContent(db: Database, values: NewSavedContentRow): Promise<SavedContent> {
  const [row] = await db.insert(savedContent).values(values).returning();
  return toSavedContent(row!);
}

export async function listSavedContent(
  db: Database,
  userId: string,
  limit: number,
  offset: number,
): Promise<SavedContent[]> {
  const rows = await db
    .select()
    .from(savedContent)
    .where(eq(savedContent.userId, userId))
    .orderBy(desc(savedContent.createdAt), desc(savedContent.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toSavedContent);
}

/** Scoped by owner in the statement: another user's id matches nothing. */
export async function deleteSavedContent(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(savedContent)
    .where(and(eq(savedContent.id, id), eq(savedContent.userId, userId)))
    .returning({ id: savedContent.id });
  return deleted.length > 0;
}
