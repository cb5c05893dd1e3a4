import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { errorCodes } from '@app/shared/errors';
import { mediaErrors, parseTags, uploadFieldsSchema, watermarkTextFor } from '@app/shared/media';
import { storageQuotaFor } from '@app/shared/plans';
import { maxImagePixels, prepareImageWithThumbnail, UnreadableImageError, type ImageFormat } from '../../adapters/image/image-processor.js';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { Database } from '../../db/client.js';
import type { MediaAssetRow, UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { formatGigabytes } from './format-bytes.js';
import { displayFilename } from './media-filename.js';
import { detectMediaType, type AcceptedType } from './media-type.js';
import { insertWithinQuota, storageTotals } from './media.repo.js';
import { receiveUpload } from './upload-receiver.js';

export interface UploadDependencies {
  db: Database;
  storage: MediaStorage;
  tempDir: string;
}

function quotaExceeded(quotaBytes: number): AppError {
  return new AppError(413, mediaErrors.quotaExceeded(formatGigabytes(quotaBytes)), mediaErrors.quotaCode);
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
  width: number | null;
  height: number | null;
  watermarked: boolean;
}

async function prepareFiles(upload: { tempPath: string }, type: AcceptedType, watermarkText: string | undefined): Promise<PreparedFiles> {
  // Videos are stored as sent: there is no video decoder on the server to re-encode or mark them.
  if (type.kind === 'video') return { mainPath: upload.tempPath, width: null, height: null, watermarked: false };
  const mainPath = `${upload.tempPath}.${type.ext}`;
  const thumbnailPath = `${upload.tempPath}.thumb.webp`;
  try {
    const prepared = await prepareImageWithThumbnail(upload.tempPath, mainPath, thumbnailPath, imageFormatOf(type), { watermarkText });
    return { mainPath, thumbnailPath, ...prepared };
  } catch (error) {
    if (error instanceof UnreadableImageError) {
      throw AppError.badRequest(
        error.reason === 'too-many-pixels' ? mediaErrors.tooManyPixels(maxImagePixels / 1_000_000) : mediaErrors.damagedImage,
      );
    }
    throw error;
  }
}

async function putAll(storage: MediaStorage, files: Array<{ key: string; path: string; contentType: string }>) {
  try {
    for (const file of files) await storage.putFile(file.key, file.path, file.contentType);
  } catch (error) {
    throw storageUnavailable(error);
  }
}

export function storageUnavailable(cause: unknown): AppError {
  const error = new AppError(503, mediaErrors.storageUnavailable, errorCodes.unavailable);
  error.cause = cause;
  return error;
}

/**
 * POST /api/media/upload: receive → check size and quota → sniff the type → clean the image and
 * make its thumbnail → store the files → insert the row under the quota lock. Whatever fails on
 * the way, no row and no file stays behind.
 */
export async function uploadMedia(deps: UploadDependencies, user: UserRow, request: FastifyRequest): Promise<MediaAssetRow> {
  const upload = await receiveUpload(request, deps.tempDir);
  const temporary = [upload.tempPath];
  const storedKeys: string[] = [];
  try {
    const fields = uploadFieldsSchema.safeParse(upload.fields);
    if (!fields.success) throw AppError.badRequest('Tags must be at most 1000 characters and watermark "true" or "false".');
    if (upload.bytes === 0) throw AppError.badRequest(mediaErrors.emptyFile);
    await refuseIfOverQuota(deps.db, user, upload.bytes);

    const type = await detectMediaType(upload.tempPath);
    const wantsWatermark = fields.data.watermark === 'true';
    const files = await prepareFiles(upload, type, wantsWatermark ? watermarkTextFor(user.username) : undefined);
    temporary.push(files.mainPath, ...(files.thumbnailPath ? [files.thumbnailPath] : []));

    const assetId = randomUUID();
    const storageKey = `${user.id}/${assetId}/original.${type.ext}`;
    const thumbnailKey = files.thumbnailPath ? `${user.id}/${assetId}/thumbnail.webp` : null;
    const { size: bytes } = await stat(files.mainPath);
    storedKeys.push(storageKey, ...(thumbnailKey ? [thumbnailKey] : []));
    await putAll(deps.storage, [
      { key: storageKey, path: files.mainPath, contentType: type.mime },
      ...(thumbnailKey && files.thumbnailPath ? [{ key: thumbnailKey, path: files.thumbnailPath, contentType: 'image/webp' }] : []),
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
