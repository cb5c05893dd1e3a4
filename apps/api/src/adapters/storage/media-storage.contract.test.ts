import { createCipheriv, createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn } from '../../../test/stand-ins/s3.js';
import { loadConfig } from '../../config.js';
import { createMediaStorage } from './create-media-storage.js';
import { createLocalDiskStorage } from './local-disk-storage.js';
import type { MediaStorage } from './media-storage.js';
import { createS3Storage } from './s3-storage.js';

interface Backend {
  storage: MediaStorage;
  /** What the backend itself holds, looked at without going through `storage`. */
  storedKeys(): Promise<string[]>;
  /** The same kind of storage, whose backend fails with something other than "missing". */
  broken: MediaStorage;
  /** What `broken` fails with. */
  brokenError: object;
  close(): Promise<void>;
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

// Both are built the way the app builds them: environment → loadConfig → createMediaStorage.
async function startLocalBackend(): Promise<Backend> {
  const dir = await mkdtemp(path.join(tmpdir(), 'media-contract-local-'));
  const notAFolder = path.join(dir, 'not-a-folder');
  await writeFile(notAFolder, 'a file where a folder should be');
  const { media } = loadConfig({ DATA_DIR: dir });
  return {
    storage: createMediaStorage(media),
    storedKeys: () => filesUnder(media.localDir),
    broken: createLocalDiskStorage(notAFolder),
    brokenError: { code: 'ENOTDIR' },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

async function startS3Backend(): Promise<Backend> {
  const s3 = await startS3StandIn();
  const dir = await mkdtemp(path.join(tmpdir(), 'media-contract-s3-'));
  const { media } = loadConfig({ ...s3.environment, DATA_DIR: dir });
  return {
    storage: createMediaStorage(media),
    storedKeys: () => s3.listKeys(),
    broken: createS3Storage({ ...media.s3!, bucket: 'no-such-bucket' }),
    brokenError: { name: 'NoSuchBucket' },
    async close() {
      await s3.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Deterministic pseudo-random bytes (AES-CTR over zeros), so a failure reproduces exactly. */
function bytes(length: number, seed: string): Buffer {
  const key = createHash('sha256').update(seed).digest().subarray(0, 16);
  return createCipheriv('aes-128-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(length));
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const userId = '0b5e7c1a-3f2d-4e8b-9a61-5c4d3e2f1a0b';

describe.each([
  { name: 'local disk', kind: 'local', start: startLocalBackend },
  { name: 'S3 (s3rver stand-in)', kind: 's3', start: startS3Backend },
])('MediaStorage contract: $name', ({ kind, start }) => {
  let backend: Backend;
  let sourceDir: string;
  let created: string[] = [];

  beforeAll(async () => {
    backend = await start();
    sourceDir = await mkdtemp(path.join(tmpdir(), 'media-contract-source-'));
  });
  afterAll(async () => {
    await backend?.close();
    if (sourceDir) await rm(sourceDir, { recursive: true, force: true });
  });
  // Every test's objects are deleted through the storage, which must leave the backend empty.
  afterEach(async () => {
    for (const key of created) await backend.storage.delete(key);
    created = [];
    expect(await backend.storedKeys()).toEqual([]);
  });

  function newKey(name = 'original.jpg'): string {
    const key = `${userId}/${randomUUID()}/${name}`;
    created.push(key);
    return key;
  }

  async function put(key: string, content: Buffer, storage = backend.storage): Promise<void> {
    const file = path.join(sourceDir, randomUUID());
    await writeFile(file, content);
    await storage.putFile(key, file, 'image/jpeg');
  }

  async function readAll(key: string): Promise<{ content: Buffer; totalBytes: number } | null> {
    const object = await backend.storage.read(key);
    return object && { content: await buffer(object.stream), totalBytes: object.totalBytes };
  }

  it('is the kind of storage the configuration asks for', () => {
    expect(backend.storage.kind).toBe(kind);
  });

  it('reads back exactly the bytes that were put', async () => {
    const key = newKey();
    const content = bytes(1000, 'put');
    await put(key, content);

    expect(await backend.storage.exists(key)).toBe(true);
    expect(await readAll(key)).toEqual({ content, totalBytes: 1000 });
    expect(await backend.storedKeys()).toEqual([key]);
  });

  it('replaces an existing object, shorter content included', async () => {
    const key = newKey();
    await put(key, bytes(5000, 'first'));
    const second = bytes(300, 'second');
    await put(key, second);

    expect(await readAll(key)).toEqual({ content: second, totalBytes: 300 });
    expect(await backend.storage.size(key)).toBe(300);
    expect(await backend.storedKeys()).toEqual([key]);
  });

  it('reads a byte range and reports the size of the whole object', async () => {
    const key = newKey();
    const content = bytes(100, 'range');
    await put(key, content);

    const object = await backend.storage.read(key, { start: 10, end: 19 });
    expect(object).not.toBeNull();
    expect(await buffer(object!.stream)).toEqual(content.subarray(10, 20));
    expect(object!.totalBytes).toBe(100);
  });

  it('reports the size of each object, an empty one included', async () => {
    const [small, large, empty] = [newKey('small.jpg'), newKey('large.bin'), newKey('empty.jpg')];
    await put(small, bytes(1000, 'size-small'));
    await put(large, bytes(3 * 1024 * 1024 + 7, 'size-large'));
    await put(empty, Buffer.alloc(0));

    expect(await backend.storage.size(small)).toBe(1000);
    expect(await backend.storage.size(large)).toBe(3 * 1024 * 1024 + 7);
    expect(await backend.storage.size(empty)).toBe(0);
  });

  it('reports a missing key as null and not existing', async () => {
    const key = newKey();
    expect(await backend.storage.read(key)).toBeNull();
    expect(await backend.storage.read(key, { start: 0, end: 9 })).toBeNull();
    expect(await backend.storage.exists(key)).toBe(false);
    expect(await backend.storage.size(key)).toBeNull();
  });

  it('deletes idempotently, and the object is gone afterwards', async () => {
    const key = newKey();
    const neighbour = newKey();
    await put(key, bytes(64, 'delete'));
    await put(neighbour, bytes(64, 'neighbour'));

    await backend.storage.delete(key);
    await backend.storage.delete(key);

    expect(await backend.storage.read(key)).toBeNull();
    expect(await backend.storage.exists(key)).toBe(false);
    expect(await backend.storage.size(key)).toBeNull();
    expect(await backend.storedKeys()).toEqual([neighbour]);
    await expect(backend.storage.delete(newKey())).resolves.toBeUndefined();
  });

  it.each([
    '../etc/passwd',
    'a/b/c.jpg',
    `${userId}/${userId}/../../../../etc/passwd`,
    `${userId.toUpperCase()}/${userId}/original.jpg`,
    `${userId}/${userId}/Original.JPG`,
  ])('refuses the invalid key %s', async (key) => {
    const file = path.join(sourceDir, 'valid-source');
    await writeFile(file, 'content');
    const refused = /Invalid media storage key/;
    await expect(backend.storage.putFile(key, file, 'image/jpeg')).rejects.toThrow(refused);
    await expect(backend.storage.read(key)).rejects.toThrow(refused);
    await expect(backend.storage.exists(key)).rejects.toThrow(refused);
    await expect(backend.storage.size(key)).rejects.toThrow(refused);
    await expect(backend.storage.delete(key)).rejects.toThrow(refused);
  });

  it('round-trips an 8 MB file unchanged', async () => {
    const key = newKey('large.bin');
    const content = bytes(8 * 1024 * 1024, 'large');
    await put(key, content);

    const read = await readAll(key);
    expect(read?.totalBytes).toBe(content.length);
    expect(sha256(read!.content)).toBe(sha256(content));
  });

  it('passes on backend failures other than a missing object', async () => {
    const key = `${userId}/${randomUUID()}/original.jpg`;
    await expect(backend.broken.read(key)).rejects.toMatchObject(backend.brokenError);
    await expect(backend.broken.size(key)).rejects.toMatchObject(backend.brokenError);
    await expect(put(key, bytes(10, 'broken'), backend.broken)).rejects.toMatchObject(backend.brokenError);
  });
});

describe('local disk storage', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-local-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('removes an emptied asset folder and keeps one that still holds files', async () => {
    const root = path.join(dir, 'media');
    const storage = createLocalDiskStorage(root);
    const source = path.join(dir, 'source.jpg');
    await writeFile(source, 'content');
    const assetId = randomUUID();
    const assetDir = path.join(root, userId, assetId);
    const original = `${userId}/${assetId}/original.jpg`;
    const thumb = `${userId}/${assetId}/thumb.jpg`;
    await storage.putFile(original, source, 'image/jpeg');
    await storage.putFile(thumb, source, 'image/jpeg');

    await storage.delete(original);
    expect((await stat(assetDir)).isDirectory()).toBe(true);
    await storage.delete(thumb);
    await expect(stat(assetDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('reports a root that is a file as an error, not as a missing object', async () => {
    const notAFolder = path.join(dir, 'file-root');
    await writeFile(notAFolder, 'x');
    await expect(
      createLocalDiskStorage(notAFolder).exists(`${userId}/${userId}/a.jpg`),
    ).rejects.toMatchObject({
      code: 'ENOTDIR',
    });
  });
});
