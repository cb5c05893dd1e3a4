import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  assertValidKey,
  assertValidPrefix,
  type ByteRange,
  type MediaStorage,
  type StoredObject,
} from './media-storage.js';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Media on local disk under one root folder (DATA_DIR/media by default). */
export function createLocalDiskStorage(rootDir: string): MediaStorage {
  const root = path.resolve(rootDir);
  const pathOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    kind: 'local',

    async putFile(key, localPath) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Link (or copy) beside the target, then rename: a reader sees the old file or the new one,
      // never half. A hard link shares the bytes already on disk: an upload is not written twice.
      const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await link(localPath, partial).catch(() => copyFile(localPath, partial));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async read(key, range?: ByteRange): Promise<StoredObject | null> {
      const file = pathOf(key);
      try {
        const { size } = await stat(file);
        const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
        // Opening can still fail (deleted in between); surface that as "missing" like stat would.
        await new Promise<void>((resolve, reject) => {
          stream.once('open', () => resolve());
          stream.once('error', reject);
        });
        return { stream, totalBytes: size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      const file = pathOf(key);
      await rm(file, { force: true });
      // Leave no empty asset folders behind; a folder still holding files stays.
      await rmdir(path.dirname(file)).catch(() => {});
    },

    async deletePrefix(prefix) {
      assertValidPrefix(prefix);
      const folder = path.join(root, prefix.slice(0, -1));
      const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(
        (error: unknown) => {
          if (isMissing(error)) return [];
          throw error;
        },
      );
      const files = entries.filter((entry) => !entry.isDirectory()).length;
      await rm(folder, { recursive: true, force: true });
      return files;
    },

    async exists(key) {
      try {
        await stat(pathOf(key));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}
