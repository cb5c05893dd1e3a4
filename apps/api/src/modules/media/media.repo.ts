import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { storageQuotaFor } from '@app/shared/plans';
import type { Database } from '../../db/client.js';
import { keysetQuery, pageOf, type Keyset, type Page, type PageRequest } from '../../lib/cursor-page.js';
import { mediaAssets, users, type MediaAssetRow, type NewMediaAssetRow } from '../../db/schema/index.js';

export interface StorageTotals {
  usedBytes: number;
  assetsCount: number;
}

/** Deleted assets (waiting for their purge) count nowhere: not in lists, totals or the quota. */
export const notDeleted = isNull(mediaAssets.deletedAt);

/** Every stored byte of an asset: the original, its thumbnail and its protected copy. */
const storedBytes = sql<string>`coalesce(sum(${mediaAssets.bytes} + ${mediaAssets.thumbnailBytes} + ${mediaAssets.protectedBytes}), 0)`;

/**
 * Earlier ImageShield copies the copy registry keeps (docs/decisions/047-copy-registry.md): their
 * files count until the creator deletes them. The current copy is counted on its asset above.
 */
const earlierCopiesBytes = (userId: string) =>
  sql<string>`coalesce((select sum(c.bytes) from image_copies c join media_assets a on a.id = c.media_asset_id
    where c.user_id = ${userId} and c.kind = 'protected' and c.deleted_at is null and c.storage_key is not null
    and a.deleted_at is null and c.storage_key is distinct from a.protected_storage_key), 0)`;

export async function storageTotals(db: Database, userId: string): Promise<StorageTotals> {
  const [row] = await db
    .select({ used: sql<string>`${storedBytes} + ${earlierCopiesBytes(userId)}`, assets: count() })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.userId, userId), notDeleted));
  return { usedBytes: Number(row?.used ?? 0), assetsCount: Number(row?.assets ?? 0) };
}

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The owner's quota and stored bytes, with the owner's row locked until the transaction ends, so
 * two writes of one user are counted one after the other. The tier is read under the same lock:
 * a plan change is seen by the next write.
 */
export async function lockedUsage(
  tx: Transaction,
  userId: string,
): Promise<{ quotaBytes: number; usedBytes: number }> {
  const [owner] = await tx
    .select({ tier: users.tier, isAdmin: users.isAdmin, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!owner) throw new Error('media owner vanished');
  const [totals] = await tx
    .select({ used: sql<string>`${storedBytes} + ${earlierCopiesBytes(userId)}` })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.userId, userId), notDeleted));
  return { quotaBytes: storageQuotaFor(owner), usedBytes: Number(totals!.used) };
}

export type QuotaInsertResult = { inserted: MediaAssetRow } | { refused: { quotaBytes: number } };

/**
 * Inserts the asset only if it and its thumbnail fit the owner's quota; parallel uploads of one
 * user cannot both squeeze in (lockedUsage).
 */
export async function insertWithinQuota(db: Database, asset: NewMediaAssetRow): Promise<QuotaInsertResult> {
  return db.transaction(async (tx) => {
    const { quotaBytes, usedBytes } = await lockedUsage(tx, asset.userId);
    if (usedBytes + asset.bytes + (asset.thumbnailBytes ?? 0) > quotaBytes)
      return { refused: { quotaBytes } };
    const [inserted] = await tx.insert(mediaAssets).values(asset).returning();
    return { inserted: inserted! };
  });
}

export interface ProtectedCopy {
  key: string;
  bytes: number;
  protectionLevel: NonNullable<MediaAssetRow['protectionLevel']>;
  protectionReport: NonNullable<MediaAssetRow['protectionReport']>;
}

export type SwapResult = 'swapped' | 'gone' | 'changed' | { refused: { quotaBytes: number } };

/**
 * Points the asset at a new protected copy, but only if its copy is still `previousKey` — the one
 * the new copy was made against (compare-and-swap). Another process that swapped in between makes
 * this one lose ('changed'). Both copies count toward the quota: the earlier one is kept.
 */
export async function swapProtectedCopy(
  db: Database,
  asset: Pick<MediaAssetRow, 'id' | 'userId'>,
  previousKey: string | null,
  copy: ProtectedCopy,
): Promise<SwapResult> {
  return db.transaction(async (tx) => {
    const { quotaBytes, usedBytes } = await lockedUsage(tx, asset.userId);
    const [current] = await tx
      .select({ key: mediaAssets.protectedStorageKey, bytes: mediaAssets.protectedBytes })
      .from(mediaAssets)
      .where(and(eq(mediaAssets.id, asset.id), eq(mediaAssets.userId, asset.userId), notDeleted))
      .for('update');
    if (!current) return 'gone';
    if (current.key !== previousKey) return 'changed';
    // The new copy is already in usedBytes (registered before the swap, as a copy not yet current),
    // and the one it replaces stays as an earlier copy: the swap itself changes nothing.
    if (usedBytes > quotaBytes) return { refused: { quotaBytes } };
    await tx
      .update(mediaAssets)
      .set({
        protectedStorageKey: copy.key,
        protectedBytes: copy.bytes,
        protectionLevel: copy.protectionLevel,
        protectionReport: copy.protectionReport,
      })
      .where(
        and(
          eq(mediaAssets.id, asset.id),
          previousKey === null
            ? isNull(mediaAssets.protectedStorageKey)
            : eq(mediaAssets.protectedStorageKey, previousKey),
        ),
      );
    return 'swapped';
  });
}

/** A tag matches whatever its case: "Beach" finds assets tagged "beach". */
export function hasTag(tag: string) {
  return sql<boolean>`exists (select 1 from unnest(${mediaAssets.tags}) as t(tag) where lower(t.tag) = lower(${tag}))`;
}

/** The gallery's order, newest first; index media_assets_user_id_created_at_id_idx serves it. */
const galleryOrder: Keyset = {
  direction: 'desc',
  keys: [
    { column: mediaAssets.createdAt, kind: 'timestamp' },
    { column: mediaAssets.id, kind: 'uuid' },
  ],
};

export async function listAssetsPage(
  db: Database,
  userId: string,
  page: PageRequest,
  filter: { tag?: string | undefined } = {},
): Promise<Page<MediaAssetRow>> {
  const keyset = keysetQuery(galleryOrder, page);
  const rows = await db
    .select({ item: mediaAssets, cursorKey: keyset.cursorKey })
    .from(mediaAssets)
    .where(
      and(
        eq(mediaAssets.userId, userId),
        notDeleted,
        filter.tag ? hasTag(filter.tag) : undefined,
        keyset.where,
      ),
    )
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
  return pageOf(rows, page);
}

/** Scoped by owner: another user's id finds nothing. */
export async function findOwnAsset(
  db: Database,
  userId: string,
  id: string,
): Promise<MediaAssetRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaAssets)
    .where(and(eq(mediaAssets.id, id), eq(mediaAssets.userId, userId), notDeleted));
  return row;
}

/** For signed file links only: the signature, not a session, proves the right to read. */
export async function findAssetById(db: Database, id: string): Promise<MediaAssetRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaAssets)
    .where(and(eq(mediaAssets.id, id), notDeleted));
  return row;
}
