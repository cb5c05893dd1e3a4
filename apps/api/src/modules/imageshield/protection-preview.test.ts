import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  imageshieldTexts,
  protectImageResponseSchema,
  protectionPreviewResponseSchema,
  type ProtectionPreviewResponse,
} from '@app/shared/imageshield';
import { photoCopiesResponseSchema } from '@app/shared/leak-trace';
import type { MediaAsset, StorageUsage } from '@app/shared/media';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import type { TestClient } from '../../../test/test-client.js';
import { syntheticPhoto } from '../../adapters/image/perceptual-hash/synthetic-images.js';
import { createMediaStorage } from '../../adapters/storage/create-media-storage.js';
import { imageCopies } from '../../db/schema/index.js';
import { findAssetById } from '../media/media.repo.js';
import { json, upload, useMediaApp } from '../media/media.test-support.js';
import { discardExpiredPreviews } from './protection-preview.service.js';

let photo: Buffer;
beforeAll(async () => {
  const { data } = syntheticPhoto(900, 600);
  photo = await sharp(Buffer.from(data), { raw: { width: 900, height: 600, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
});

/** A protection is previewed beside the original and replaces nothing until she keeps it. */
describe.each(testDatabaseKinds())('protection previews (%s)', (dbKind) => {
  const media = useMediaApp(dbKind, 'local');
  const storage = () => createMediaStorage(media.config.media);

  const usedBytes = async (client: TestClient) =>
    json<StorageUsage>(await client.inject({ method: 'GET', url: '/api/storage/usage' })).usedBytes;
  const copiesOf = async (client: TestClient, assetId: string) => {
    const response = await client.inject({ method: 'GET', url: `/api/media/${assetId}/copies` });
    expect(response.statusCode, response.body).toBe(200);
    return photoCopiesResponseSchema.parse(response.json()).copies;
  };
  async function newPhoto(client: TestClient) {
    return json<{ asset: MediaAsset }>(await upload(client, { filename: 'beach.jpg', content: photo })).asset;
  }
  async function preview(client: TestClient, assetId: string): Promise<ProtectionPreviewResponse> {
    const response = await client.inject({
      method: 'POST',
      url: `/api/protect-image/${assetId}/preview`,
      payload: { protectionLevel: 'light' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return protectionPreviewResponseSchema.parse(response.json());
  }
  const keep = (client: TestClient, id: string) =>
    client.inject({ method: 'POST', url: `/api/protect-image/previews/${id}/keep` });
  const discard = (client: TestClient, id: string) =>
    client.inject({ method: 'DELETE', url: `/api/protect-image/previews/${id}` });
  const rowOf = async (id: string) =>
    (await media.db.select().from(imageCopies).where(eq(imageCopies.id, id)))[0];

  it('shows a preview that changes nothing, then keeps it as the current copy with the earlier one listed', async () => {
    const { client } = await media.signIn({ tier: 'pro' });
    const asset = await newPhoto(client);
    const first = await preview(client, asset.id);
    // The photo is untouched and lists no copy; the preview's file is hers to look at.
    expect((await findAssetById(media.db, asset.id))!.protectedStorageKey).toBeNull();
    expect(await copiesOf(client, asset.id)).toEqual([]);
    const file = await client.inject({ method: 'GET', url: first.previewUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(file.rawPayload).metadata()).format).toBe('jpeg');
    expect(new Date(first.expiresAt).getTime() - Date.now()).toBeGreaterThan(50 * 60_000);

    const kept = await keep(client, first.previewId);
    expect(kept.statusCode, kept.body).toBe(200);
    const keptBody = protectImageResponseSchema.parse(kept.json());
    expect(keptBody.message).toBe(imageshieldTexts.previewKept);
    expect(keptBody.report).toEqual(first.report);
    const afterFirst = (await findAssetById(media.db, asset.id))!;
    expect(afterFirst.protectedStorageKey).toBe((await rowOf(first.previewId))!.storageKey);
    expect(afterFirst.protectionReport?.matchesOriginal).toBe(first.report.matchesOriginal);
    expect((await copiesOf(client, asset.id)).map((c) => [c.copyId, c.current])).toEqual([
      [first.previewId, true],
    ]);
    // Kept once: it is no longer a preview.
    expect((await keep(client, first.previewId)).statusCode).toBe(404);
    expect((await discard(client, first.previewId)).statusCode).toBe(404);

    const second = await preview(client, asset.id);
    expect((await keep(client, second.previewId)).statusCode).toBe(200);
    expect((await copiesOf(client, asset.id)).map((c) => [c.copyId, c.current])).toEqual([
      [second.previewId, true],
      [first.previewId, false],
    ]);
  });

  it('discards a preview: its files and row go, the current copy and storage stay as they were', async () => {
    const { client } = await media.signIn({ tier: 'pro' });
    const asset = await newPhoto(client);
    const first = await preview(client, asset.id);
    expect((await keep(client, first.previewId)).statusCode).toBe(200);
    const before = (await findAssetById(media.db, asset.id))!;
    const bytesBefore = await usedBytes(client);

    const second = await preview(client, asset.id);
    const row = (await rowOf(second.previewId))!;
    expect(await usedBytes(client)).toBe(bytesBefore + row.bytes);
    const discarded = await discard(client, second.previewId);
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json().message).toBe(imageshieldTexts.previewDiscarded);

    expect(await rowOf(second.previewId)).toBeUndefined();
    expect(await storage().exists(row.storageKey!)).toBe(false);
    if (row.unmarkedStorageKey) expect(await storage().exists(row.unmarkedStorageKey)).toBe(false);
    const after = (await findAssetById(media.db, asset.id))!;
    expect(after.protectedStorageKey).toBe(before.protectedStorageKey);
    expect(after.protectionReport).toEqual(before.protectionReport);
    expect(await storage().exists(before.protectedStorageKey!)).toBe(true);
    expect(await usedBytes(client)).toBe(bytesBefore);
    expect((await client.inject({ method: 'GET', url: second.previewUrl })).statusCode).toBe(404);
  });

  it("answers 404 for another user's preview on every route, exactly as for an id nobody has, and changes nothing", async () => {
    const alice = await media.signIn({ tier: 'pro' });
    const bob = await media.signIn({ tier: 'pro' });
    const asset = await newPhoto(alice.client);
    const theirs = await preview(alice.client, asset.id);
    const calls = [
      (id: string) => bob.client.inject({ method: 'GET', url: `/api/protect-image/previews/${id}/file` }),
      (id: string) => keep(bob.client, id),
      (id: string) => discard(bob.client, id),
    ];
    for (const call of calls) {
      const response = await call(theirs.previewId);
      const nobodys = await call(randomUUID());
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(nobodys.body);
      expect(response.json().message).toBe(imageshieldTexts.previewNotFound);
    }
    // Bob cannot preview her photo either.
    const onHers = await bob.client.inject({
      method: 'POST',
      url: `/api/protect-image/${asset.id}/preview`,
      payload: { protectionLevel: 'light' },
    });
    expect(onHers.statusCode).toBe(404);
    expect((await rowOf(theirs.previewId))?.pendingUntil).not.toBeNull();
    expect((await findAssetById(media.db, asset.id))!.protectedStorageKey).toBeNull();
    expect((await keep(alice.client, theirs.previewId)).statusCode).toBe(200);
  });

  it('deletes previews left past their time (files and row), and an expired one can no longer be kept', async () => {
    const { client } = await media.signIn({ tier: 'pro' });
    const asset = await newPhoto(client);
    const left = await preview(client, asset.id);
    const waiting = await preview(client, asset.id);
    const row = (await rowOf(left.previewId))!;
    await media.db
      .update(imageCopies)
      .set({ pendingUntil: new Date(Date.now() - 1000) })
      .where(eq(imageCopies.id, left.previewId));
    expect((await keep(client, left.previewId)).statusCode).toBe(404);

    const deps = { db: media.db, storage: storage() };
    expect(await discardExpiredPreviews(deps)).toBe(1);
    expect(await rowOf(left.previewId)).toBeUndefined();
    expect(await storage().exists(row.storageKey!)).toBe(false);
    // The one still waiting is kept whole.
    expect(await rowOf(waiting.previewId)).toBeDefined();
    expect((await keep(client, waiting.previewId)).statusCode).toBe(200);
  });
});
