import type { FastifyBaseLogger } from 'fastify';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { Database } from '../../db/client.js';
import type { MediaAssetRow, RedditAccountRow, ScheduledPostRow } from '../../db/schema/index.js';
import { markPostCopy } from './copy-registry.js';
import { findCopyOfFile } from './copy-registry.repo.js';

export interface PostImage {
  bytes: Buffer;
  mime: string;
}

const formatOfMime = (mime: string) => (mime === 'image/jpeg' ? 'jpeg' : mime.replace(/^image\//, ''));
const mimeOfFormat = (format: string) => (format === 'jpg' ? 'image/jpeg' : `image/${format}`);

async function readStored(storage: MediaStorage, key: string): Promise<Buffer | null> {
  const stored = await storage.read(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The image a single post sends: the photo's protected copy (or original) with the post's own mark
 * (docs/decisions/047-copy-registry.md). The mark goes onto the copy's unmarked pixels, kept for
 * this: the served copy already carries the copy's own mark. Made by the sender just before the
 * upload, inside its claim and before the submit's point of no return, so sending stays
 * exactly-once; a send tried again reuses the post's row and mark. Campaign posts never come here:
 * their copy is marked when made.
 */
export async function markedPostImage(
  deps: { db: Database; storage: MediaStorage; log?: FastifyBaseLogger },
  post: ScheduledPostRow,
  asset: MediaAssetRow,
  account: RedditAccountRow,
  source: PostImage & { protectedKey: string | null },
): Promise<PostImage> {
  // An animation would lose its frames to the mark: it goes as it is, untraceable by mark.
  if (source.mime === 'image/gif') return { bytes: source.bytes, mime: source.mime };
  const sourceCopy = source.protectedKey
    ? await findCopyOfFile(deps.db, asset.userId, source.protectedKey)
    : undefined;
  const unmarked = sourceCopy?.unmarkedStorageKey
    ? await readStored(deps.storage, sourceCopy.unmarkedStorageKey)
    : null;
  // A copy made before the registry has no mark of its own: it is marked as it is.
  const bytes = unmarked ?? source.bytes;
  const marking = markPostCopy(
    deps.db,
    { data: bytes, format: formatOfMime(source.mime) },
    {
      userId: post.userId,
      mediaAssetId: asset.id,
      kind: 'post',
      protectionLevel: source.protectedKey ? asset.protectionLevel : null,
      originalHashes: sourceCopy?.originalHashes ?? null,
      sourceCopyId: sourceCopy?.id ?? null,
      sourceIsOriginal: !source.protectedKey,
      postId: post.id,
      subreddit: post.subreddit,
      redditUsername: account.username,
      campaignId: post.campaignId,
    },
  );
  // The post matters more than its mark: a picture that cannot be hashed or registered goes as it is.
  const marked = await marking.catch((error: unknown) => {
    deps.log?.warn(
      { err: error, postId: post.id },
      'could not mark the image of a post; sending it unmarked',
    );
    return null;
  });
  if (!marked) return { bytes: source.bytes, mime: source.mime };
  return { bytes: marked.image.data, mime: mimeOfFormat(marked.image.format) };
}
