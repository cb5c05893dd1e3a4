import { and, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mediaAssets } from '../../db/schema/index.js';

/** An asset with a stored file whose size was never recorded; a key is null when its size is known. */
export interface AssetToBackfill {
  id: string;
  thumbnailKey: string | null;
  protectedKey: string | null;
}

const thumbnailUncounted = and(isNotNull(mediaAssets.thumbnailKey), eq(mediaAssets.thumbnailBytes, 0));
const protectedUncounted = and(isNotNull(mediaAssets.protectedStorageKey), eq(mediaAssets.protectedBytes, 0));

/** The next `limit` such assets after `after`, in id order (keyset paging: missing files do not repeat). */
export async function listAssetsToBackfill(
  db: Database,
  { after, limit }: { after: string | undefined; limit: number },
): Promise<AssetToBackfill[]> {
  const rows = await db
    .select({
      id: mediaAssets.id,
      thumbnailKey: mediaAssets.thumbnailKey,
      thumbnailBytes: mediaAssets.thumbnailBytes,
      protectedKey: mediaAssets.protectedStorageKey,
      protectedBytes: mediaAssets.protectedBytes,
    })
    .from(mediaAssets)
    .where(and(after ? gt(mediaAssets.id, after) : undefined, or(thumbnailUncounted, protectedUncounted)))
    .orderBy(mediaAssets.id)
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    thumbnailKey: row.thumbnailBytes === 0 ? row.thumbnailKey : null,
    protectedKey: row.protectedBytes === 0 ? row.protectedKey : null,
  }));
}

/**
 * Records a size only while the row still points at the file that was measured and still counts
 * 0 for it (compare-and-set): a protected copy swapped in meanwhile keeps its own, newer size.
 * updated_at stays: the asset did not change, only its bookkeeping did.
 */
export async function recordStoredBytes(
  db: Database,
  id: string,
  file: 'thumbnail' | 'protected',
  key: string,
  bytes: number,
): Promise<boolean> {
  const [keyColumn, bytesColumn] =
    file === 'thumbnail'
      ? [mediaAssets.thumbnailKey, mediaAssets.thumbnailBytes]
      : [mediaAssets.protectedStorageKey, mediaAssets.protectedBytes];
  const updated = await db
    .update(mediaAssets)
    .set({
      ...(file === 'thumbnail' ? { thumbnailBytes: bytes } : { protectedBytes: bytes }),
      updatedAt: sql`${mediaAssets.updatedAt}`,
    })
    .where(and(eq(mediaAssets.id, id), eq(bytesColumn, 0), eq(keyColumn, key)))
    .returning({ id: mediaAssets.id });
  return updated.length > 0;
}
