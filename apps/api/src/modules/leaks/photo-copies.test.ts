import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProtectImageResponse } from '@app/shared/imageshield';
import {
  photoCopiesResponseSchema,
  photoCopyTexts,
  traceResultSchema,
  type PhotoCopy,
} from '@app/shared/leak-trace';
import type { MediaAsset, StorageUsage } from '@app/shared/media';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newScheduledPost } from '../../../test/factories/posts.js';
import { newRedditAccount } from '../../../test/factories/reddit-accounts.js';
import type { TestClient } from '../../../test/test-client.js';
import { syntheticPhoto } from '../../adapters/image/perceptual-hash/synthetic-images.js';
import { createMediaStorage } from '../../adapters/storage/create-media-storage.js';
import { scheduledPosts } from '../../db/schema/index.js';
import { findAssetById } from '../media/media.repo.js';
import { json, multipartBody, upload, useMediaApp } from '../media/media.test-support.js';
import { markedPostImage } from './post-image-mark.js';

let photo: Buffer;
beforeAll(async () => {
  const { data } = syntheticPhoto(1200, 900);
  photo = await sharp(Buffer.from(data), { raw: { width: 1200, height: 900, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
});

/** Earlier ImageShield copies are kept, listed with their posts, deletable, and counted in storage. */
describe.each(testDatabaseKinds())('earlier copies of a photo (%s)', (dbKind) => {
  const media = useMediaApp(dbKind, 'local');

  const usedBytes = async (client: TestClient) =>
    json<StorageUsage>(await client.inject({ method: 'GET', url: '/api/storage/usage' })).usedBytes;
  const copiesOf = async (client: TestClient, assetId: string): Promise<PhotoCopy[]> => {
    const response = await client.inject({ method: 'GET', url: `/api/media/${assetId}/copies` });
    expect(response.statusCode, response.body).toBe(200);
    return photoCopiesResponseSchema.parse(response.json()).copies;
  };
  async function protect(client: TestClient, assetId: string) {
    const response = await client.inject({
      method: 'POST',
      url: `/api/protect-image/${assetId}`,
      payload: { protectionLevel: 'light' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { protectedUrl } = json<ProtectImageResponse>(response);
    return (await media.app.inject({ method: 'GET', url: protectedUrl })).rawPayload;
  }

  it('keeps the earlier copy when protecting again, lists it with its posts, counts it, and deletes it on request', async () => {
    const { user, client } = await media.signIn({ tier: 'pro' });
    const asset = json<{ asset: MediaAsset }>(
      await upload(client, { filename: 'beach.jpg', content: photo }),
    ).asset;
    const firstFile = await protect(client, asset.id);
    const afterFirst = await usedBytes(client);

    // A single post sent from the first copy.
    const account = await newRedditAccount(media.db, { userId: user.id, username: 'sunny_kept' });
    const post = await newScheduledPost(media.db, {
      userId: user.id,
      redditAccountId: account.id,
      mediaAssetId: asset.id,
      kind: 'image',
      subreddit: 'beachlife',
    });
    const storage = createMediaStorage(media.config.media);
    const assetRow = (await findAssetById(media.db, asset.id))!;
    await markedPostImage({ db: media.db, storage }, post, assetRow, account, {
      bytes: firstFile,
      mime: 'image/jpeg',
      protectedKey: assetRow.protectedStorageKey,
    });
    const sentAt = new Date('2026-04-02T12:00:00Z');
    const url = 'https://www.reddit.com/r/beachlife/comments/kept1/beach/';
    await media.db
      .update(scheduledPosts)
      .set({ status: 'sent', sentAt, resultJson: { url } })
      .where(eq(scheduledPosts.id, post.id));

    await protect(client, asset.id);
    const copies = await copiesOf(client, asset.id);
    expect(copies).toHaveLength(2);
    const [current, earlier] = copies as [PhotoCopy, PhotoCopy];
    expect(current).toMatchObject({ current: true, fileDeleted: false, posts: [] });
    expect(earlier).toMatchObject({
      current: false,
      fileDeleted: false,
      posts: [
        {
          postId: post.id,
          subreddit: 'beachlife',
          redditAccount: 'sunny_kept',
          sentAt: sentAt.toISOString(),
          postUrl: url,
        },
      ],
    });
    // Both copies count: the earlier one until it is deleted.
    expect(await usedBytes(client)).toBe(afterFirst + current.bytes);

    const refused = await client.inject({ method: 'DELETE', url: `/api/leaks/copies/${current.copyId}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(photoCopyTexts.currentCopy);

    const keysBefore = await media.storedKeys();
    const deleted = await client.inject({ method: 'DELETE', url: `/api/leaks/copies/${earlier.copyId}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<{ message: string }>().message).toBe(photoCopyTexts.deleted);
    expect(await media.storedKeys()).toHaveLength(keysBefore.length - 1);
    expect(await usedBytes(client)).toBe(afterFirst + current.bytes - earlier.bytes);
    expect((await copiesOf(client, asset.id))[1]).toMatchObject({ fileDeleted: true, bytes: 0 });

    // Pictures of it already out there are still traced to it.
    const { payload, contentType } = multipartBody({
      filename: 'found.jpg',
      content: await sharp(firstFile).resize({ width: 1000 }).jpeg({ quality: 80 }).toBuffer(),
    });
    const traced = traceResultSchema.parse(
      (
        await client.inject({
          method: 'POST',
          url: '/api/leaks/trace',
          payload,
          headers: { 'content-type': contentType },
        })
      ).json(),
    );
    expect(traced).toMatchObject({ method: 'mark', copy: { copyId: earlier.copyId, kind: 'protected' } });

    const again = await client.inject({ method: 'DELETE', url: `/api/leaks/copies/${earlier.copyId}` });
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toBe(photoCopyTexts.notFound);
  }, 90_000);

  it("answers 404 for someone else's photo or copy, and changes nothing", async () => {
    const alice = await media.signIn({ tier: 'pro' });
    const asset = json<{ asset: MediaAsset }>(
      await upload(alice.client, { filename: 'mine.jpg', content: photo }),
    ).asset;
    await protect(alice.client, asset.id);
    await protect(alice.client, asset.id);
    const [, earlier] = await copiesOf(alice.client, asset.id);
    const bob = await media.signIn({ tier: 'pro' });
    expect(
      (await bob.client.inject({ method: 'GET', url: `/api/media/${asset.id}/copies` })).statusCode,
    ).toBe(404);
    expect(
      (await bob.client.inject({ method: 'DELETE', url: `/api/leaks/copies/${earlier!.copyId}` })).statusCode,
    ).toBe(404);
    expect((await copiesOf(alice.client, asset.id))[1]).toMatchObject({ fileDeleted: false });
  }, 90_000);
});
