import { photoCopyTexts, type PhotoCopy } from '@app/shared/leak-trace';
import { mediaErrors } from '@app/shared/media';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { storageUnavailable } from '../media/media-errors.js';
import { findOwnAsset } from '../media/media.repo.js';
import { findOwnCopy, photoCopiesOf, retireCopyFile } from './copy-registry.repo.js';
import { markHexOf } from './mark-id.js';

/**
 * GET /api/media/:id/copies: every ImageShield copy of the photo, the current one and the earlier
 * ones protecting again kept (docs/decisions/047-copy-registry.md), each with the posts sent from it.
 */
export async function listPhotoCopies(db: Database, user: UserRow, assetId: string): Promise<PhotoCopy[]> {
  const asset = await findOwnAsset(db, user.id, assetId);
  if (!asset) throw AppError.notFound(mediaErrors.notFound);
  const { copies, posts } = await photoCopiesOf(db, user.id, assetId);
  return copies.map((copy) => ({
    copyId: copy.id,
    markHex: markHexOf(copy.markId),
    madeAt: copy.createdAt.toISOString(),
    protectionLevel: copy.protectionLevel,
    bytes: copy.bytes,
    current: copy.storageKey !== null && copy.storageKey === asset.protectedStorageKey,
    fileDeleted: copy.deletedAt !== null,
    posts: posts
      .filter((post) => post.sourceCopyId === copy.id)
      .map((post) => ({
        postId: post.postId,
        subreddit: post.subreddit,
        redditAccount: post.redditUsername,
        sentAt: post.status === 'sent' ? (post.sentAt?.toISOString() ?? null) : null,
        postUrl: post.status === 'sent' ? (post.result?.url ?? null) : null,
      })),
  }));
}

/**
 * DELETE /api/leaks/copies/:id: deletes an earlier copy's file (freeing its storage); the row
 * stays so pictures of it already out there are still traced. The current copy is refused (409).
 */
export async function deletePhotoCopy(
  deps: { db: Database; storage: MediaStorage },
  user: UserRow,
  id: string,
): Promise<string> {
  const found = await findOwnCopy(deps.db, user.id, id);
  const key = found?.copy.storageKey;
  if (!found || found.copy.kind !== 'protected' || found.copy.deletedAt || found.copy.pendingUntil || !key)
    throw AppError.notFound(photoCopyTexts.notFound);
  if (key === found.currentKey) throw AppError.conflict(photoCopyTexts.currentCopy);
  try {
    await deps.storage.delete(key);
    if (found.copy.unmarkedStorageKey) await deps.storage.delete(found.copy.unmarkedStorageKey);
  } catch (error) {
    throw storageUnavailable(error);
  }
  await retireCopyFile(deps.db, user.id, id);
  return photoCopyTexts.deleted;
}
