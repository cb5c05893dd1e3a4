import type { FastifyBaseLogger } from 'fastify';
import type { ContentClassifier } from '../../adapters/image/content-rating/content-classifier.js';
import { ratingOf } from '../../adapters/image/content-rating/content-rating.js';
import { ratingPixelsOf } from '../../adapters/image/content-rating/rating-pixels.js';
import { UnreadableImageError } from '../../adapters/image/image-processor.js';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { Database } from '../../db/client.js';
import { listPhotosToRate, recordRating, type PhotoToRate } from './content-rating.repo.js';

export interface RatingDependencies {
  db: Database;
  storage: MediaStorage;
  classifier: ContentClassifier;
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export interface RatingSummary {
  rated: number;
  /** Photos whose file is missing or cannot be decoded: left without a rating, not tried again. */
  unreadable: number;
}

// Small batches: each is one short query, and a stop between two photos loses nothing.
const batchSize = 8;

async function readFile(storage: MediaStorage, key: string): Promise<Buffer | null> {
  const stored = await storage.read(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Rates every photo that has no rating yet: the one just uploaded (the upload queues this run and
 * answers at once) and, after a deploy, the whole older gallery (start-up queues a run too), newest
 * first. The thumbnail is read rather than the original: 480 px is plenty for a 224 px model and
 * much cheaper to decode. A photo that cannot be read is recorded as tried, without a rating, and
 * logged. Storage or the classifier failing stops the run, so the queue retries it later with the
 * photos still unrated.
 */
export async function rateUnratedPhotos(deps: RatingDependencies): Promise<RatingSummary> {
  const summary: RatingSummary = { rated: 0, unreadable: 0 };
  for (;;) {
    const batch = await listPhotosToRate(deps.db, batchSize);
    if (batch.length === 0) return summary;
    for (const photo of batch) {
      deps.signal.throwIfAborted();
      if (await ratePhoto(deps, photo)) summary.rated++;
      else summary.unreadable++;
    }
  }
}

async function ratePhoto(deps: RatingDependencies, photo: PhotoToRate): Promise<boolean> {
  const file = await readFile(deps.storage, photo.thumbnailKey ?? photo.storageKey);
  let pixels: Uint8Array;
  try {
    if (!file) throw new Error('the file is missing from storage');
    pixels = await ratingPixelsOf(file);
  } catch (error) {
    if (file && !(error instanceof UnreadableImageError)) throw error;
    deps.log.warn({ err: error, mediaId: photo.id }, 'photo could not be rated; it stays without a rating');
    await recordRating(deps.db, photo.id, null);
    return false;
  }
  const scores = await deps.classifier.classify(pixels);
  await recordRating(deps.db, photo.id, { rating: ratingOf(scores), scores });
  return true;
}
