import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { aiTexts, type AiGenerateRequest, type AiGenerateResponse } from '@app/shared/ai';
import { createMediaStorage } from '../../adapters/storage/create-media-storage.js';
import { newAsset } from '../../../test/factories/media.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { standInSeenPhrase, userText } from '../../../test/stand-ins/openai.js';
import { TestClient } from '../../../test/test-client.js';
import { useTestApp, type UsedTestApp } from '../../../test/use-test-app.js';
import { phonePhoto, upload } from '../media/media.test-support.js';

let promptCounter = 0;
const uniquePrompt = () => `morning coffee number ${++promptCounter}`;

function generate(client: TestClient, payload: AiGenerateRequest | Record<string, unknown>) {
  return client.inject({ method: 'POST', url: '/api/ai/generate', payload });
}

/**
 * A gallery photo stored as a phone saves it (sideways with an orientation tag, camera and GPS
 * EXIF), written to storage directly: uploads already strip metadata, and this proves the copy
 * sent to the AI service does too, whatever the stored file holds.
 */
async function storedPhonePhoto(testApp: UsedTestApp, userId: string, tags: string[] = []) {
  const id = randomUUID();
  const storageKey = `${userId}/${id}/original.jpg`;
  const photo = await phonePhoto(1600, 1200);
  expect((await sharp(photo).metadata()).exif).toBeDefined();
  const dir = await mkdtemp(path.join(tmpdir(), 'ai-photo-'));
  try {
    const file = path.join(dir, 'photo.jpg');
    await writeFile(file, photo);
    await createMediaStorage(testApp.config().media).putFile(storageKey, file, 'image/jpeg');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return newAsset(testApp.db(), { id, userId, storageKey, bytes: photo.length, tags });
}

describe.each(testDatabaseKinds())('captions from a gallery photo (%s)', (kind) => {
  describe('with a model that accepts images (AI_VISION=true)', () => {
    const testApp = useTestApp(kind, {
      standIns: { openai: true },
      dataDir: true,
      env: { AI_VISION: 'true', AI_TIMEOUT_MS: '1000' },
    });
    const standIn = () => testApp.openai();

    it('sends the photo as a small upright JPEG without EXIF, and the captions come from what was seen', async () => {
      const { user, client } = await testApp.signedIn();
      const asset = await storedPhonePhoto(testApp, user.id, ['robe']);
      const response = await generate(client, {
        prompt: uniquePrompt(),
        platforms: ['instagram', 'reddit'],
        mediaId: asset.id,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<AiGenerateResponse>();
      expect(body).toMatchObject({
        provider: 'openai-compatible',
        notice: null,
        photo: { mediaId: asset.id, usedAs: 'image' },
      });
      expect(body.content.every((item) => item.body.includes(standInSeenPhrase))).toBe(true);

      expect(standIn().requests).toHaveLength(1);
      const [request] = standIn().requests;
      // 1600×1200 stored sideways: upright it is 1200×1600, fitted inside 768×768.
      expect(request!.images).toEqual([
        expect.objectContaining({
          format: 'jpeg',
          width: 576,
          height: 768,
          hasExif: false,
          detail: 'low',
          problem: null,
        }),
      ]);
      expect(JSON.parse(userText(request!.body))).toMatchObject({ photoTags: ['robe'] });
    });

    it('asks afresh for another photo with the same prompt, and serves the same photo from the cache', async () => {
      const { user, client } = await testApp.signedIn();
      const first = await storedPhonePhoto(testApp, user.id);
      const second = await storedPhonePhoto(testApp, user.id);
      const prompt = uniquePrompt();
      const ask = (mediaId: string) => generate(client, { prompt, platforms: ['twitter'], mediaId });

      expect((await ask(first.id)).json<AiGenerateResponse>().cached).toBe(false);
      const other = (await ask(second.id)).json<AiGenerateResponse>();
      expect(other).toMatchObject({ cached: false, photo: { mediaId: second.id, usedAs: 'image' } });
      expect(standIn().requests).toHaveLength(2);

      const again = (await ask(first.id)).json<AiGenerateResponse>();
      expect(again).toMatchObject({ cached: true, photo: { mediaId: first.id, usedAs: 'image' } });
      const withoutPhoto = (
        await generate(client, { prompt, platforms: ['twitter'] })
      ).json<AiGenerateResponse>();
      expect(withoutPhoto).toMatchObject({ cached: false, photo: null });
      expect(standIn().requests).toHaveLength(3);
      expect(standIn().requests[2]!.images).toEqual([]);
    });

    it('falls back to the built-in writer when the vision request fails, and says the tags were used', async () => {
      const { user, client } = await testApp.signedIn();
      const asset = await storedPhonePhoto(testApp, user.id, ['hotel']);
      standIn().mode = 'error500';
      const body = (
        await generate(client, { prompt: uniquePrompt(), platforms: ['instagram'], mediaId: asset.id })
      ).json<AiGenerateResponse>();
      expect(body).toMatchObject({
        provider: 'offline',
        notice: aiTexts.offlineFallback,
        photo: { mediaId: asset.id, usedAs: 'tags' },
      });
      expect(body.content[0]!.hashtags.map((tag) => tag.toLowerCase())).toContain('hotel');
      expect(standIn().requests.every((request) => request.images.length === 1)).toBe(true);
    });

    it('writes from the tags when the stored file cannot be read', async () => {
      const { user, client } = await testApp.signedIn();
      const missing = await newAsset(testApp.db(), {
        userId: user.id,
        storageKey: `${user.id}/${randomUUID()}/original.jpg`,
        tags: ['beach'],
      });
      const body = (
        await generate(client, { prompt: uniquePrompt(), platforms: ['twitter'], mediaId: missing.id })
      ).json<AiGenerateResponse>();
      expect(body).toMatchObject({
        provider: 'openai-compatible',
        photo: { mediaId: missing.id, usedAs: 'tags' },
      });
      expect(standIn().requests[0]!.images).toEqual([]);
      expect(JSON.parse(userText(standIn().requests[0]!.body))).toMatchObject({ photoTags: ['beach'] });
    });

    it("refuses another user's photo with the same 404 as a missing one, spending no quota and sending nothing", async () => {
      const owner = await testApp.signedIn();
      const theirs = await storedPhonePhoto(testApp, owner.user.id);
      const { client } = await testApp.signedIn();
      for (const mediaId of [theirs.id, randomUUID()]) {
        const response = await generate(client, { prompt: uniquePrompt(), mediaId });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: aiTexts.photoNotFound, field: 'mediaId' });
      }
      const quota = await client.inject({ method: 'GET', url: '/api/ai/quota' });
      expect(quota.json()).toMatchObject({ used: 0 });
      expect(standIn().requests).toHaveLength(0);
    });

    it('refuses a video, a visitor and an id that is not a uuid with 400s that say why', async () => {
      const { user, client } = await testApp.signedIn();
      const video = await newAsset(testApp.db(), {
        userId: user.id,
        mime: 'video/mp4',
        filename: 'clip.mp4',
      });
      const refusedVideo = await generate(client, { prompt: uniquePrompt(), mediaId: video.id });
      expect(refusedVideo.statusCode).toBe(400);
      expect(refusedVideo.json().message).toBe(aiTexts.photoNotImage);

      const visitor = new TestClient(testApp.app());
      const refusedVisitor = await generate(visitor, { prompt: uniquePrompt(), mediaId: video.id });
      expect(refusedVisitor.statusCode).toBe(400);
      expect(refusedVisitor.json().message).toBe('Sign in to write from a gallery photo.');
      const visitorQuota = await visitor.inject({ method: 'GET', url: '/api/ai/quota' });
      expect(visitorQuota.json()).toMatchObject({ used: 0 });

      const badId = await generate(client, { prompt: uniquePrompt(), mediaId: 'my-photo' });
      expect(badId.statusCode).toBe(400);
      expect(badId.json().message).toContain(aiTexts.photoIdInvalid);
      expect(standIn().requests).toHaveLength(0);
    });
  });

  describe('with a model that does not accept images', () => {
    const testApp = useTestApp(kind, { standIns: { openai: true }, dataDir: true });

    it("sends the photo's tags as text and no image", async () => {
      const { user, client } = await testApp.signedIn();
      const asset = await storedPhonePhoto(testApp, user.id, ['satin', 'robe']);
      const body = (
        await generate(client, { prompt: uniquePrompt(), platforms: ['tiktok'], mediaId: asset.id })
      ).json<AiGenerateResponse>();
      expect(body).toMatchObject({
        provider: 'openai-compatible',
        photo: { mediaId: asset.id, usedAs: 'tags' },
      });
      const [request] = testApp.openai().requests;
      expect(request!.images).toEqual([]);
      expect(typeof request!.body.messages!.at(-1)!.content).toBe('string');
      expect(JSON.parse(userText(request!.body))).toMatchObject({ photoTags: ['satin', 'robe'] });
    });
  });

  describe('with the built-in writer', () => {
    const testApp = useTestApp(kind, { dataDir: true });

    it('writes from the prompt and the tags of a photo uploaded to the gallery', async () => {
      const { client } = await testApp.signedIn();
      const uploaded = await upload(
        client,
        { filename: 'robe.jpg', content: await phonePhoto(), contentType: 'image/jpeg' },
        { tags: 'red satin robe, hotel' },
      );
      expect(uploaded.statusCode).toBe(201);
      const mediaId = uploaded.json<{ asset: { id: string } }>().asset.id;
      const response = await generate(client, {
        prompt: 'lazy sunday',
        platforms: ['instagram'],
        variants: 2,
        mediaId,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<AiGenerateResponse>();
      expect(body).toMatchObject({ provider: 'offline', notice: null, photo: { mediaId, usedAs: 'tags' } });
      for (const item of body.content)
        expect(item.hashtags.map((tag) => tag.toLowerCase())).toEqual(
          expect.arrayContaining(['redsatinrobe', 'hotel']),
        );

      const again = (
        await generate(client, { prompt: 'lazy sunday', platforms: ['instagram'], variants: 2, mediaId })
      ).json<AiGenerateResponse>();
      expect(again).toMatchObject({ cached: true, photo: { mediaId, usedAs: 'tags' } });
    });
  });
});
