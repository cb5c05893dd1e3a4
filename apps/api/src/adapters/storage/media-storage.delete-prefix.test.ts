import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../../test/stand-ins/s3.js';
import { loadConfig } from '../../config.js';
import { createMediaStorage } from './create-media-storage.js';
import type { MediaStorage } from './media-storage.js';

/** deletePrefix, which account deletion relies on, on both backends built as the app builds them. */
describe.each(['local', 's3'] as const)('MediaStorage.deletePrefix (%s)', (kind) => {
  let dir: string;
  let s3: S3StandIn | undefined;
  let storage: MediaStorage;
  let source: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-prefix-'));
    if (kind === 's3') s3 = await startS3StandIn();
    storage = createMediaStorage(loadConfig({ DATA_DIR: dir, ...s3?.environment }).media);
    source = path.join(dir, 'source.bin');
    await writeFile(source, 'bytes');
  });
  afterAll(async () => {
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const storeAll = (keys: string[]) =>
    Promise.all(keys.map((key) => storage.putFile(key, source, 'application/octet-stream')));

  it("removes every object in the owner's folder, at any depth and count, and nothing of another owner", async () => {
    const owner = randomUUID();
    const neighbour = randomUUID();
    const ownerKeys = Array.from(
      { length: 23 },
      (_, index) => `${owner}/${randomUUID()}/${index % 2 ? 'thumbnail' : 'original'}.webp`,
    );
    const neighbourKeys = [`${neighbour}/${randomUUID()}/original.png`];
    await storeAll([...ownerKeys, ...neighbourKeys]);

    expect(await storage.deletePrefix(`${owner}/`)).toBe(ownerKeys.length);
    for (const key of ownerKeys.slice(0, 3)) expect(await storage.exists(key)).toBe(false);
    expect(await storage.exists(neighbourKeys[0]!)).toBe(true);
    if (kind === 'local') expect(await readdir(path.join(dir, 'media'))).not.toContain(owner);
    else expect((await s3!.listKeys()).filter((key) => key.startsWith(owner))).toEqual([]);
  });

  it('answers 0 for an owner with nothing stored, and again after deleting', async () => {
    const owner = randomUUID();
    expect(await storage.deletePrefix(`${owner}/`)).toBe(0);
    await storeAll([`${owner}/${randomUUID()}/original.jpg`]);
    expect(await storage.deletePrefix(`${owner}/`)).toBe(1);
    expect(await storage.deletePrefix(`${owner}/`)).toBe(0);
  });

  it("removes one asset's folder, also files no row points at, and nothing of the owner's other assets", async () => {
    const owner = randomUUID();
    const asset = randomUUID();
    const sibling = `${owner}/${randomUUID()}/original.png`;
    const assetKeys = ['original.png', 'thumbnail.webp', 'protected-0a1b2c.jpg', 'protected-3d4e5f.jpg'].map(
      (name) => `${owner}/${asset}/${name}`,
    );
    await storeAll([...assetKeys, sibling]);

    expect(await storage.deletePrefix(`${owner}/${asset}/`)).toBe(assetKeys.length);
    for (const key of assetKeys) expect(await storage.exists(key)).toBe(false);
    expect(await storage.exists(sibling)).toBe(true);
  });

  it.each([
    '',
    '/',
    '../',
    'abc/',
    `${randomUUID()}`,
    `${randomUUID()}/${randomUUID()}`,
    `${randomUUID()}/${randomUUID()}/x/`,
    `${randomUUID()}/../`,
  ])('refuses the prefix %j', async (prefix) => {
    await expect(storage.deletePrefix(prefix)).rejects.toThrow(/Invalid media storage prefix/);
  });
});
