import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediaErrors, type MediaAsset, type StorageUsage } from '@app/shared/media';
import { storageQuotaBytes } from '@app/shared/plans';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newAsset } from '../../../test/factories/media.js';
import { defaultImageJobLimits } from '../../adapters/image/image-job-scheduler.js';
import { syntheticPhoto } from '../../adapters/image/perceptual-hash/synthetic-images.js';
import type { Database } from '../../db/client.js';
import { mediaAssets, users } from '../../db/schema/index.js';
import { and, eq } from 'drizzle-orm';
import { json, pngImage, upload, useMediaApp } from './media.test-support.js';

/** Fills a user's storage with a row that holds `bytes` (no file needed: only the sum counts). */
async function fillStorage(db: Database, userId: string, bytes: number) {
  const id = randomUUID();
  await newAsset(db, {
    id,
    userId,
    filename: 'filler.mp4',
    mime: 'video/mp4',
    bytes,
    storageKey: `${userId}/${id}/original.mp4`,
  });
}

describe.each(testDatabaseKinds())('storage quotas (%s)', (dbKind) => {
  const media = useMediaApp(dbKind, 'local');

  it('refuses an upload that would pass the free plan’s 2 GB, leaving nothing behind', async () => {
    const { user, client } = await media.signIn();
    await fillStorage(media.db, user.id, storageQuotaBytes.free - 100);
    const keysBefore = await media.storedKeys();
    const response = await upload(client, { filename: 'one-too-many.png', content: await pngImage() });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toEqual({
      message: mediaErrors.quotaExceeded('2 GB'),
      code: mediaErrors.quotaCode,
    });
    expect(await media.storedKeys()).toEqual(keysBefore);
    expect(await media.tempFiles()).toEqual([]);
    const usage = json<StorageUsage>(await client.inject({ method: 'GET', url: '/api/storage/usage' }));
    expect(usage).toMatchObject({ usedBytes: storageQuotaBytes.free - 100, assetsCount: 1 });
    expect(usage.usedPercentage).toBe(100);
  });

  it('gives each plan its quota, and admins the largest', async () => {
    for (const [overrides, quota] of [
      [{ tier: 'free' as const }, storageQuotaBytes.free],
      [{ tier: 'starter' as const }, storageQuotaBytes.starter],
      [{ tier: 'pro' as const }, storageQuotaBytes.pro],
      [{ tier: 'free' as const, isAdmin: true }, storageQuotaBytes.pro],
    ] as const) {
      const { client } = await media.signIn(overrides);
      expect(
        json<StorageUsage>(await client.inject({ method: 'GET', url: '/api/storage/usage' })).quotaBytes,
      ).toBe(quota);
    }
    expect([storageQuotaBytes.free, storageQuotaBytes.starter, storageQuotaBytes.pro]).toEqual([
      2 * 1024 ** 3,
      10 * 1024 ** 3,
      50 * 1024 ** 3,
    ]);
  });

  it('lets exactly as many parallel uploads in as fit, never more', async () => {
    const { user, client } = await media.signIn();
    const image = await pngImage(120, 90);
    await upload(client, { filename: 'probe.png', content: image });
    // What one upload stores: the cleaned image and its thumbnail.
    const perUpload = json<StorageUsage>(
      await client.inject({ method: 'GET', url: '/api/storage/usage' }),
    ).usedBytes;
    // Room for two more uploads and a half: the third must be refused even when all start together.
    // As many start together as one account may have in image processing at once.
    const room = perUpload * 2 + Math.floor(perUpload / 2);
    await fillStorage(media.db, user.id, storageQuotaBytes.free - perUpload - room);

    const responses = await Promise.all(
      Array.from({ length: defaultImageJobLimits.perOwner }, (_, i) =>
        upload(client, { filename: `race-${i}.png`, content: image }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 413]);
    const usage = json<StorageUsage>(await client.inject({ method: 'GET', url: '/api/storage/usage' }));
    expect(usage.usedBytes).toBeLessThanOrEqual(storageQuotaBytes.free);
    expect(usage.assetsCount).toBe(4);
    const raceKeys = (await media.storedKeys()).filter((key) => key.startsWith(user.id));
    expect(raceKeys).toHaveLength(3 * 2);
    expect(await media.tempFiles()).toEqual([]);
  });

  it('counts thumbnails and protected copies toward the quota, before an upload and before a protection', async () => {
    const { user, client } = await media.signIn({ tier: 'starter' });
    const { data, width, height } = syntheticPhoto(480, 320);
    const photo = await sharp(Buffer.from(data), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const usedBytes = async () =>
      json<StorageUsage>(await client.inject({ method: 'GET', url: '/api/storage/usage' })).usedBytes;
    const sizeOf = async (url: string) => (await media.app.inject({ method: 'GET', url })).rawPayload.length;
    const protect = (id: string) =>
      client.inject({
        method: 'POST',
        url: `/api/protect-image/${id}`,
        payload: { protectionLevel: 'light' },
      });
    /** Fills the storage up to `room` bytes below the quota (replacing earlier filler). */
    async function leaveRoom(room: number) {
      await media.db
        .delete(mediaAssets)
        .where(and(eq(mediaAssets.userId, user.id), eq(mediaAssets.filename, 'filler.mp4')));
      await fillStorage(media.db, user.id, storageQuotaBytes.starter - (await usedBytes()) - room);
    }

    const first = json<{ asset: MediaAsset }>(
      await upload(client, { filename: 'first.jpg', content: photo }),
    ).asset;
    const thumbnailBytes = await sizeOf(first.thumbnailUrl);
    expect(await usedBytes()).toBe(first.bytes + thumbnailBytes);
    const protectedCopy = json<{ protectedUrl: string }>(await protect(first.id));
    const protectedBytes = await sizeOf(protectedCopy.protectedUrl);
    expect(await usedBytes()).toBe(first.bytes + thumbnailBytes + protectedBytes);

    // A second copy of the photo, unprotected, before the storage fills up.
    const second = json<{ asset: MediaAsset }>(
      await upload(client, { filename: 'second.jpg', content: photo }),
    ).asset;
    // Room for a protected copy a quarter of the first one's size: the swap's exact count refuses it.
    await leaveRoom(Math.floor(protectedBytes / 4));
    const keysBefore = await media.storedKeys();
    const overByCopy = await protect(second.id);
    expect(overByCopy.statusCode).toBe(413);
    expect(json(overByCopy)).toEqual({
      message: mediaErrors.quotaExceeded('10 GB'),
      code: mediaErrors.quotaCode,
    });
    expect(await media.storedKeys()).toEqual(keysBefore);

    // Room for the next upload's image but not for its thumbnail.
    await leaveRoom(first.bytes + Math.floor(thumbnailBytes / 2));
    const overByThumbnail = await upload(client, { filename: 'third.jpg', content: photo });
    expect(overByThumbnail.statusCode).toBe(413);
    expect(json(overByThumbnail).message).toBe(mediaErrors.quotaExceeded('10 GB'));
    expect(await media.storedKeys()).toEqual(keysBefore);

    // Full: a protection is refused before any work.
    await leaveRoom(0);
    expect((await protect(first.id)).statusCode).toBe(413);
    expect(await media.storedKeys()).toEqual(keysBefore);
    expect(await media.tempFiles()).toEqual([]);
  });

  it('sees a plan upgrade at the next upload', async () => {
    const { user, client } = await media.signIn();
    await fillStorage(media.db, user.id, storageQuotaBytes.free);
    expect((await upload(client, { filename: 'wait.png', content: await pngImage() })).statusCode).toBe(413);
    await media.db.update(users).set({ tier: 'starter' }).where(eq(users.id, user.id));
    expect((await upload(client, { filename: 'now.png', content: await pngImage() })).statusCode).toBe(201);
  });
});
