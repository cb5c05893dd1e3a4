import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { mediaErrors, parseTags, uploadFieldsSchema } from '@app/shared/media';
import { storageQuotaFor } from '@app/shared/plans';
import type { ImageJobScheduler } from '../../adapters/image/image-job-scheduler.js';
import {
  maxAnimationPixels,
  maxImagePixels,
  prepareImageWithThumbnail,
  UnreadableImageError,
  type ImageFormat,
} from '../../adapters/image/image-processor.js';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { Database } from '../../db/client.js';
import type { MediaAssetRow, UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { quotaExceeded, storageUnavailable } from './media-errors.js';
import { imageJobOwner, runImageJob } from './image-jobs.js';
import { displayFilename } from './media-filename.js';
import { detectMediaType, type AcceptedType } from './media-type.js';
import { insertWithinQuota, storageTotals } from './media.repo.js';
import { receiveUpload } from './upload-receiver.js';
import { watermarkTextForUser } from '../settings/settings.service.js';

export interface UploadDependencies {
  db: Database;
  storage: MediaStorage;
  tempDir: string;
  imageJobs: ImageJobScheduler;
}

async function refuseIfOverQuota(db: Database, user: UserRow, bytes: number) {
  const quotaBytes = storageQuotaFor(user);
  const { usedBytes } = await storageTotals(db, user.id);
  if (usedBytes + bytes > quotaBytes) throw quotaExceeded(quotaBytes);
}

function imageFormatOf(type: AcceptedType): ImageFormat {
  return type.ext === 'jpg' ? 'jpeg' : (type.ext as ImageFormat);
}

interface PreparedFiles {
  mainPath: string;
  thumbnailPath?: string;
  thumbnailBytes: number;
  width: number | null;
  height: number | null;
  watermarked: boolean;
}

/** Where an upload's cleaned image and thumbnail are written before they are stored. */
function preparedPaths(tempPath: string, type: AcceptedType) {
  return { mainPath: `${tempPath}.${type.ext}`, thumbnailPath: `${tempPath}.thumb.webp` };
}

function unreadableImageMessage(reason: UnreadableImageError['reason']): string {
  switch (reason) {
    case 'too-many-pixels':
      return mediaErrors.tooManyPixels(maxImagePixels / 1_000_000);
    case 'animation-too-large':
      return mediaErrors.animationTooLarge(maxAnimationPixels / 1_000_000);
    case 'damaged':
      return mediaErrors.damagedImage;
  }
}

async function prepareFiles(
  deps: UploadDependencies,
  user: UserRow,
  upload: { tempPath: string },
  type: AcceptedType,
  watermarkText: string | undefined,
): Promise<PreparedFiles> {
  // Videos are stored as sent: there is no video decoder on the server to re-encode or mark them.
  if (type.kind === 'video')
    return { mainPath: upload.tempPath, thumbnailBytes: 0, width: null, height: null, watermarked: false };
  const { mainPath, thumbnailPath } = preparedPaths(upload.tempPath, type);
  try {
    const prepared = await runImageJob(deps.imageJobs, imageJobOwner.user(user.id), () =>
      prepareImageWithThumbnail(upload.tempPath, mainPath, thumbnailPath, imageFormatOf(type), {
        watermarkText,
      }),
    );
    const { size: thumbnailBytes } = await stat(thumbnailPath);
    return { mainPath, thumbnailPath, thumbnailBytes, ...prepared };
  } catch (error) {
    if (error instanceof UnreadableImageError)
      throw AppError.badRequest(unreadableImageMessage(error.reason));
    throw error;
  }
}

async function putAll(
  storage: MediaStorage,
  files: Array<{ key: string; path: string; contentType: string }>,
) {
  try {
    for (const file of files) await storage.putFile(file.key, file.path, file.contentType);
  } catch (error) {
    throw storageUnavailable(error);
  }
}

/**
 * POST /api/media/upload: receive → check size and quota → sniff the type → clean the image and
 * make its thumbnail (an image job in the account's turn) → store the files → insert the row under
 * the quota lock, counting the thumbnail too. Whatever fails on the way, no row and no file stays behind.
 */
export async function uploadMedia(
  deps: UploadDependencies,
  user: UserRow,
  request: FastifyRequest,
): Promise<MediaAssetRow> {
  const upload = await receiveUpload(request, deps.tempDir);
  const temporary = [upload.tempPath];
  const storedKeys: string[] = [];
  try {
    const fields = uploadFieldsSchema.safeParse(upload.fields);
    if (!fields.success)
      throw AppError.badRequest('Tags must be at most 1000 characters and watermark "true" or "false".');
    if (upload.bytes === 0) throw AppError.badRequest(mediaErrors.emptyFile);
    await refuseIfOverQuota(deps.db, user, upload.bytes);

    const type = await detectMediaType(upload.tempPath);
    const wantsWatermark = fields.data.watermark === 'true';
    // Listed before preparing: a failure half-way must not leave a finished main file behind.
    if (type.kind === 'image') temporary.push(...Object.values(preparedPaths(upload.tempPath, type)));
    const files = await prepareFiles(
      deps,
      user,
      upload,
      type,
      wantsWatermark ? await watermarkTextForUser(deps.db, user) : undefined,
    );

    const assetId = randomUUID();
    const storageKey = `${user.id}/${assetId}/original.${type.ext}`;
    const thumbnailKey = files.thumbnailPath ? `${user.id}/${assetId}/thumbnail.webp` : null;
    const { size: bytes } = await stat(files.mainPath);
    storedKeys.push(storageKey, ...(thumbnailKey ? [thumbnailKey] : []));
    await putAll(deps.storage, [
      { key: storageKey, path: files.mainPath, contentType: type.mime },
      ...(thumbnailKey && files.thumbnailPath
        ? [{ key: thumbnailKey, path: files.thumbnailPath, contentType: 'image/webp' }]
        : []),
    ]);

    const result = await insertWithinQuota(deps.db, {
      id: assetId,
      userId: user.id,
      filename: displayFilename(upload.clientFilename, type.ext),
      mime: type.mime,
      bytes,
      width: files.width,
      height: files.height,
      storageKey,
      thumbnailKey,
      thumbnailBytes: files.thumbnailBytes,
      hasWatermark: files.watermarked,
      tags: parseTags(fields.data.tags),
    });
    if ('refused' in result) throw quotaExceeded(result.refused.quotaBytes);
    storedKeys.length = 0;
    return result.inserted;
  } finally {
    await Promise.all(temporary.map((file) => rm(file, { force: true })));
    // Only reached with keys left when the upload failed after storing: take the files back out.
    await Promise.all(storedKeys.map((key) => deps.storage.delete(key).catch(() => {})));
  }
}
