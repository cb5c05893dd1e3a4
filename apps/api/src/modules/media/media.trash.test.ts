import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  mediaErrors,
  mediaRestoreWindowSeconds,
  mediaTexts,
  type MediaAsset,
  type StorageUsage,
} from '@app/shared/media';
import { storageQuotaBytes } from '@app/shared/plans';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { createMediaStorage } from '../../adapters/storage/create-media-storage.js';
import { mediaAssets, redditAccounts, scheduledPosts } from '../../db/schema/index.js';
import { silentLog } from '../../jobs/jobs.test-support.js';
import { purgeDeletedMedia } from './media-purge.service.js';
import { findAssetById } from './media.repo.js';
import { json, pngImage, upload, useMediaApp } from './media.test-support.js';

const windowMs = mediaRestoreWindowSeconds * 1000;

describe.each(testDatabaseKinds())('media delete, undo and purge (%s)', (dbKind) => {
  const media = useMediaApp(dbKind, 'local');

  async function uploaded(client: Awaited<ReturnType<typeof media.signIn>>['client'], filename = 'a.png') {
    return json<{ asset: MediaAsset }>(await upload(client, { filename, content: await pngImage() })).asset;
  }
  const filesOf = async (id: string) => (await media.storedKeys()).filter((key) => key.includes(id));
  const purge = (now: Date) =>
    purgeDeletedMedia({ db: media.db, storage: createMediaStorage(media.config.media), log: silentLog }, now);

  it('hides a deleted file everywhere at once, keeps its files, and Undo brings it back for its owner only', async () => {
    const owner = await media.signIn();
    const stranger = await media.signIn();
    const asset = await uploaded(owner.client);
    const usageBefore = json<StorageUsage>(
      await owner.client.inject({ method: 'GET', url: '/api/storage/usage' }),
    );

    const deleted = await owner.client.inject({ method: 'DELETE', url: `/api/media/${asset.id}` });
    expect(deleted.statusCode).toBe(200);
    const body = json<{ message: string; restorableUntil: string }>(deleted);
    expect(body.message).toBe(mediaTexts.imageDeletedText);
    expect(Date.parse(body.restorableUntil) - Date.now()).toBeGreaterThan(windowMs - 5_000);

    expect(json<MediaAsset[]>(await owner.client.inject({ method: 'GET', url: '/api/media' }))).toEqual([]);
    expect((await owner.client.inject({ method: 'GET', url: `/api/media/${asset.id}` })).statusCode).toBe(
      404,
    );
    expect((await media.app.inject({ method: 'GET', url: asset.signedUrl })).statusCode).toBe(404);
    expect(
      json<StorageUsage>(await owner.client.inject({ method: 'GET', url: '/api/storage/usage' })),
    ).toMatchObject({
      usedBytes: 0,
      assetsCount: 0,
    });
    expect((await owner.client.inject({ method: 'DELETE', url: `/api/media/${asset.id}` })).statusCode).toBe(
      404,
    );
    expect(await filesOf(asset.id)).toHaveLength(2);

    const foreign = await stranger.client.inject({ method: 'POST', url: `/api/media/${asset.id}/restore` });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).message).toBe(mediaErrors.notFound);
    const noCsrf = await owner.client.inject(
      { method: 'POST', url: `/api/media/${asset.id}/restore` },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(json<MediaAsset[]>(await owner.client.inject({ method: 'GET', url: '/api/media' }))).toEqual([]);

    const restored = await owner.client.inject({ method: 'POST', url: `/api/media/${asset.id}/restore` });
    expect(restored.statusCode).toBe(200);
    expect(json<{ message: string; asset: MediaAsset }>(restored)).toMatchObject({
      message: mediaTexts.imageRestoredText('a.png'),
      asset: { id: asset.id, filename: 'a.png' },
    });
    expect(
      json<MediaAsset[]>(await owner.client.inject({ method: 'GET', url: '/api/media' })).map((a) => a.id),
    ).toEqual([asset.id]);
    expect(
      json<StorageUsage>(await owner.client.inject({ method: 'GET', url: '/api/storage/usage' })),
    ).toEqual(usageBefore);
    // A second Undo (double click) is harmless.
    expect(
      (await owner.client.inject({ method: 'POST', url: `/api/media/${asset.id}/restore` })).statusCode,
    ).toBe(200);
    expect(
      (await owner.client.inject({ method: 'POST', url: '/api/media/not-an-id/restore' })).statusCode,
    ).toBe(400);
  });

  it('purges files and row only after the undo window; a late Undo gets 410, one after the purge 404', async () => {
    const { client } = await media.signIn();
    const asset = await uploaded(client);
    await client.inject({ method: 'DELETE', url: `/api/media/${asset.id}` });

    expect(await purge(new Date(Date.now() + windowMs - 5_000))).toEqual({ purged: 0, failed: 0 });
    expect(await filesOf(asset.id)).toHaveLength(2);

    // Past the window but before the purge came: clearly too late, not "not found".
    await media.db
      .update(mediaAssets)
      .set({ deletedAt: new Date(Date.now() - windowMs - 1_000) })
      .where(eq(mediaAssets.id, asset.id));
    const late = await client.inject({ method: 'POST', url: `/api/media/${asset.id}/restore` });
    expect(late.statusCode).toBe(410);
    expect(json(late)).toMatchObject({
      message: mediaErrors.restoreExpired,
      code: mediaErrors.restoreExpiredCode,
    });

    expect(await purge(new Date())).toMatchObject({ purged: 1 });
    expect(await filesOf(asset.id)).toEqual([]);
    expect(await media.db.select().from(mediaAssets).where(eq(mediaAssets.id, asset.id))).toEqual([]);
    expect((await client.inject({ method: 'POST', url: `/api/media/${asset.id}/restore` })).statusCode).toBe(
      404,
    );
  });

  it('a scheduled post of a deleted photo finds no photo (it fails as before), and loses the link at the purge', async () => {
    const { user, client } = await media.signIn();
    const asset = await uploaded(client);
    const [account] = await media.db
      .insert(redditAccounts)
      .values({
        userId: user.id,
        redditUserId: `t2_${asset.id.slice(0, 8)}`,
        username: 'poster',
        refreshTokenEncrypted: 'x',
      })
      .returning();
    const [post] = await media.db
      .insert(scheduledPosts)
      .values({
        userId: user.id,
        redditAccountId: account!.id,
        mediaAssetId: asset.id,
        kind: 'image',
        subreddit: 'pics',
        titleFinal: 'Hi',
        scheduledAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    await client.inject({ method: 'DELETE', url: `/api/media/${asset.id}` });
    // The sender reads the photo through findAssetById: a deleted one is gone, so the post fails with imageGone.
    expect(await findAssetById(media.db, asset.id)).toBeUndefined();

    await purge(new Date(Date.now() + windowMs + 1_000));
    const [after] = await media.db.select().from(scheduledPosts).where(eq(scheduledPosts.id, post!.id));
    expect(after).toMatchObject({ mediaAssetId: null, kind: 'image' });
  });

  it('refuses an Undo that would go over the quota, with a clear 409', async () => {
    const { client } = await media.signIn();
    const asset = await uploaded(client);
    await client.inject({ method: 'DELETE', url: `/api/media/${asset.id}` });
    const full = await uploaded(client, 'b.png');
    // The new upload fills the plan to the byte, so the restored file no longer fits.
    await media.db
      .update(mediaAssets)
      .set({ bytes: storageQuotaBytes.free - full.size })
      .where(eq(mediaAssets.id, full.id));
    const refused = await client.inject({ method: 'POST', url: `/api/media/${asset.id}/restore` });
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ code: mediaErrors.quotaCode });
    expect(json<{ message: string }>(refused).message).toMatch(/^Your storage is full: restoring this file/);
  });
});
