import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageshieldTexts, type ProtectImageResponse } from '@app/shared/imageshield';
import {
  matchThresholds,
  measuredProtectionText,
  mediaErrors,
  mediaTexts,
  type MediaAsset,
} from '@app/shared/media';
import { eq } from 'drizzle-orm';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { syntheticPhoto } from '../../adapters/image/perceptual-hash/synthetic-images.js';
import {
  compareHashes,
  hashDecodedImage,
  hashImage,
  hashImageAtWorkingSize,
  pdqDistance,
} from '../../adapters/image/perceptual-hash/compare-images.js';
import { decodeForProtection } from '../../adapters/image/protection/protect-image.js';
import { hashFromHex, hashToHex } from '../../adapters/image/perceptual-hash/hash-bits.js';
import { mediaAssets } from '../../db/schema/index.js';
import { requiredEvasions } from '../../adapters/image/protection/protect-until-unmatched.js';
import { json, mp4Video, upload, useMediaApp } from '../media/media.test-support.js';
import type { TestClient } from '../../../test/test-client.js';

let photo: Buffer;
beforeAll(async () => {
  const { data, width, height } = syntheticPhoto(900, 600);
  photo = await sharp(Buffer.from(data), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
});

describe.each(testDatabaseKinds())('ImageShield protection (%s)', (dbKind) => {
  const media = useMediaApp(dbKind, 'local');

  async function uploaded(client: TestClient): Promise<MediaAsset> {
    return json<{ asset: MediaAsset }>(await upload(client, { filename: 'sunset.jpg', content: photo }))
      .asset;
  }

  function protect(client: TestClient, id: string, body: Record<string, unknown>) {
    return client.inject({ method: 'POST', url: `/api/protect-image/${id}`, payload: body });
  }

  it.each(['light', 'standard', 'heavy'] as const)(
    'protects at %s: a new file no required hash matches, the original kept',
    async (level) => {
      const { client } = await media.signIn({ tier: 'pro' });
      const asset = await uploaded(client);
      // The gallery list seen before protecting, so the list after it must not be an older copy.
      const galleryBefore = json<MediaAsset[]>(await client.inject({ method: 'GET', url: '/api/media' }));
      expect(galleryBefore.find((item) => item.id === asset.id)?.isProtected).toBe(false);
      const response = await protect(client, asset.id, { protectionLevel: level });
      expect(response.statusCode).toBe(200);
      const body = json<ProtectImageResponse>(response);
      expect(body).toMatchObject({ message: measuredProtectionText(body.report), protectionLevel: level });
      // The text claims only what was measured: no blanket "protected against reverse searches".
      expect(body.message).not.toBe(mediaTexts.imageProtectedText);
      expect(body.report.watermarked).toBe(false);
      expect(body.report.hashes.map((hash) => hash.name)).toEqual([
        'pdq',
        'phash',
        'dhash',
        'ahash',
        'dhash256',
        'blockhash256',
      ]);

      const protectedFile = await media.app.inject({ method: 'GET', url: body.protectedUrl });
      expect(protectedFile.statusCode).toBe(200);
      expect(protectedFile.headers['content-type']).toBe('image/jpeg');
      // The served files, measured independently at full size: no required hash matches there either.
      const original = await media.app.inject({ method: 'GET', url: asset.signedUrl });
      expect(original.rawPayload.length).toBe(asset.bytes);
      const fullSize = compareHashes(
        await hashImage(original.rawPayload),
        await hashImage(protectedFile.rawPayload),
      );
      for (const name of requiredEvasions[level]) expect(fullSize[name].matches, name).toBe(false);
      // The report is exactly the working-size (512 px) measurement of the served copy against the original.
      const workingSize = compareHashes(
        hashDecodedImage((await decodeForProtection(original.rawPayload)).working),
        await hashImageAtWorkingSize(protectedFile.rawPayload),
      );
      for (const hash of body.report.hashes)
        expect(hash.distance, hash.name).toBe(workingSize[hash.name].distance);

      const listed = json<MediaAsset>(await client.inject({ method: 'GET', url: `/api/media/${asset.id}` }));
      expect(listed).toMatchObject({
        isProtected: true,
        protectionLevel: level,
        protectedUrl: body.protectedUrl,
      });
      expect(listed.protectionReport?.hashes).toEqual(body.report.hashes);
      const galleryAfter = json<MediaAsset[]>(await client.inject({ method: 'GET', url: '/api/media' }));
      expect(galleryAfter.find((item) => item.id === asset.id)).toEqual(listed);
    },
  );

  it('protecting again makes a new current copy, keeps the earlier one (decision 047), and each copy differs from the last', async () => {
    const { user, client } = await media.signIn({ tier: 'starter' });
    const asset = await uploaded(client);
    const first = json<ProtectImageResponse>(await protect(client, asset.id, { protectionLevel: 'light' }));
    const firstFile = (await media.app.inject({ method: 'GET', url: first.protectedUrl })).rawPayload;
    const second = json<ProtectImageResponse>(await protect(client, asset.id, { protectionLevel: 'heavy' }));
    expect(second.protectedUrl).not.toBe(first.protectedUrl);
    const keys = (await media.storedKeys()).filter((key) => key.startsWith(`${user.id}/${asset.id}/`));
    expect(keys.filter((key) => key.includes('/protected-'))).toHaveLength(2);
    expect(
      json<MediaAsset>(await client.inject({ method: 'GET', url: `/api/media/${asset.id}` })).protectionLevel,
    ).toBe('heavy');
    const secondFile = (await media.app.inject({ method: 'GET', url: second.protectedUrl })).rawPayload;
    expect(compareHashes(await hashImage(firstFile), await hashImage(secondFile)).pdq.matches).toBe(false);

    await client.inject({ method: 'DELETE', url: `/api/media/${asset.id}` });
    await media.purgeDeleted();
    expect((await media.storedKeys()).filter((key) => key.includes(asset.id))).toEqual([]);
  });

  it('remembers every copy made, newest first, keeps each new one apart from all of them, and never shows that list', async () => {
    const { client } = await media.signIn({ tier: 'pro' });
    const asset = await uploaded(client);
    const responses: ProtectImageResponse[] = [];
    for (const protectionLevel of ['light', 'standard', 'light'] as const) {
      const response = await protect(client, asset.id, { protectionLevel });
      expect(response.body).not.toContain('copyPdqHashes');
      responses.push(json<ProtectImageResponse>(response));
    }
    const files: Buffer[] = [];
    for (const response of responses)
      files.push((await media.app.inject({ method: 'GET', url: response.protectedUrl })).rawPayload);
    const [row] = await media.db.select().from(mediaAssets).where(eq(mediaAssets.id, asset.id));
    // The newest copy's hash heads the list.
    expect(row!.protectionReport!.copyPdqHashes).toHaveLength(3);
    expect(row!.protectionReport!.copyPdqHashes![0]).toBe(
      hashToHex((await hashImageAtWorkingSize(files[2]!)).pdq.hash),
    );
    const third = await hashImageAtWorkingSize(files[2]!);
    for (const earlier of row!.protectionReport!.copyPdqHashes!.slice(1)) {
      expect(pdqDistance(hashFromHex(earlier, 32), third)).toBeGreaterThan(matchThresholds.pdq);
    }
    const listed = await client.inject({ method: 'GET', url: `/api/media/${asset.id}` });
    expect(listed.body).not.toContain('copyPdqHashes');
    expect(json<MediaAsset>(listed).protectionReport).toEqual(responses[2]!.report);
  });

  it('always watermarks Free users’ copies; paid users choose', async () => {
    const free = await media.signIn({ tier: 'free' });
    const freeAsset = await uploaded(free.client);
    const forced = json<ProtectImageResponse>(
      await protect(free.client, freeAsset.id, { protectionLevel: 'light', watermark: false }),
    );
    expect(forced.report.watermarked).toBe(true);

    const paid = await media.signIn({ tier: 'starter' });
    const paidAsset = await uploaded(paid.client);
    expect(
      json<ProtectImageResponse>(await protect(paid.client, paidAsset.id, { protectionLevel: 'light' }))
        .report.watermarked,
    ).toBe(false);
    expect(
      json<ProtectImageResponse>(
        await protect(paid.client, paidAsset.id, { protectionLevel: 'light', watermark: true }),
      ).report.watermarked,
    ).toBe(true);
  });

  it('answers 404 for another user’s image, 400 for videos and bad levels, 401 signed out', async () => {
    const owner = await media.signIn();
    const stranger = await media.signIn();
    const asset = await uploaded(owner.client);
    const foreign = await protect(stranger.client, asset.id, { protectionLevel: 'standard' });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).message).toBe(mediaErrors.notFound);
    expect(
      json<MediaAsset>(await owner.client.inject({ method: 'GET', url: `/api/media/${asset.id}` }))
        .isProtected,
    ).toBe(false);

    const video = json<{ asset: MediaAsset }>(
      await upload(owner.client, { filename: 'clip.mp4', content: mp4Video() }),
    ).asset;
    const onVideo = await protect(owner.client, video.id, { protectionLevel: 'light' });
    expect(onVideo.statusCode).toBe(400);
    expect(json(onVideo).message).toBe(imageshieldTexts.onlyImages);

    const badLevel = await protect(owner.client, asset.id, { protectionLevel: 'maximum' });
    expect(badLevel.statusCode).toBe(400);
    expect(json(badLevel).message).toMatch(/protectionLevel/);
    const missing = await protect(owner.client, asset.id, {});
    expect(missing.statusCode).toBe(400);

    const signedOut = await media.app.inject({
      method: 'POST',
      url: `/api/protect-image/${asset.id}`,
      payload: { protectionLevel: 'light' },
    });
    expect([401, 403]).toContain(signedOut.statusCode);
  });
});
