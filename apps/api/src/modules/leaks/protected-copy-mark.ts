import { randomBytes } from 'node:crypto';
import type { ProtectionLevel } from '@app/shared/media';
import type { ImageHashes } from '../../adapters/image/perceptual-hash/compare-images.js';
import type { Database } from '../../db/client.js';
import { forgetCopy, markNewCopy, type EncodedImage, type MarkedCopy } from './copy-registry.js';
import { findCopyOfFile, updateCopy } from './copy-registry.repo.js';

export interface ProtectedCopyFiles {
  db: Database;
  store: (key: string, image: EncodedImage) => Promise<void>;
  remove: (key: string) => Promise<void>;
}

// Named apart from the served copy (`protected-…`), in the photo's folder so the purge takes it too.
const unmarkedKeyOf = (key: string) => key.replace(/\/protected-([a-z0-9]+)\./, '/unmarked-$1.');

/**
 * ImageShield's side of the registry (protectAsset): the new copy gets its mark and row before it
 * is stored, and its unmarked pixels are kept beside it for the single posts made from it
 * (decision 047). `settle` takes both back if the copy is not swapped in, and retires the
 * replaced copy's unmarked file when it is.
 */
export async function markProtectedCopy(
  files: ProtectedCopyFiles,
  asset: { id: string; userId: string },
  level: ProtectionLevel,
  made: { image: EncodedImage; originalHashes: ImageHashes },
  pendingUntil: Date | null = null,
): Promise<
  MarkedCopy & { key: string; settle: (swapped: boolean, previousKey: string | null) => Promise<void> }
> {
  const { db } = files;
  const marked = await markNewCopy(db, made.image, {
    userId: asset.userId,
    mediaAssetId: asset.id,
    kind: 'protected',
    protectionLevel: level,
    originalHashes: made.originalHashes,
    pendingUntil,
    storageKeyFor: (format) =>
      `${asset.userId}/${asset.id}/protected-${randomBytes(6).toString('hex')}.${format === 'png' ? 'png' : 'jpg'}`,
  });
  const key = marked.copy.storageKey!;
  // Without a mark (it could not be put in) the copy itself is the unmarked picture.
  const unmarkedKey = marked.copy.markId === null ? null : unmarkedKeyOf(key);
  if (unmarkedKey) {
    await files.store(unmarkedKey, made.image).catch(async (error: unknown) => {
      await forgetCopy(db, marked.copy);
      throw error;
    });
    await updateCopy(db, marked.copy.id, { unmarkedStorageKey: unmarkedKey });
  }
  return {
    ...marked,
    key,
    async settle(swapped, previousKey) {
      if (!swapped) {
        if (unmarkedKey) await files.remove(unmarkedKey).catch(() => {});
        return forgetCopy(db, marked.copy);
      }
      if (previousKey) await retireReplacedCopy(files, asset.userId, previousKey);
    },
  };
}

/**
 * After a new copy became current: a registered earlier copy is kept (listed with its posts,
 * deletable, counted in storage); only its unmarked pixels go, as new posts are made from the
 * current copy. A copy from before the registry, which nothing lists, is deleted as before.
 */
export async function retireReplacedCopy(files: ProtectedCopyFiles, userId: string, previousKey: string) {
  const { db } = files;
  const previous = await findCopyOfFile(db, userId, previousKey).catch(() => undefined);
  if (!previous) return files.remove(previousKey).catch(() => {});
  if (previous.unmarkedStorageKey) {
    await files.remove(previous.unmarkedStorageKey).catch(() => {});
    await updateCopy(db, previous.id, { unmarkedStorageKey: null }).catch(() => {});
  }
}
