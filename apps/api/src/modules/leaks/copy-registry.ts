import { hashNames, type ProtectionLevel } from '@app/shared/media';
import { embedForensicMark } from '../../adapters/image/forensic-mark/forensic-mark.js';
import {
  hashImageAtWorkingSize,
  imageHashesToHex,
  type ImageHashes,
} from '../../adapters/image/perceptual-hash/compare-images.js';
import type { Database } from '../../db/client.js';
import type { ImageCopyKind, ImageCopyRow, StoredHashes } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import { deleteCopy, findPostCopy, insertCopy, updateCopy } from './copy-registry.repo.js';
import { randomMarkId } from './mark-id.js';

/**
 * Every copy of a creator's photo that leaves us carries its own invisible mark and a row in the
 * copy registry (docs/leak-tracing.md#tracing-a-leak). The makers of copies (ImageShield, the
 * campaign copy job, the post sender) call in here and store or send the image this answers.
 */
export interface EncodedImage {
  data: Buffer;
  format: string;
}

export interface CopyFacts {
  userId: string;
  mediaAssetId: string | null;
  kind: ImageCopyKind;
  protectionLevel?: ProtectionLevel | null;
  /** Of the original the copy was made from, when the maker has them at hand. */
  originalHashes?: ImageHashes | StoredHashes | null;
  postId?: string | null;
  subreddit?: string | null;
  redditUsername?: string | null;
  campaignId?: string | null;
  /** The stored copy this one was marked onto (a single post's image onto the ImageShield copy). */
  sourceCopyId?: string | null;
  /** The copy is the original itself (a post of an unprotected photo): its hashes are the original's. */
  sourceIsOriginal?: boolean;
  /** Where the marked file will be stored, by its format; none for an image that is only sent. */
  storageKeyFor?: (format: string) => string;
  /** An ImageShield preview: waits until then for keep or discard (set at insert, never seen unset). */
  pendingUntil?: Date | null;
}

export interface MarkedCopy {
  image: EncodedImage;
  copy: ImageCopyRow;
  /** The marked image's hashes at the working size: what a measurement of the stored copy finds. */
  hashes: ImageHashes;
}

export function storedHashesOf(hashes: ImageHashes): StoredHashes {
  const hex = imageHashesToHex(hashes);
  return Object.fromEntries(hashNames.map((name) => [name, hex[name]])) as StoredHashes;
}

function asStored(hashes: ImageHashes | StoredHashes | null | undefined): StoredHashes | null {
  if (!hashes) return null;
  return typeof hashes.pdq === 'string' ? (hashes as StoredHashes) : storedHashesOf(hashes as ImageHashes);
}

/**
 * The picture with the mark in it. A picture the mark cannot be put in (too small, say) goes out
 * unmarked rather than not at all: its row has no mark and is traced by its hashes.
 */
async function withMark(image: EncodedImage, markId: number): Promise<EncodedImage | null> {
  return embedForensicMark(image, markId).catch(() => null);
}

async function rowValues(facts: CopyFacts, image: EncodedImage, markId: number | null) {
  const measured = await hashImageAtWorkingSize(image.data);
  const hashes = storedHashesOf(measured);
  const storageKey = facts.storageKeyFor?.(image.format) ?? null;
  return {
    markId,
    userId: facts.userId,
    mediaAssetId: facts.mediaAssetId,
    kind: facts.kind,
    storageKey,
    bytes: storageKey ? image.data.length : 0,
    protectionLevel: facts.protectionLevel ?? null,
    pdqHash: hashes.pdq,
    hashes,
    originalHashes: asStored(facts.originalHashes) ?? (facts.sourceIsOriginal ? hashes : null),
    postId: facts.postId ?? null,
    subreddit: facts.subreddit ?? null,
    redditUsername: facts.redditUsername ?? null,
    campaignId: facts.campaignId ?? null,
    sourceCopyId: facts.sourceCopyId ?? null,
    pendingUntil: facts.pendingUntil ?? null,
    measured,
  };
}

/** A new copy: a fresh mark (a mark id already taken, a 1 in 2^48 event, draws another). */
export async function markNewCopy(db: Database, image: EncodedImage, facts: CopyFacts): Promise<MarkedCopy> {
  for (let attempt = 1; ; attempt += 1) {
    const markId = randomMarkId();
    const marked = await withMark(image, markId);
    const final = marked ?? image;
    try {
      const { measured, ...values } = await rowValues(facts, final, marked ? markId : null);
      const copy = await insertCopy(db, values);
      return { image: final, copy, hashes: measured };
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error, 'image_copies_mark_id_key')) throw error;
    }
  }
}

/**
 * A post's image. A post has one row whatever happens: a copy made again (an expired claim of the
 * copy job) or a send tried again keeps the post's first mark, so the post is one traceable copy.
 */
export async function markPostCopy(db: Database, image: EncodedImage, facts: CopyFacts): Promise<MarkedCopy> {
  const existing = facts.postId ? await findPostCopy(db, facts.postId) : undefined;
  if (!existing) {
    try {
      return await markNewCopy(db, image, facts);
    } catch (error) {
      // Two makers of one post's image at once: the second takes the first one's row.
      if (!isUniqueViolation(error, 'image_copies_post_id_key')) throw error;
      return markPostCopy(db, image, facts);
    }
  }
  const markId = existing.markId ?? randomMarkId();
  const marked = await withMark(image, markId);
  const final = marked ?? image;
  const {
    userId: _owner,
    measured,
    ...values
  } = await rowValues(facts, final, marked ? markId : existing.markId);
  await updateCopy(db, existing.id, { ...values, deletedAt: null });
  return { image: final, copy: { ...existing, ...values, deletedAt: null }, hashes: measured };
}

/** Takes back the row of a copy that did not go out after all (its file was not kept). */
export async function forgetCopy(db: Database, copy: Pick<ImageCopyRow, 'id'>): Promise<void> {
  await deleteCopy(db, copy.id).catch(() => {});
}
