import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mediaErrors, type MediaAsset, type StorageUsage } from '@app/shared/media';
import { storageQuotaBytes } from '@app/shared/plans';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { defaultImageJobLimits } from '../../adapters/image/image-job-scheduler.js';
import type { Database } from '../../db/client.js';
import { mediaAssets, users } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { json, pngImage, upload, useMediaApp } from './media.test-support.js';

/** Fills a user's storage with a row that holds `bytes` (no file needed: only the sum counts). */
async function fillStorage(db: Database, userId: string, bytes: number) {
  const id = randomUUID();
  await db
    .insert(mediaAssets)
    .values({
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

  it('sees a plan upgrade at the next upload', async () => {
    const { user, client } = await media.signIn();
    await fillStorage(media.db, user.id, storageQuotaBytes.free);
    expect((await upload(client, { filename: 'wait.png', content: await pngImage() })).statusCode).toBe(413);
    await media.db.update(users).set({ tier: 'starter' }).where(eq(users.id, user.id));
    expect((await upload(client, { filename: 'now.png', content: await pngImage() })).statusCode).toBe(201);
  });
});
