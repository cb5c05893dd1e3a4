import type { FastifyBaseLogger } from 'fastify';
import { aiTexts } from '@app/shared/ai';
import { errorCodes } from '@app/shared/errors';
import type { TaskPhoto } from '../../adapters/ai/caption-provider.js';
import type { ImageJobScheduler } from '../../adapters/image/image-job-scheduler.js';
import { visionCopy } from '../../adapters/image/vision-copy.js';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { Database } from '../../db/client.js';
import type { MediaAssetRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { kindOf } from '../media/media-asset.js';
import { imageJobOwner, runImageJob } from '../media/image-jobs.js';
import { findOwnAsset } from '../media/media.repo.js';
import type { Requester } from './ai-quota.js';

/** Where a request's photo is read from, and the image work it takes (shared with uploads). */
export interface PhotoDependencies {
  storage: MediaStorage;
  imageJobs: ImageJobScheduler;
}

/**
 * The gallery photo a request names: the signed-in user's own, and an image. Someone else's photo
 * and a deleted one get the same 404, so an id never tells whether it exists.
 */
export async function findRequestPhoto(
  db: Database,
  requester: Requester,
  mediaId: string,
): Promise<MediaAssetRow> {
  if (!requester.user)
    throw new AppError(400, aiTexts.photoNeedsSignIn, errorCodes.validation, { field: 'mediaId' });
  const asset = await findOwnAsset(db, requester.user.id, mediaId);
  if (!asset) throw new AppError(404, aiTexts.photoNotFound, errorCodes.notFound, { field: 'mediaId' });
  if (kindOf(asset.mime) !== 'image')
    throw new AppError(400, aiTexts.photoNotImage, errorCodes.validation, { field: 'mediaId' });
  return asset;
}

/** What of the photo goes into the cache key: another photo, or the same one changed, is asked afresh. */
export function photoCacheKey(asset: MediaAssetRow) {
  return { id: asset.id, file: asset.storageKey, updatedAt: asset.updatedAt.toISOString(), tags: asset.tags };
}

async function readOriginal(storage: MediaStorage, key: string): Promise<Buffer> {
  const stored = await storage.read(key);
  if (!stored) throw new Error('the photo file is missing');
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The photo as the writer gets it: always its tags; for a provider that accepts images also the
 * picture, small and without metadata (vision-copy.ts), made as an image job of its owner. When the
 * picture cannot be made (file missing, damaged, image work busy) the tags alone do, and the
 * answer says the photo was used as tags.
 */
export async function taskPhotoOf(
  deps: PhotoDependencies,
  asset: MediaAssetRow,
  acceptsImages: boolean,
  log: FastifyBaseLogger,
): Promise<TaskPhoto> {
  const tags = asset.tags;
  if (!acceptsImages) return { tags };
  try {
    const copy = await runImageJob(deps.imageJobs, imageJobOwner.user(asset.userId), async () =>
      visionCopy(await readOriginal(deps.storage, asset.storageKey)),
    );
    return { tags, dataUrl: copy.dataUrl };
  } catch (error) {
    log.warn(
      { err: error, mediaId: asset.id },
      'photo for the AI service could not be prepared; using its tags',
    );
    return { tags };
  }
}
