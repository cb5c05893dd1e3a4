import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageshieldTexts } from '@app/shared/imageshield';
import type { MediaAsset, ProtectionLevel } from '@app/shared/media';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import type { TestClient } from '../../../test/test-client.js';
import { createImageJobScheduler } from '../../adapters/image/image-job-scheduler.js';
import { syntheticPhoto } from '../../adapters/image/perceptual-hash/synthetic-images.js';
import { createMediaStorage } from '../../adapters/storage/create-media-storage.js';
import { imageCopies, mediaAssets } from '../../db/schema/index.js';
import { createMediaUrlSigner, loadMediaUrlKey } from '../media/media-url-signer.js';
import { json, upload, useMediaApp } from '../media/media.test-support.js';
import { protectAsset, type ImageshieldDependencies } from './imageshield.service.js';

let photo: Buffer;
beforeAll(async () => {
  const { data, width, height } = syntheticPhoto(480, 320);
  photo = await sharp(Buffer.from(data), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
});

describe.each(testDatabaseKinds())(
  'ImageShield: one photo protected from several places at once (%s)',
  (dbKind) => {
    const media = useMediaApp(dbKind, 'local');

    async function uploaded(client: TestClient): Promise<MediaAsset> {
      return json<{ asset: MediaAsset }>(await upload(client, { filename: 'pier.jpg', content: photo }))
        .asset;
    }
    const protect = (client: TestClient, id: string, protectionLevel: ProtectionLevel) =>
      client.inject({ method: 'POST', url: `/api/protect-image/${id}`, payload: { protectionLevel } });
    const filesOf = async (assetId: string) =>
      (await media.storedKeys()).filter((key) => key.includes(`/${assetId}/`));
    const protectedFilesOf = async (assetId: string) =>
      (await filesOf(assetId)).filter((key) => key.includes('/protected-'));
    async function rowOf(assetId: string) {
      const [row] = await media.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
      return row!;
    }

    it('parallel re-protections through one server each keep their file (decision 047): the photo points at one, the registry lists all', async () => {
      const { client } = await media.signIn({ tier: 'pro' });
      const asset = await uploaded(client);
      expect((await protect(client, asset.id, 'light')).statusCode).toBe(200);

      const answers = await Promise.all(
        (['standard', 'heavy', 'light'] as const).map((level) => protect(client, asset.id, level)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const files = await protectedFilesOf(asset.id);
      expect(files).toHaveLength(4);
      expect(files).toContain((await rowOf(asset.id)).protectedStorageKey);
      const registered = await media.db
        .select({ key: imageCopies.storageKey })
        .from(imageCopies)
        .where(and(eq(imageCopies.mediaAssetId, asset.id), isNull(imageCopies.deletedAt)));
      expect(registered.map((row) => row.key).sort()).toEqual([...files].sort());
    });

    it('two server processes protecting one photo at once keep one copy: the later swap is refused with 409 and its file removed', async () => {
      const { user, client } = await media.signIn({ tier: 'pro' });
      const asset = await uploaded(client);
      // Two processes on one database and one storage, each with its own image scheduler.
      const storage = createMediaStorage(media.config.media);
      const signer = createMediaUrlSigner(await loadMediaUrlKey(media.db, undefined), 3600);
      const processDeps = (): ImageshieldDependencies => ({
        db: media.db,
        storage,
        signer,
        tempDir: media.config.media.tempDir,
        imageJobs: createImageJobScheduler(),
      });

      const outcomes = await Promise.allSettled(
        [processDeps(), processDeps()].map((deps) =>
          protectAsset(deps, user, asset.id, { protectionLevel: 'standard' }),
        ),
      );
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected')!;
      expect(refused.reason).toMatchObject({ statusCode: 409, message: imageshieldTexts.protectedMeanwhile });
      const files = await protectedFilesOf(asset.id);
      expect(files).toHaveLength(1);
      const row = await rowOf(asset.id);
      expect(row.protectedStorageKey).toBe(files[0]);
      expect(row.protectedBytes).toBeGreaterThan(0);
    });

    it('deleting a photo removes every file of it (at the purge), also one no row points at', async () => {
      const { user, client } = await media.signIn({ tier: 'pro' });
      const asset = await uploaded(client);
      expect((await protect(client, asset.id, 'light')).statusCode).toBe(200);
      // What a protection cut off half-way (a crash between storing its copy and swapping it in) leaves.
      const stray = path.join(media.config.media.tempDir, `${randomBytes(6).toString('hex')}.stray`);
      await writeFile(stray, 'an unreferenced protected copy');
      await createMediaStorage(media.config.media).putFile(
        `${user.id}/${asset.id}/protected-0badc0ffee00.jpg`,
        stray,
        'image/jpeg',
      );
      await rm(stray);
      // The original, its thumbnail, the copy, the copy's unmarked pixels (decision 047) and the stray.
      expect(await filesOf(asset.id)).toHaveLength(5);

      expect((await client.inject({ method: 'DELETE', url: `/api/media/${asset.id}` })).statusCode).toBe(200);
      await media.purgeDeleted();
      expect(await filesOf(asset.id)).toEqual([]);
    });
  },
);
