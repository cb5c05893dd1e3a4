import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/client.js';
import { mediaAssets } from '../../src/db/schema/index.js';

type NewAsset = typeof mediaAssets.$inferInsert;

/**
 * A gallery row with no stored file behind it: enough for code that reads rows (ownership, kind,
 * quota). Tests of files upload through the API instead. The key follows the real layout.
 */
export async function newAsset(db: Database, values: Pick<NewAsset, 'userId'> & Partial<NewAsset>) {
  const id = values.id ?? randomUUID();
  const [row] = await db
    .insert(mediaAssets)
    .values({
      filename: 'photo.jpg',
      mime: 'image/jpeg',
      bytes: 1234,
      storageKey: `${values.userId}/${id}/original`,
      ...values,
      id,
    })
    .returning();
  return row!;
}
