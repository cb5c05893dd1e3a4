import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp, { type Raw } from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import { mediaRestoreWindowSeconds } from '@app/shared/media';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import type { TestDbKind } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { startS3StandIn } from '../../../test/stand-ins/s3.js';
import { signedInClient, type TestClient } from '../../../test/test-client.js';
import { createImageJobScheduler, defaultImageJobLimits } from '../../adapters/image/image-job-scheduler.js';
import { createMediaStorage } from '../../adapters/storage/create-media-storage.js';
import type { NewUserRow } from '../../db/schema/index.js';
import { silentLog } from '../../jobs/jobs.test-support.js';
import { purgeDeletedMedia, type PurgeSummary } from './media-purge.service.js';

export type StorageKind = 'local' | 's3';

export interface UploadFile {
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** A multipart/form-data body as a browser's FormData sends it: text fields first, then the file. */
export function multipartBody(file: UploadFile | UploadFile[] | null, fields: Record<string, string> = {}) {
  const boundary = `----media-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const part of file === null ? [] : Array.isArray(file) ? file : [file]) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      part.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function upload(
  client: TestClient,
  file: UploadFile | UploadFile[] | null,
  fields: Record<string, string> = {},
) {
  const { payload, contentType } = multipartBody(file, fields);
  return client.inject({
    method: 'POST',
    url: '/api/media/upload',
    payload,
    headers: { 'content-type': contentType },
  });
}

export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * One app per suite on its own database, DATA_DIR and (for 's3') a fresh S3 stand-in, plus ways
 * to see every stored object and every leftover temporary file.
 */
export function useMediaApp(
  dbKind: TestDbKind,
  storageKind: StorageKind,
  environment: Record<string, string> = {},
  options: Parameters<typeof buildTestApp>[2] = {},
) {
  const state = {} as { testApp: TestApp; dataDir: string; s3?: Awaited<ReturnType<typeof startS3StandIn>> };
  beforeAll(async () => {
    state.dataDir = await mkdtemp(path.join(tmpdir(), 'media-test-'));
    if (storageKind === 's3') state.s3 = await startS3StandIn();
    state.testApp = await buildTestApp(
      dbKind,
      { DATA_DIR: state.dataDir, ...state.s3?.environment, ...environment },
      options,
    );
  });
  afterAll(async () => {
    await state.testApp?.close();
    await state.s3?.close();
    if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
  });
  return {
    get app() {
      return state.testApp.app;
    },
    get db() {
      return state.testApp.database.db;
    },
    get database() {
      return state.testApp.database;
    },
    get config() {
      return state.testApp.config;
    },
    async signIn(overrides: Partial<NewUserRow> = {}) {
      const user = await newUser(state.testApp.database.db, overrides);
      return { user, client: await signedInClient(state.testApp.app, state.testApp.database.db, user) };
    },
    /** Keys of every stored media object, whichever backend holds them. */
    async storedKeys(): Promise<string[]> {
      if (state.s3) return state.s3.listKeys();
      const root = state.testApp.config.media.localDir;
      return (await filesUnder(root))
        .map((file) => path.relative(root, file).split(path.sep).join('/'))
        .sort();
    },
    /** Runs the purge as it runs once the undo window of everything deleted so far is over. */
    purgeDeleted(): Promise<PurgeSummary> {
      const storage = createMediaStorage(state.testApp.config.media);
      const later = new Date(Date.now() + mediaRestoreWindowSeconds * 1000 + 1000);
      return purgeDeletedMedia({ db: state.testApp.database.db, storage, log: silentLog }, later);
    },
    async tempFiles(): Promise<string[]> {
      return filesUnder(state.testApp.config.media.tempDir);
    },
  };
}

/**
 * An image scheduler for the app, with its slots held by other owners' jobs until the test lets
 * them go: every image job then waits in its owner's line, so the bounds are seen without timing.
 */
export function heldImageJobs() {
  const imageJobs = createImageJobScheduler();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const blockers = Array.from({ length: defaultImageJobLimits.slots }, (_, index) =>
    imageJobs.run(`blocker-${index}`, () => gate),
  );
  return { imageJobs, release: async () => (release(), await Promise.all(blockers)) };
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

/** A photo as phones save it: sideways pixels with an orientation tag, camera and GPS EXIF. */
export function phonePhoto(width = 320, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 60 } } })
    .jpeg({ quality: 85 })
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      },
    })
    .toBuffer();
}

export function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** A three-frame GIF: frames of 40×30 stacked, as libvips represents animations. */
export function animatedGif(): Promise<Buffer> {
  const frame = (r: number) => Buffer.alloc(40 * 30 * 4, Buffer.from([r, 40, 90, 255]));
  const pixels = Buffer.concat([frame(250), frame(120), frame(10)]);
  return sharp(pixels, { raw: { width: 40, height: 90, channels: 4, pageHeight: 30 } as Raw })
    .gif({ delay: [100, 100, 100], loop: 0 })
    .toBuffer();
}

/** The first bytes of a small ISO-BMFF MP4 ('ftyp' box), enough for content sniffing. */
export function mp4Video(bytes = 4096): Buffer {
  const ftyp = Buffer.from([
    0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0x00, 0x00, 0x02, 0x00, 0x69,
    0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31,
  ]);
  const mdat = Buffer.alloc(bytes - ftyp.length);
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write('mdat', 4, 'latin1');
  for (let i = 8; i < mdat.length; i += 1) mdat[i] = (i * 31) & 0xff;
  return Buffer.concat([ftyp, mdat]);
}
