import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediaTexts, type MediaAsset, type StorageUsage } from '@app/shared/media';
import { storageQuotaBytes } from '@app/shared/plans';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { TestClient } from '../../../test/test-client.js';
import { createMediaUrlSigner, loadMediaUrlKey } from './media-url-signer.js';
import {
  json,
  mp4Video,
  phonePhoto,
  pngImage,
  upload,
  useMediaApp,
  type StorageKind,
} from './media.test-support.js';

const combinations = testDatabaseKinds().flatMap((db) =>
  (['local', 's3'] as StorageKind[]).map((storage) => [db, storage] as const),
);

describe.each(combinations)('media uploads (%s database, %s storage)', (dbKind, storageKind) => {
  const media = useMediaApp(dbKind, storageKind);

  async function fetchFile(url: string, headers: Record<string, string> = {}) {
    return media.app.inject({ method: 'GET', url, headers });
  }

  it('stores a phone photo upright, without its EXIF or GPS, with tags and a thumbnail', async () => {
    const { user, client } = await media.signIn();
    const response = await upload(
      client,
      { filename: 'beach day.jpg', content: await phonePhoto(), contentType: 'image/jpeg' },
      { tags: ' summer, beach ,,summer' },
    );
    expect(response.statusCode).toBe(201);
    const { message, asset } = json<{ message: string; asset: MediaAsset }>(response);
    expect(message).toBe(mediaTexts.imageUploadedText);
    expect(asset).toMatchObject({
      filename: 'beach day.jpg',
      kind: 'image',
      type: 'image/jpeg',
      mime: 'image/jpeg',
      tags: ['summer', 'beach'],
      width: 200,
      height: 320,
      hasWatermark: false,
      visibility: 'private',
      isProtected: false,
      protectionLevel: null,
      lastRepostedAt: null,
    });
    expect(asset.size).toBe(asset.bytes);

    const original = await fetchFile(asset.signedUrl);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.rawPayload.length).toBe(asset.bytes);
    const meta = await sharp(original.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([200, 320]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(original.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);

    const thumbnail = await fetchFile(asset.thumbnailUrl);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe('webp');

    expect(await media.storedKeys()).toEqual(
      expect.arrayContaining([
        `${user.id}/${asset.id}/original.jpg`,
        `${user.id}/${asset.id}/thumbnail.webp`,
      ]),
    );
    expect(await media.tempFiles()).toEqual([]);
  });

  it('draws a visible watermark when asked, and only then', async () => {
    const { client } = await media.signIn();
    const photo = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    const plain = json<{ asset: MediaAsset }>(
      await upload(client, { filename: 'plain.png', content: photo }),
    ).asset;
    const marked = json<{ asset: MediaAsset }>(
      await upload(client, { filename: 'marked.png', content: photo }, { watermark: 'true' }),
    ).asset;
    expect(plain.hasWatermark).toBe(false);
    expect(marked.hasWatermark).toBe(true);
    const corner = async (asset: MediaAsset) => {
      const file = (await fetchFile(asset.signedUrl)).rawPayload;
      const { channels } = await sharp(file).extract({ left: 200, top: 250, width: 200, height: 50 }).stats();
      return channels[0]!.max;
    };
    expect(await corner(plain)).toBe(30);
    expect(await corner(marked)).toBeGreaterThan(150);
  });

  it('lists only the caller’s media, newest first, with signed URLs', async () => {
    const owner = await media.signIn();
    const stranger = await media.signIn();
    await upload(owner.client, { filename: 'first.png', content: await pngImage() });
    await upload(owner.client, { filename: 'second.png', content: await pngImage() });
    const list = json<MediaAsset[]>(await owner.client.inject({ method: 'GET', url: '/api/media' }));
    expect(list.map((asset) => asset.filename)).toEqual(['second.png', 'first.png']);
    expect(list[0]!.signedUrl).toMatch(
      /^\/api\/media\/[0-9a-f-]{36}\/file\/original\?exp=\d+&sig=[\w-]{43}$/,
    );
    expect(new Date(list[0]!.urlsExpireAt).getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
    expect(json<MediaAsset[]>(await stranger.client.inject({ method: 'GET', url: '/api/media' }))).toEqual(
      [],
    );
  });

  it('downloads with the file name, and refuses tampered and expired links', async () => {
    const { client } = await media.signIn();
    const { asset } = json<{ asset: MediaAsset }>(
      await upload(client, { filename: 'Été à Paris.png', content: await pngImage() }),
    );
    const download = await fetchFile(asset.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="_t_ _ Paris.png"; filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20Paris.png`,
    );
    expect((await fetchFile(asset.signedUrl)).headers['content-disposition']).toMatch(/^inline;/);

    const tampered = asset.signedUrl.replace('/file/original', '/file/thumbnail');
    expect((await fetchFile(tampered)).statusCode).toBe(403);
    const forged = asset.signedUrl.replace(/exp=\d+/, (part) => `exp=${Number(part.slice(4)) + 600}`);
    expect(json(await fetchFile(forged)).message).toBe(
      'This media link is not valid. Reload the page to get a fresh link.',
    );

    const key = await loadMediaUrlKey(media.db, undefined);
    const yesterday = createMediaUrlSigner(key, 3600, () => Date.now() - 24 * 3600_000).sign(
      asset.id,
      'original',
    );
    const expired = await fetchFile(yesterday.url);
    expect(expired.statusCode).toBe(403);
    expect(json(expired).message).toBe('This media link has expired. Reload the page to get a fresh link.');
    const fresh = createMediaUrlSigner(key, 3600).sign(asset.id, 'original');
    expect((await fetchFile(fresh.url)).statusCode).toBe(200);
  });

  it('stores videos as sent and serves byte ranges so players can seek', async () => {
    const { client } = await media.signIn();
    const video = mp4Video(10_000);
    const response = await upload(
      client,
      { filename: 'clip.mp4', content: video, contentType: 'video/mp4' },
      { watermark: 'true' },
    );
    expect(response.statusCode).toBe(201);
    const { asset } = json<{ asset: MediaAsset }>(response);
    expect(asset).toMatchObject({
      kind: 'video',
      mime: 'video/mp4',
      bytes: 10_000,
      width: null,
      hasWatermark: false,
    });
    expect(asset.thumbnailUrl).toBe(asset.signedUrl);
    const part = await fetchFile(asset.signedUrl, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/10000');
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);
    const tail = await fetchFile(asset.signedUrl, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(video.subarray(-10))).toBe(true);
    expect((await fetchFile(asset.signedUrl, { range: 'bytes=20000-' })).statusCode).toBe(416);
    expect((await fetchFile(asset.signedUrl)).rawPayload.equals(video)).toBe(true);
  });

  it('deletes the row and every stored file (at the purge after the undo window); another user gets 404 and changes nothing', async () => {
    const owner = await media.signIn();
    const stranger = await media.signIn();
    const { asset } = json<{ asset: MediaAsset }>(
      await upload(owner.client, { filename: 'gone.png', content: await pngImage() }),
    );
    const ownKeys = async () => (await media.storedKeys()).filter((key) => key.includes(asset.id));
    expect(await ownKeys()).toHaveLength(2);

    const foreign = await stranger.client.inject({ method: 'DELETE', url: `/api/media/${asset.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(await ownKeys()).toHaveLength(2);

    const deleted = await owner.client.inject({ method: 'DELETE', url: `/api/media/${asset.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(json(deleted).message).toBe(mediaTexts.imageDeletedText);
    await media.purgeDeleted();
    expect(await ownKeys()).toEqual([]);
    expect(json<MediaAsset[]>(await owner.client.inject({ method: 'GET', url: '/api/media' }))).toEqual([]);
    expect((await fetchFile(asset.signedUrl)).statusCode).toBe(404);
    expect((await owner.client.inject({ method: 'DELETE', url: `/api/media/${asset.id}` })).statusCode).toBe(
      404,
    );
    expect((await owner.client.inject({ method: 'DELETE', url: '/api/media/not-an-id' })).statusCode).toBe(
      400,
    );
  });

  it('reports storage usage with the spec fields', async () => {
    const { client } = await media.signIn({ tier: 'starter' });
    const empty = json<StorageUsage>(await client.inject({ method: 'GET', url: '/api/storage/usage' }));
    expect(empty).toEqual({
      usedBytes: 0,
      quotaBytes: storageQuotaBytes.starter,
      assetsCount: 0,
      usedPercentage: 0,
      proUpgrade: { quotaBytes: storageQuotaBytes.pro },
    });
    const { asset } = json<{ asset: MediaAsset }>(
      await upload(client, { filename: 'a.png', content: await pngImage() }),
    );
    const used = json<StorageUsage>(await client.inject({ method: 'GET', url: '/api/storage/usage' }));
    // Every stored byte counts: the original and its thumbnail.
    const thumbnailBytes = (await fetchFile(asset.thumbnailUrl)).rawPayload.length;
    expect(used).toMatchObject({ usedBytes: asset.bytes + thumbnailBytes, assetsCount: 1 });
  });

  it('refuses signed-out callers and calls without a CSRF token, storing nothing', async () => {
    const anonymous = new TestClient(media.app);
    const before = await media.storedKeys();
    const signedOut = await upload(anonymous, { filename: 'a.png', content: await pngImage() });
    expect(signedOut.statusCode).toBe(401);
    expect((await anonymous.inject({ method: 'GET', url: '/api/media' })).statusCode).toBe(401);
    expect((await anonymous.inject({ method: 'GET', url: '/api/storage/usage' })).statusCode).toBe(401);

    const { client } = await media.signIn();
    const { payload, contentType } = (await import('./media.test-support.js')).multipartBody({
      filename: 'a.png',
      content: await pngImage(),
    });
    const noCsrf = await client.inject(
      { method: 'POST', url: '/api/media/upload', payload, headers: { 'content-type': contentType } },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(await media.storedKeys()).toEqual(before);
  });
});
