import {
  imageshieldTexts,
  previewLifetimeMinutes,
  type ProtectImageRequest,
  type ProtectImageResponse,
  type ProtectionPreviewResponse,
} from '@app/shared/imageshield';
import { measuredProtectionText } from '@app/shared/media';
import { compareHashes } from '../../adapters/image/perceptual-hash/compare-images.js';
import { hashToHex } from '../../adapters/image/perceptual-hash/hash-bits.js';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { protectedUrlOf } from '../media/media-asset.js';
import { quotaExceeded, storageUnavailable } from '../media/media-errors.js';
import { imageJobOwner, runImageJob } from '../media/image-jobs.js';
import { findOwnAsset, swapProtectedCopy } from '../media/media.repo.js';
import { updateCopy } from '../leaks/copy-registry.repo.js';
import { markProtectedCopy, retireReplacedCopy } from '../leaks/protected-copy-mark.js';
import {
  checkProtectable,
  copyFilesOf,
  makeCopy,
  storeCopy,
  toReport,
  type ImageshieldDependencies,
} from './imageshield.service.js';
import {
  deletePreviewRow,
  expiredPreviews,
  findOwnPreview,
  settlePreview,
} from './protection-preview.repo.js';

const previewNotFound = () => AppError.notFound(imageshieldTexts.previewNotFound);
const rememberedCopies = 50;

/** The link the page shows the preview by: the session is the credential, so no signature. */
export const previewFileUrl = (previewId: string) => `/api/protect-image/previews/${previewId}/file`;

/**
 * POST /api/protect-image/{id}/preview: the same copy protectAsset makes (mark, registry row,
 * measurements), stored but not put in the photo's place. Its row waits with `pending_until` and
 * the report, is listed nowhere and counts toward storage until she keeps or discards it.
 */
export async function previewProtection(
  deps: ImageshieldDependencies,
  user: UserRow,
  assetId: string,
  request: ProtectImageRequest,
): Promise<ProtectionPreviewResponse> {
  const { watermarked } = await checkProtectable(deps, user, assetId, request);
  return runImageJob(deps.imageJobs, imageJobOwner.user(user.id), async () => {
    const made = await makeCopy(deps, user, assetId, request.protectionLevel, watermarked);
    const expiresAt = new Date(Date.now() + previewLifetimeMinutes * 60_000);
    const files = copyFilesOf(deps);
    const marked = await markProtectedCopy(files, made.asset, request.protectionLevel, made, expiresAt);
    const report = toReport(compareHashes(made.originalHashes, marked.hashes), made.attempts, watermarked);
    const pendingReport = {
      ...report,
      copyPdqHashes: [hashToHex(marked.hashes.pdq.hash), ...made.earlierCopies.map(hashToHex)].slice(
        0,
        rememberedCopies,
      ),
    };
    try {
      await storeCopy(deps, marked.key, marked.image);
      await updateCopy(deps.db, marked.copy.id, { pendingReport });
    } catch (error) {
      await deps.storage.delete(marked.key).catch(() => {});
      await marked.settle(false, null);
      throw error;
    }
    return {
      previewId: marked.copy.id,
      message: measuredProtectionText(report),
      previewUrl: previewFileUrl(marked.copy.id),
      protectionLevel: request.protectionLevel,
      report,
      expiresAt: expiresAt.toISOString(),
    };
  });
}

/**
 * POST /api/protect-image/previews/{previewId}/keep: the preview becomes the photo's current copy;
 * the copy it replaces stays listed as an earlier copy. The row stops waiting first, so the expiry
 * sweep cannot delete a file the photo is about to point at; a refused swap makes it wait again.
 */
export async function keepPreview(
  deps: ImageshieldDependencies,
  user: UserRow,
  previewId: string,
): Promise<ProtectImageResponse> {
  return runImageJob(deps.imageJobs, imageJobOwner.user(user.id), async () => {
    const preview = await findOwnPreview(deps.db, user.id, previewId);
    if (!preview?.mediaAssetId || !preview.storageKey || !preview.pendingReport || !preview.protectionLevel)
      throw previewNotFound();
    const asset = await findOwnAsset(deps.db, user.id, preview.mediaAssetId);
    if (!asset) throw previewNotFound();
    if (!(await settlePreview(deps.db, user.id, previewId))) throw previewNotFound();
    const copy = {
      key: preview.storageKey,
      bytes: preview.bytes,
      protectionLevel: preview.protectionLevel,
      protectionReport: preview.pendingReport,
    };
    const swap = await swapProtectedCopy(deps.db, asset, asset.protectedStorageKey, copy).catch(
      (error: unknown) => error as Error,
    );
    if (swap !== 'swapped') {
      await updateCopy(deps.db, previewId, {
        pendingUntil: preview.pendingUntil,
        pendingReport: preview.pendingReport,
      });
      if (swap instanceof Error) throw swap;
      if (swap === 'gone') throw previewNotFound();
      if (swap === 'changed') throw AppError.conflict(imageshieldTexts.protectedMeanwhile);
      throw quotaExceeded(swap.refused.quotaBytes);
    }
    if (asset.protectedStorageKey)
      await retireReplacedCopy(copyFilesOf(deps), user.id, asset.protectedStorageKey);
    return {
      message: imageshieldTexts.previewKept,
      protectedUrl: protectedUrlOf(copy.key, asset.id, deps.signer),
      protectionLevel: copy.protectionLevel,
      report: preview.pendingReport,
    };
  });
}

async function deletePreviewFiles(
  storage: MediaStorage,
  row: { storageKey: string | null; unmarkedStorageKey: string | null },
) {
  for (const key of [row.storageKey, row.unmarkedStorageKey]) if (key) await storage.delete(key);
}

/** DELETE /api/protect-image/previews/{previewId}: the preview's files and row go; nothing else changes. */
export async function discardPreview(deps: ImageshieldDependencies, user: UserRow, previewId: string) {
  return runImageJob(deps.imageJobs, imageJobOwner.user(user.id), async () => {
    const preview = await findOwnPreview(deps.db, user.id, previewId);
    if (!preview) throw previewNotFound();
    await deletePreviewFiles(deps.storage, preview).catch((error: unknown) => {
      throw storageUnavailable(error);
    });
    await deletePreviewRow(deps.db, previewId);
    return { message: imageshieldTexts.previewDiscarded };
  });
}

/** GET /api/protect-image/previews/{previewId}/file: the preview picture, to its owner only. */
export async function readPreviewFile(
  deps: { db: Database; storage: MediaStorage },
  user: UserRow,
  id: string,
) {
  const preview = await findOwnPreview(deps.db, user.id, id);
  if (!preview?.storageKey) throw previewNotFound();
  const stored = await deps.storage.read(preview.storageKey).catch((error: unknown) => {
    throw storageUnavailable(error);
  });
  if (!stored) throw previewNotFound();
  return { stored, mime: preview.storageKey.endsWith('.png') ? 'image/png' : 'image/jpeg' };
}

/**
 * Run with the media purge (every minute): previews left waiting past their time lose their files
 * and row. Files first, so a storage failure leaves the row for the next run and nothing orphaned.
 */
export async function discardExpiredPreviews(
  deps: { db: Database; storage: MediaStorage },
  now = new Date(),
) {
  let discarded = 0;
  for (const row of await expiredPreviews(deps.db, now, 200)) {
    try {
      await deletePreviewFiles(deps.storage, row);
      if (await deletePreviewRow(deps.db, row.id)) discarded += 1;
    } catch {
      // Storage refused: the row stays and the next run tries again.
    }
  }
  return discarded;
}
