import { and, count, desc, eq, sql, sum } from 'drizzle-orm';
import { storageQuotaFor } from '@app/shared/plans';
import type { Database } from '../../db/client.js';
import { mediaAssets, users, type MediaAssetRow, type NewMediaAssetRow } from '../../db/schema/index.js';

export interface StorageTotals {
  usedBytes: number;
  assetsCount: number;
}

export async function storageTotals(db: Database, userId: string): Promise<StorageTotals> {
  const [row] = await db
    .select({ used: sum(mediaAssets.bytes), assets: count() })
    .from(mediaAssets)
    .where(eq(mediaAssets.userId, userId));
  return { usedBytes: Number(row?.used ?? 0), assetsCount: Number(row?.assets ?? 0) };
}

export type QuotaInsertResult = { inserted: MediaAssetRow } | { refused: { quotaBytes: number } };

/**
 * Inserts the asset only if it fits the owner's quota. The owner's row is locked first, so two
 * uploads of one user are counted one after the other and parallel uploads cannot both squeeze in.
 * The tier is read under the same lock: a plan change is seen by the next upload.
 */
export async function insertWithinQuota(db: Database, asset: NewMediaAssetRow): Promise<QuotaInsertResult> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ tier: users.tier, isAdmin: users.isAdmin, role: users.role })
      .from(users)
      .where(eq(users.id, asset.userId))
      .for('update');
    if (!owner) throw new Error('upload owner vanished');
    const quotaBytes = storageQuotaFor(owner);
    const [totals] = await tx
      .select({ used: sql<string>`coalesce(sum(${mediaAssets.bytes}), 0)` })
      .from(mediaAssets)
      .where(eq(mediaAssets.userId, asset.userId));
    if (Number(totals!.used) + asset.bytes > quotaBytes) return { refused: { quotaBytes } };
    const [inserted] = await tx.insert(mediaAssets).values(asset).returning();
    return { inserted: inserted! };
  });
}

export function listAssets(db: Database, userId: string): Promise<MediaAssetRow[]> {
  return db
    .select()
    .from(mediaAssets)
    .where(eq(mediaAssets.userId, userId))
    .orderBy(desc(mediaAssets.createdAt), desc(mediaAssets.id));
}

/** Scoped by owner: another user's id finds nothing. */
export async function findOwnAsset(db: Database, userId: string, id: string): Promise<MediaAssetRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaAssets)
    .where(and(eq(mediaAssets.id, id), eq(mediaAssets.userId, userId)));
  return row;
}

/** For signed file links only: the signature, not a session, proves the right to read. */
export async function findAssetById(db: Database, id: string): Promise<MediaAssetRow | undefined> {
  const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.id, id));
  return row;
}

export async function deleteOwnAsset(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(mediaAssets)
    .where(and(eq(mediaAssets.id, id), eq(mediaAssets.userId, userId)))
    .returning({ id: mediaAssets.id });
  return deleted.length > 0;
}
