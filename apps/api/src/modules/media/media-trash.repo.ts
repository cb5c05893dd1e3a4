import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mediaAssets, type MediaAssetRow } from '../../db/schema/index.js';
import { lockedUsage } from './media.repo.js';

/** Marks the owner's asset deleted; undefined when she has no such asset or it is already deleted. */
export async function softDeleteOwnAsset(
  db: Database,
  userId: string,
  id: string,
  now: Date,
): Promise<MediaAssetRow | undefined> {
  const [row] = await db
    .update(mediaAssets)
    .set({ deletedAt: now })
    .where(and(eq(mediaAssets.id, id), eq(mediaAssets.userId, userId), isNull(mediaAssets.deletedAt)))
    .returning();
  return row;
}

export type RestoreResult =
  { restored: MediaAssetRow } | 'not-found' | 'expired' | { refused: { quotaBytes: number } };

/**
 * Brings a deleted asset back while it was deleted after `deletedSince`. Under the owner's quota
 * lock: what she uploaded meanwhile counts, so a restore cannot push her over her plan. Restoring
 * an asset that is not deleted succeeds (a second click on Undo is harmless).
 */
export async function restoreOwnAsset(
  db: Database,
  userId: string,
  id: string,
  deletedSince: Date,
): Promise<RestoreResult> {
  return db.transaction(async (tx) => {
    const { quotaBytes, usedBytes } = await lockedUsage(tx, userId);
    const [row] = await tx
      .select()
      .from(mediaAssets)
      .where(and(eq(mediaAssets.id, id), eq(mediaAssets.userId, userId)))
      .for('update');
    if (!row) return 'not-found';
    if (!row.deletedAt) return { restored: row };
    if (row.deletedAt <= deletedSince) return 'expired';
    if (usedBytes + row.bytes + row.thumbnailBytes + row.protectedBytes > quotaBytes)
      return { refused: { quotaBytes } };
    const [restored] = await tx
      .update(mediaAssets)
      .set({ deletedAt: null })
      .where(eq(mediaAssets.id, id))
      .returning();
    return { restored: restored! };
  });
}

/** Deleted assets whose undo window ended at or before `deletedBefore`, oldest first. */
export function listAssetsToPurge(
  db: Database,
  deletedBefore: Date,
  limit: number,
): Promise<MediaAssetRow[]> {
  return db
    .select()
    .from(mediaAssets)
    .where(and(isNotNull(mediaAssets.deletedAt), lte(mediaAssets.deletedAt, deletedBefore)))
    .orderBy(asc(mediaAssets.deletedAt), asc(mediaAssets.id))
    .limit(limit);
}

/**
 * Removes the row of a purged asset. Scheduled posts that name it lose the link (ON DELETE SET
 * NULL), exactly as a delete did before soft delete; they had already failed with "imageGone".
 */
export async function deletePurgedRow(db: Database, id: string, deletedBefore: Date): Promise<boolean> {
  const deleted = await db
    .delete(mediaAssets)
    .where(
      and(
        eq(mediaAssets.id, id),
        isNotNull(mediaAssets.deletedAt),
        lte(mediaAssets.deletedAt, deletedBefore),
      ),
    )
    .returning({ id: mediaAssets.id });
  return deleted.length > 0;
}
