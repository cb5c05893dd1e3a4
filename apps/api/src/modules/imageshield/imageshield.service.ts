import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  imageshieldTexts,
  type ProtectImageRequest,
  type ProtectImageResponse,
} from '@app/shared/imageshield';
import { hashNames, mediaErrors, measuredProtectionText, type ProtectionReport } from '@app/shared/media';
import { storageQuotaFor, watermarkIsForced } from '@app/shared/plans';
import type { ImageJobScheduler } from '../../adapters/image/image-job-scheduler.js';
import {
  compareHashes,
  hashImageAtWorkingSize,
  type ImageComparison,
} from '../../adapters/image/perceptual-hash/compare-images.js';
import { decodeForProtection, protectImage } from '../../adapters/image/protection/protect-image.js';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { Database } from '../../db/client.js';
import type { MediaAssetRow, UserRow } from '../../db/schema/index.js';
import { hashFromHex, hashToHex } from '../../adapters/image/perceptual-hash/hash-bits.js';
import { AppError } from '../../lib/app-error.js';
import { kindOf, protectedUrlOf } from '../media/media-asset.js';
import type { MediaUrlSigner } from '../media/media-url-signer.js';
import { imageJobOwner, runImageJob } from '../media/image-jobs.js';
import { findOwnAsset, storageTotals, swapProtectedCopy, type ProtectedCopy } from '../media/media.repo.js';
import { quotaExceeded, storageUnavailable } from '../media/media-errors.js';
import { markProtectedCopy } from '../leaks/protected-copy-mark.js';
import { watermarkTextForUser } from '../settings/settings.service.js';

export interface ImageshieldDependencies {
  db: Database;
  storage: MediaStorage;
  signer: MediaUrlSigner;
  tempDir: string;
  imageJobs: ImageJobScheduler;
}

export async function readAll(storage: MediaStorage, key: string): Promise<Buffer> {
  const stored = await storage.read(key).catch((error: unknown) => {
    throw storageUnavailable(error);
  });
  if (!stored) throw AppError.notFound(mediaErrors.notFound);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** How many earlier copies of one photo a new copy is kept apart from (a creator reposts a photo a few times, not hundreds). */
const rememberedCopies = 50;

/**
 * The PDQ hashes of the copies made so far. A copy protected before the history was kept is
 * hashed from its file; if that file cannot be read, there is nothing to keep apart from.
 */
async function earlierCopyHashes(storage: MediaStorage, asset: MediaAssetRow): Promise<Uint8Array[]> {
  const remembered = asset.protectionReport?.copyPdqHashes;
  if (remembered) return remembered.map((hex) => hashFromHex(hex, 32));
  if (!asset.protectedStorageKey) return [];
  const copy = await readAll(storage, asset.protectedStorageKey).catch(() => null);
  const hashes = copy ? await hashImageAtWorkingSize(copy).catch(() => null) : null;
  return hashes ? [hashes.pdq.hash] : [];
}

export function toReport(
  comparison: ImageComparison,
  attempts: number,
  watermarked: boolean,
): ProtectionReport {
  return {
    hashes: hashNames.map((name) => ({ name, ...comparison[name] })),
    matchesOriginal: comparison.anyMatch,
    attempts,
    watermarked,
    protectedAt: new Date().toISOString(),
  };
}

export async function storeCopy(
  deps: Pick<ImageshieldDependencies, 'storage' | 'tempDir'>,
  key: string,
  image: { data: Buffer; format: string },
) {
  const tempFile = path.join(deps.tempDir, `${randomBytes(8).toString('hex')}.protected`);
  try {
    await writeFile(tempFile, image.data);
    await deps.storage
      .putFile(key, tempFile, image.format === 'png' ? 'image/png' : 'image/jpeg')
      .catch((error: unknown) => {
        throw storageUnavailable(error);
      });
  } finally {
    await rm(tempFile, { force: true });
  }
}

/** A full storage is refused before the work; the exact count is made again when the copy is swapped in. */
export async function refuseIfStorageFull(deps: ImageshieldDependencies, user: UserRow) {
  const quotaBytes = storageQuotaFor(user);
  const { usedBytes } = await storageTotals(deps.db, user.id);
  if (usedBytes >= quotaBytes) throw quotaExceeded(quotaBytes);
}

/** How the copy registry stores and removes protected copies' files (markProtectedCopy and friends). */
export const copyFilesOf = (deps: Pick<ImageshieldDependencies, 'db' | 'storage' | 'tempDir'>) => ({
  db: deps.db,
  store: (key: string, image: { data: Buffer; format: string }) => storeCopy(deps, key, image),
  remove: (key: string) => deps.storage.delete(key),
});

/**
 * What protecting (or previewing) a photo checks before any work: her own photo, an image, room
 * in her storage. Answers whether the copy carries the visible watermark.
 */
export async function checkProtectable(
  deps: ImageshieldDependencies,
  user: UserRow,
  assetId: string,
  request: ProtectImageRequest,
): Promise<{ watermarked: boolean }> {
  const found = await findOwnAsset(deps.db, user.id, assetId);
  if (!found) throw AppError.notFound(mediaErrors.notFound);
  if (kindOf(found.mime) !== 'image') throw AppError.badRequest(imageshieldTexts.onlyImages);
  await refuseIfStorageFull(deps, user);
  return { watermarked: watermarkIsForced(user) || request.watermark === true };
}

/** The asset as it is now, and a new protected copy of it that matches neither the original nor an earlier copy. */
export async function makeCopy(
  deps: ImageshieldDependencies,
  user: UserRow,
  assetId: string,
  level: ProtectImageRequest['protectionLevel'],
  watermarked: boolean,
) {
  const asset = await findOwnAsset(deps.db, user.id, assetId);
  if (!asset) throw AppError.notFound(mediaErrors.notFound);
  const original = await readAll(deps.storage, asset.storageKey);
  const earlierCopies = await earlierCopyHashes(deps.storage, asset);
  const source = await decodeForProtection(original).catch(() => {
    throw AppError.badRequest(imageshieldTexts.damaged);
  });
  const watermarkText = watermarked ? await watermarkTextForUser(deps.db, user) : undefined;
  return { asset, earlierCopies, ...(await protectImage(source, level, { watermarkText, earlierCopies })) };
}

/**
 * Stores the copy and points the asset at it, only if the asset still has the copy this one was
 * made against (compare-and-swap, which holds between server processes too). A copy that loses,
 * or would pass the quota, is taken back out: nothing is left that no row points at.
 */
async function swapIn(
  deps: ImageshieldDependencies,
  asset: MediaAssetRow,
  copy: ProtectedCopy,
  image: { data: Buffer; format: string },
) {
  await storeCopy(deps, copy.key, image);
  const swap = await swapProtectedCopy(deps.db, asset, asset.protectedStorageKey, copy).catch(
    async (error: unknown) => {
      await deps.storage.delete(copy.key).catch(() => {});
      throw error;
    },
  );
  if (swap !== 'swapped') {
    await deps.storage.delete(copy.key).catch(() => {});
    if (swap === 'gone') throw AppError.notFound(mediaErrors.notFound);
    if (swap === 'changed') throw AppError.conflict(imageshieldTexts.protectedMeanwhile);
    throw quotaExceeded(swap.refused.quotaBytes);
  }
  // The earlier copy is kept or removed by the copy registry (markProtectedCopy's settle).
}

/**
 * POST /api/protect-image/{id}: a new protected copy of the owner's photo at the asked level,
 * measured against the original; it replaces any earlier copy. The original is never changed.
 * Reading, protecting and swapping in run as one image job in the owner's turn, so two
 * protections of one photo through this process follow each other; between processes the
 * compare-and-swap keeps the first and refuses the second (409).
 */
export async function protectAsset(
  deps: ImageshieldDependencies,
  user: UserRow,
  assetId: string,
  request: ProtectImageRequest,
): Promise<ProtectImageResponse> {
  const { watermarked } = await checkProtectable(deps, user, assetId, request);
  return runImageJob(deps.imageJobs, imageJobOwner.user(user.id), async () => {
    const made = await makeCopy(deps, user, assetId, request.protectionLevel, watermarked);
    const { asset, attempts, earlierCopies } = made;
    // Its own invisible mark and a row in the copy registry (docs/leak-tracing.md); the report
    // measures the marked file, the one stored and served.
    const marked = await markProtectedCopy(copyFilesOf(deps), asset, request.protectionLevel, made);
    const { hashes } = marked;
    const report = toReport(compareHashes(made.originalHashes, hashes), attempts, watermarked);
    const copy: ProtectedCopy = {
      key: marked.key,
      bytes: marked.image.data.length,
      protectionLevel: request.protectionLevel,
      protectionReport: {
        ...report,
        copyPdqHashes: [hashToHex(hashes.pdq.hash), ...earlierCopies.map(hashToHex)].slice(
          0,
          rememberedCopies,
        ),
      },
    };
    await swapIn(deps, asset, copy, marked.image).catch(async (error: unknown) => {
      await marked.settle(false, null);
      throw error;
    });
    await marked.settle(true, asset.protectedStorageKey);
    return {
      message: measuredProtectionText(report),
      protectedUrl: protectedUrlOf(copy.key, asset.id, deps.signer),
      protectionLevel: request.protectionLevel,
      report,
    };
  });
}
