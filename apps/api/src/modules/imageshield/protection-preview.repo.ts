import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { imageCopies } from '../../db/schema/index.js';

/** Her preview that is still waiting (not kept, discarded or expired); anyone else's is none. */
export async function findOwnPreview(db: Database, userId: string, id: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(imageCopies)
    .where(and(eq(imageCopies.id, id), eq(imageCopies.userId, userId), isNotNull(imageCopies.pendingUntil)));
  return row && row.pendingUntil! > now ? row : undefined;
}

/** Makes a waiting preview an ordinary copy; false when it stopped waiting meanwhile. */
export async function settlePreview(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(imageCopies)
    .set({ pendingUntil: null, pendingReport: null })
    .where(and(eq(imageCopies.id, id), eq(imageCopies.userId, userId), isNotNull(imageCopies.pendingUntil)))
    .returning({ id: imageCopies.id });
  return rows.length > 0;
}

/** Takes a preview's row away, only while it is still a preview; its files are the caller's to delete. */
export async function deletePreviewRow(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .delete(imageCopies)
    .where(and(eq(imageCopies.id, id), isNotNull(imageCopies.pendingUntil)))
    .returning({ id: imageCopies.id });
  return rows.length > 0;
}

export async function expiredPreviews(db: Database, now: Date, limit: number) {
  return db
    .select({
      id: imageCopies.id,
      storageKey: imageCopies.storageKey,
      unmarkedStorageKey: imageCopies.unmarkedStorageKey,
    })
    .from(imageCopies)
    .where(lt(imageCopies.pendingUntil, now))
    .limit(limit);
}
