import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MediaAsset, StorageUsage } from '@app/shared/media';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { createMediaStorage } from '../../adapters/storage/create-media-storage.js';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import { mediaAssets, type NewMediaAssetRow } from '../../db/schema/index.js';
import { json, pngImage, upload, useMediaApp } from './media.test-support.js';
import { backfillStoredBytesJob } from '../../jobs/backfill-stored-bytes.job.js';
import { backfillStoredBytes } from './stored-bytes-backfill.service.js';
import { silentLog, waitFor } from '../../jobs/jobs.test-support.js';
import { startJobs } from '../../jobs/start-jobs.js';

describe.each(
  testDatabaseKinds().flatMap((dbKind) =>
    (['local', 's3'] as const).map((storageKind) => ({ dbKind, storageKind })),
  ),
)('backfilling stored bytes ($dbKind, $storageKind storage)', ({ dbKind, storageKind }) => {
  const media = useMediaApp(dbKind, storageKind);
  const storage = () => createMediaStorage(media.config.media);
  const context = () => ({ signal: new AbortController().signal, log: silentLog });
  // One database per suite: each test starts without the rows the ones before it left.
  beforeEach(async () => {
    await media.db.delete(mediaAssets);
  });

  /** Stores `bytes` bytes under `key` as the app would. */
  async function store(key: string, bytes: number): Promise<void> {
    const file = path.join(media.config.media.tempDir, `source-${randomUUID()}`);
    await writeFile(file, Buffer.alloc(bytes, 7));
    await storage().putFile(key, file, 'image/jpeg');
  }

  /** A row as one stored before migration 0015 left it: files named, their sizes 0 unless given. */
  async function legacyAsset(
    userId: string,
    row: Partial<NewMediaAssetRow> & { files?: Record<string, number> },
  ) {
    const id = randomUUID();
    const key = (name: string) => `${userId}/${id}/${name}`;
    for (const [name, bytes] of Object.entries(row.files ?? {})) await store(key(name), bytes);
    await media.db.insert(mediaAssets).values({
      id,
      userId,
      filename: 'old.jpg',
      mime: 'image/jpeg',
      bytes: 1000,
      storageKey: key('original.jpg'),
      ...row,
      thumbnailKey: row.thumbnailKey && key(row.thumbnailKey),
      protectedStorageKey: row.protectedStorageKey && key(row.protectedStorageKey),
    });
    return id;
  }

  const rowOf = async (id: string) =>
    (await media.db.select().from(mediaAssets).where(eq(mediaAssets.id, id)))[0]!;

  it('records the real size of every thumbnail and protected copy stored before they were counted, and the usage counts them', async () => {
    const { user, client } = await media.signIn({ tier: 'starter' });
    const usedBytes = async () =>
      json<StorageUsage>(await client.inject({ method: 'GET', url: '/api/storage/usage' })).usedBytes;
    // One uploaded for real, then its thumbnail's size forgotten as before the migration.
    const uploaded = json<{ asset: MediaAsset }>(
      await upload(client, { filename: 'real.png', content: await pngImage(200, 150) }),
    ).asset;
    const realThumbnailBytes = (await rowOf(uploaded.id)).thumbnailBytes;
    await media.db.update(mediaAssets).set({ thumbnailBytes: 0 }).where(eq(mediaAssets.id, uploaded.id));
    const both = await legacyAsset(user.id, {
      thumbnailKey: 'thumb.jpg',
      protectedStorageKey: 'protected-1.jpg',
      files: { 'thumb.jpg': 1234, 'protected-1.jpg': 5678 },
    });
    const thumbnailOnly = await legacyAsset(user.id, {
      thumbnailKey: 'thumb.jpg',
      files: { 'thumb.jpg': 321 },
    });
    const thumbnailMissing = await legacyAsset(user.id, {
      thumbnailKey: 'thumb.jpg',
      protectedStorageKey: 'protected-1.jpg',
      files: { 'protected-1.jpg': 999 },
    });
    const alreadyCounted = await legacyAsset(user.id, {
      thumbnailKey: 'thumb.jpg',
      thumbnailBytes: 4242,
      files: { 'thumb.jpg': 50 },
    });
    const noFiles = await legacyAsset(user.id, {});
    const updatedAt = await rowOf(both).then((row) => row.updatedAt);

    const before = await usedBytes();
    expect(before).toBe(uploaded.bytes + 5 * 1000 + 4242);

    // Through the job's own handler, as the queue runs it.
    const summary = await backfillStoredBytesJob.handler(
      {},
      { db: media.db, storage: storage(), jobId: 'test', queuedAt: new Date(), ...context() },
    );
    expect(summary).toEqual({ checked: 4, thumbnails: 3, protectedCopies: 2, missing: 1, changed: 0 });

    expect(await rowOf(uploaded.id)).toMatchObject({ thumbnailBytes: realThumbnailBytes, protectedBytes: 0 });
    expect(realThumbnailBytes).toBeGreaterThan(0);
    expect(await rowOf(both)).toMatchObject({ thumbnailBytes: 1234, protectedBytes: 5678, updatedAt });
    expect(await rowOf(thumbnailOnly)).toMatchObject({ thumbnailBytes: 321, protectedBytes: 0 });
    expect(await rowOf(thumbnailMissing)).toMatchObject({ thumbnailBytes: 0, protectedBytes: 999 });
    expect(await rowOf(alreadyCounted)).toMatchObject({ thumbnailBytes: 4242 });
    expect(await rowOf(noFiles)).toMatchObject({ thumbnailBytes: 0, protectedBytes: 0 });
    expect(await usedBytes()).toBe(before + realThumbnailBytes + 1234 + 5678 + 321 + 999);

    // Again: only the missing thumbnail is looked at, and nothing changes.
    const rows = await media.db.select().from(mediaAssets).where(eq(mediaAssets.userId, user.id));
    expect(await backfillStoredBytes({ db: media.db, storage: storage(), ...context() })).toEqual({
      checked: 1,
      thumbnails: 0,
      protectedCopies: 0,
      missing: 1,
      changed: 0,
    });
    expect(await media.db.select().from(mediaAssets).where(eq(mediaAssets.userId, user.id))).toEqual(rows);
  });

  it('pages through more assets than one batch, past missing files, in id order', async () => {
    const { user } = await media.signIn();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const missing = i % 3 === 0;
      ids.push(
        await legacyAsset(user.id, {
          thumbnailKey: 'thumb.jpg',
          files: missing ? {} : { 'thumb.jpg': 100 + i },
        }),
      );
    }
    const summary = await backfillStoredBytes(
      { db: media.db, storage: storage(), ...context() },
      { batchSize: 2 },
    );
    expect(summary).toMatchObject({ thumbnails: 4, missing: 3, changed: 0 });
    for (const [i, id] of ids.entries())
      expect((await rowOf(id)).thumbnailBytes).toBe(i % 3 === 0 ? 0 : 100 + i);
  });

  it('never overwrites a protected copy swapped in while the old one was measured', async () => {
    const { user } = await media.signIn();
    const id = await legacyAsset(user.id, {
      protectedStorageKey: 'protected-1.jpg',
      files: { 'protected-1.jpg': 2000 },
    });
    const newKey = `${user.id}/${id}/protected-2.jpg`;
    const real = storage();
    // A re-protection that lands between reading the old copy's size and recording it.
    const racing: MediaStorage = {
      ...real,
      async size(key) {
        const bytes = await real.size(key);
        await media.db
          .update(mediaAssets)
          .set({ protectedStorageKey: newKey, protectedBytes: 3000 })
          .where(eq(mediaAssets.id, id));
        return bytes;
      },
    };

    const summary = await backfillStoredBytes({ db: media.db, storage: racing, ...context() });
    expect(summary).toMatchObject({ protectedCopies: 0, changed: 1 });
    expect(await rowOf(id)).toMatchObject({ protectedStorageKey: newKey, protectedBytes: 3000 });
  });

  it('runs at start-up through the queue', async () => {
    const { user } = await media.signIn();
    const id = await legacyAsset(user.id, {
      thumbnailKey: 'thumb.jpg',
      protectedStorageKey: 'protected-1.jpg',
      files: { 'thumb.jpg': 111, 'protected-1.jpg': 222 },
    });
    const jobs = await startJobs(
      // On PostgreSQL the queue opens its own connection, so it needs the test database's URL.
      {
        database: media.database,
        config: { ...media.config, databaseUrl: media.database.url },
        log: silentLog,
      },
      { pollingIntervalSeconds: 0.5 },
    );
    try {
      await waitFor(async () => (await rowOf(id)).protectedBytes === 222, 10_000);
      expect(await rowOf(id)).toMatchObject({ thumbnailBytes: 111, protectedBytes: 222 });
    } finally {
      await jobs.stop();
    }
  });
});
