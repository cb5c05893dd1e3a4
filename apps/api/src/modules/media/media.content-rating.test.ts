import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mediaAssetSchema, mediaListResponseSchema, uploadMediaResponseSchema } from '@app/shared/media';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import type { TestClient } from '../../../test/test-client.js';
import {
  type ContentClassifier,
  WorkerContentClassifier,
} from '../../adapters/image/content-rating/content-classifier.js';
import {
  drawnLandscape,
  flatColour,
} from '../../adapters/image/content-rating/content-rating.test-support.js';
import { mediaAssets } from '../../db/schema/index.js';
import { silentLog, waitFor } from '../../jobs/jobs.test-support.js';
import { type RunningJobs, startJobs } from '../../jobs/start-jobs.js';
import { mp4Video, upload, useMediaApp } from './media.test-support.js';

// The real model, loaded once for the whole file and shared by every queue the tests start.
const model = new WorkerContentClassifier();
afterAll(() => model.close());

/** The model behind a gate: the rating job waits at classify until the test opens it. */
function gatedModel() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let waiting = 0;
  const classifier: ContentClassifier = {
    classify: async (pixels) => {
      waiting++;
      await opened;
      return model.classify(pixels);
    },
    close: async () => {},
  };
  return { classifier, waiting: () => waiting, release: () => open() };
}

describe.each(testDatabaseKinds())('photo content rating (%s)', (dbKind) => {
  let jobs: RunningJobs | undefined;
  const media = useMediaApp(dbKind, 'local', {}, { jobQueue: () => jobs?.queue });
  afterEach(async () => {
    await jobs?.stop();
    jobs = undefined;
  });

  /** The queue as server.ts starts it, on the test app's database, with the file's model. */
  async function startQueue(classifier: ContentClassifier = model, log = silentLog) {
    jobs = await startJobs(
      // On PostgreSQL the queue opens its own connection, so it needs the test database's URL.
      { database: media.database, config: { ...media.config, databaseUrl: media.database.url }, log },
      { pollingIntervalSeconds: 0.5, stopTimeoutMs: 1000, contentClassifier: classifier },
    );
  }

  async function uploaded(client: TestClient, filename: string, content: Buffer) {
    const response = await upload(client, { filename, content });
    expect(response.statusCode, response.body).toBe(201);
    return uploadMediaResponseSchema.parse(response.json()).asset;
  }

  const rowOf = async (id: string) =>
    (await media.db.select().from(mediaAssets).where(eq(mediaAssets.id, id)))[0]!;
  const rated = (id: string) => waitFor(async () => (await rowOf(id)).ratedAt !== null, 15_000);

  it('answers the upload before the model has run; the rating appears once the job has', async () => {
    const { client } = await media.signIn();
    const gate = gatedModel();
    await startQueue(gate.classifier);
    try {
      const asset = await uploaded(client, 'landscape.png', await drawnLandscape());
      expect(asset.contentRating).toBeNull();
      // The job has the photo and waits for the model: the upload did not wait for it.
      await waitFor(() => gate.waiting() > 0);
      expect((await rowOf(asset.id)).ratedAt).toBeNull();
      gate.release();

      await rated(asset.id);
      const row = await rowOf(asset.id);
      // What MobileNetV2 says about this drawing: Neutral about 0.82, Drawing 0.18.
      expect(row.contentRating).toBe('safe');
      expect(row.contentScores!.neutral).toBeGreaterThan(0.5);
      expect(row.contentScores!.porn + row.contentScores!.hentai).toBeLessThan(0.1);
      const one = mediaAssetSchema.parse(
        (await client.inject({ method: 'GET', url: `/api/media/${asset.id}` })).json(),
      );
      expect(one.contentRating).toBe('safe');
      const list = mediaListResponseSchema.parse(
        (await client.inject({ method: 'GET', url: '/api/media' })).json(),
      );
      expect(list.find((item) => item.id === asset.id)?.contentRating).toBe('safe');
    } finally {
      gate.release();
    }
  });

  it('rates photos stored while no queue ran at the next start-up, and never videos', async () => {
    const { client } = await media.signIn();
    const photo = await uploaded(client, 'flat.jpg', await flatColour());
    const video = await uploaded(client, 'clip.mp4', mp4Video());
    expect((await rowOf(photo.id)).ratedAt).toBeNull();

    await startQueue();
    await rated(photo.id);
    // The model calls one flat colour a Drawing (about 0.90): safe.
    expect(await rowOf(photo.id)).toMatchObject({ contentRating: 'safe' });
    expect((await rowOf(photo.id)).contentScores!.drawing).toBeGreaterThan(0.5);
    expect(await rowOf(video.id)).toMatchObject({ contentRating: null, ratedAt: null });
  });

  it('leaves a photo it cannot read without a rating, logs it, and rates the others', async () => {
    const { client } = await media.signIn();
    const broken = await uploaded(client, 'broken.png', await drawnLandscape());
    const fine = await uploaded(client, 'fine.jpg', await flatColour());
    // The stored thumbnail (which the rating reads) damaged behind the server's back.
    const { thumbnailKey } = await rowOf(broken.id);
    await writeFile(path.join(media.config.media.localDir, thumbnailKey!), 'not an image any more');

    const lines: string[] = [];
    const log = pino(
      { level: 'warn' },
      new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) }),
    );
    await startQueue(model, log);
    await Promise.all([rated(broken.id), rated(fine.id)]);
    expect(await rowOf(broken.id)).toMatchObject({ contentRating: null, contentScores: null });
    expect(await rowOf(fine.id)).toMatchObject({ contentRating: 'safe' });
    const warning = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.mediaId === broken.id);
    expect(warning).toMatchObject({ msg: 'photo could not be rated; it stays without a rating' });

    const shown = await client.inject({ method: 'GET', url: `/api/media/${broken.id}` });
    expect(shown.statusCode).toBe(200);
    expect(mediaAssetSchema.parse(shown.json()).contentRating).toBeNull();
  });
});
