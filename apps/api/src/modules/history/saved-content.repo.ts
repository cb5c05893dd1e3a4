import { and, eq } from 'drizzle-orm';
import type { SavedContent } from '@app/shared/history';
import type { Database } from '../../db/client.js';
import {
  keysetQuery,
  mapPage,
  pageOf,
  type Keyset,
  type Page,
  type PageRequest,
} from '../../lib/cursor-page.js';
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

/** Newest first; index saved_content_user_id_created_at_id_idx serves it. */
const savedOrder: Keyset = {
  direction: 'desc',
  keys: [
    { column: savedContent.createdAt, kind: 'timestamp' },
    { column: savedContent.id, kind: 'uuid' },
  ],
};

export async function listSavedContentPage(
  db: Database,
  userId: string,
  page: PageRequest,
): Promise<Page<SavedContent>> {
  const keyset = keysetQuery(savedOrder, page);
  const rows = await db
    .select({ item: savedContent, cursorKey: keyset.cursorKey })
    .from(savedContent)
    .where(and(eq(savedContent.userId, userId), keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
  return mapPage(pageOf(rows, page), toSavedContent);
}

/** Scoped by owner in the statement: another user's id matches nothing. */
export async function deleteSavedContent(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(savedContent)
    .where(and(eq(savedContent.id, id), eq(savedContent.userId, userId)))
    .returning({ id: savedContent.id });
  return deleted.length > 0;
}
