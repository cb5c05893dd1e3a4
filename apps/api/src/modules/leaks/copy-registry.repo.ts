import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  imageCopies,
  mediaAssets,
  redditAccounts,
  scheduledPosts,
  type ImageCopyRow,
  type NewImageCopyRow,
} from '../../db/schema/index.js';

export async function insertCopy(db: Database, row: NewImageCopyRow): Promise<ImageCopyRow> {
  const [inserted] = await db.insert(imageCopies).values(row).returning();
  return inserted!;
}

/** The image row of a post (kind 'post'), whoever made it: the campaign copy job or the sender. */
export async function findPostCopy(db: Database, postId: string): Promise<ImageCopyRow | undefined> {
  const [row] = await db
    .select()
    .from(imageCopies)
    .where(and(eq(imageCopies.postId, postId), eq(imageCopies.kind, 'post')));
  return row;
}

export async function updateCopy(
  db: Database,
  id: string,
  change: Partial<Omit<NewImageCopyRow, 'id' | 'userId'>>,
): Promise<void> {
  await db.update(imageCopies).set(change).where(eq(imageCopies.id, id));
}

/** Takes back a copy that never left us (its file was not kept, or its post was cancelled meanwhile). */
export async function deleteCopy(db: Database, id: string): Promise<void> {
  await db.delete(imageCopies).where(eq(imageCopies.id, id));
}

/** The owner's copy carrying this mark. Another person's mark finds nothing, like an unknown one. */
export async function findOwnCopyByMark(
  db: Database,
  userId: string,
  markId: number,
): Promise<ImageCopyRow | undefined> {
  const [row] = await db
    .select()
    .from(imageCopies)
    .where(and(eq(imageCopies.userId, userId), eq(imageCopies.markId, markId)));
  return row;
}

export type HashCandidate = Pick<
  ImageCopyRow,
  'id' | 'kind' | 'mediaAssetId' | 'hashes' | 'originalHashes' | 'postId' | 'createdAt'
>;

/** Every copy of the owner's, with its hashes, newest first (deleted files too: the copy may be out there). */
export async function hashCandidatesOf(db: Database, userId: string): Promise<HashCandidate[]> {
  return db
    .select({
      id: imageCopies.id,
      kind: imageCopies.kind,
      mediaAssetId: imageCopies.mediaAssetId,
      hashes: imageCopies.hashes,
      originalHashes: imageCopies.originalHashes,
      postId: imageCopies.postId,
      createdAt: imageCopies.createdAt,
    })
    .from(imageCopies)
    .where(eq(imageCopies.userId, userId))
    .orderBy(desc(imageCopies.createdAt));
}

/** A copy with what it was for: its photo (while in the gallery), its post and the post's account. */
export async function copyDetailsOf(db: Database, userId: string, copyId: string) {
  const [row] = await db
    .select({
      copy: imageCopies,
      fileName: mediaAssets.filename,
      thumbnailKey: mediaAssets.thumbnailKey,
      postStatus: scheduledPosts.status,
      postSentAt: scheduledPosts.sentAt,
      postResult: scheduledPosts.resultJson,
      postAccount: redditAccounts.username,
    })
    .from(imageCopies)
    .leftJoin(mediaAssets, and(eq(mediaAssets.id, imageCopies.mediaAssetId), isNull(mediaAssets.deletedAt)))
    .leftJoin(scheduledPosts, eq(scheduledPosts.id, imageCopies.postId))
    .leftJoin(redditAccounts, eq(redditAccounts.id, scheduledPosts.redditAccountId))
    .where(and(eq(imageCopies.id, copyId), eq(imageCopies.userId, userId)));
  return row;
}

export type CopyDetails = NonNullable<Awaited<ReturnType<typeof copyDetailsOf>>>;

/** The owner's gallery photo, for a found original (while it is in the gallery). */
export async function ownPhotoName(db: Database, userId: string, assetId: string) {
  const [row] = await db
    .select({ fileName: mediaAssets.filename, thumbnailKey: mediaAssets.thumbnailKey })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.id, assetId), eq(mediaAssets.userId, userId), isNull(mediaAssets.deletedAt)));
  return row;
}

/** A post's row whose post was deleted before its copy was kept: the copy never left us. */
export async function deleteCopyOfGonePost(db: Database, id: string): Promise<void> {
  await db.delete(imageCopies).where(and(eq(imageCopies.id, id), isNull(imageCopies.postId)));
}

/** The registry row of a stored copy file (the photo's current ImageShield copy), if it has one. */
export async function findCopyOfFile(db: Database, userId: string, storageKey: string) {
  const [row] = await db
    .select({
      id: imageCopies.id,
      markId: imageCopies.markId,
      originalHashes: imageCopies.originalHashes,
      unmarkedStorageKey: imageCopies.unmarkedStorageKey,
    })
    .from(imageCopies)
    .where(and(eq(imageCopies.userId, userId), eq(imageCopies.storageKey, storageKey)))
    .limit(1);
  return row;
}

/** The ImageShield copies of one of the owner's photos, newest first, with the posts made from each. */
export async function photoCopiesOf(db: Database, userId: string, assetId: string) {
  const copies = await db
    .select()
    .from(imageCopies)
    .where(
      and(
        eq(imageCopies.userId, userId),
        eq(imageCopies.mediaAssetId, assetId),
        eq(imageCopies.kind, 'protected'),
        // A preview waiting for keep or discard is not one of the photo's copies yet.
        isNull(imageCopies.pendingUntil),
      ),
    )
    .orderBy(desc(imageCopies.createdAt));
  const posts = await db
    .select({
      sourceCopyId: imageCopies.sourceCopyId,
      postId: imageCopies.postId,
      subreddit: imageCopies.subreddit,
      redditUsername: imageCopies.redditUsername,
      sentAt: scheduledPosts.sentAt,
      status: scheduledPosts.status,
      result: scheduledPosts.resultJson,
    })
    .from(imageCopies)
    .leftJoin(scheduledPosts, eq(scheduledPosts.id, imageCopies.postId))
    .where(
      and(
        eq(imageCopies.userId, userId),
        eq(imageCopies.mediaAssetId, assetId),
        eq(imageCopies.kind, 'post'),
        isNotNull(imageCopies.sourceCopyId),
      ),
    )
    .orderBy(desc(imageCopies.createdAt));
  return { copies, posts };
}

/** Forgets a kept copy's file: the row stays, so pictures of it out there are still traced. */
export async function retireCopyFile(db: Database, userId: string, id: string) {
  const [row] = await db
    .update(imageCopies)
    .set({ deletedAt: new Date(), storageKey: null, bytes: 0 })
    .where(and(eq(imageCopies.id, id), eq(imageCopies.userId, userId), isNull(imageCopies.deletedAt)))
    .returning();
  return row;
}

export async function findOwnCopy(db: Database, userId: string, id: string) {
  const [row] = await db
    .select({ copy: imageCopies, currentKey: mediaAssets.protectedStorageKey })
    .from(imageCopies)
    .leftJoin(mediaAssets, eq(mediaAssets.id, imageCopies.mediaAssetId))
    .where(and(eq(imageCopies.id, id), eq(imageCopies.userId, userId)));
  return row;
}

/** Whether the photo is hers, in the gallery or in the trash (a leak case's trace may name either). */
export async function ownsPhotoEvenDeleted(db: Database, userId: string, assetId: string) {
  const [row] = await db
    .select({ id: mediaAssets.id })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.id, assetId), eq(mediaAssets.userId, userId)));
  return row !== undefined;
}
