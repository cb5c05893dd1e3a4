import { and, desc, eq, isNull, like } from 'drizzle-orm';
import type { ContentRating, ContentScores } from '@app/shared/media';
import type { Database } from '../../db/client.js';
import { mediaAssets } from '../../db/schema/index.js';

export interface PhotoToRate {
  id: string;
  storageKey: string;
  thumbnailKey: string | null;
}

/** Photos never rated (not deleted), newest first: a fresh upload goes before an old backlog. */
export function listPhotosToRate(db: Database, limit: number): Promise<PhotoToRate[]> {
  return db
    .select({
      id: mediaAssets.id,
      storageKey: mediaAssets.storageKey,
      thumbnailKey: mediaAssets.thumbnailKey,
    })
    .from(mediaAssets)
    .where(and(isNull(mediaAssets.ratedAt), isNull(mediaAssets.deletedAt), like(mediaAssets.mime, 'image/%')))
    .orderBy(desc(mediaAssets.createdAt), desc(mediaAssets.id))
    .limit(limit);
}

/**
 * Writes a rating, or null with no scores for a photo that could not be read (so it is not tried
 * again). updated_at moves too: the gallery's cached JSON of the photo is keyed on it.
 */
export async function recordRating(
  db: Database,
  id: string,
  rated: { rating: ContentRating; scores: ContentScores } | null,
): Promise<void> {
  await db
    .update(mediaAssets)
    .set({ contentRating: rated?.rating ?? null, contentScores: rated?.scores ?? null, ratedAt: new Date() })
    .where(eq(mediaAssets.id, id));
}
