// POST /api/media/upload: 20 concurrent uploads of ~10 MB JPEGs and of 10 MB / 40 MB MP4-like files
// to local storage, in MB/s against copying the same bytes to disk in the same run, plus the
// server's peak memory growth (which must not grow with file size: uploads are streamed, not
// buffered). The server runs in a child process (this file with --serve), so its memory is its own
// and the client does not share its event loop. Each kind of file gets its own server process, so
// memory left behind by one kind (sharp's decode buffers, say) is not counted against another.
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import sharp from 'sharp';

const concurrency = 20;
/** Measured phases per kind; the median is reported. */
const reps = 3;
const MB = 1_000_000;
const videoSizes = [10 * MB, 40 * MB] as const;
const sampleEveryMs = 20;

// ---------------------------------------------------------------------------------------------
// Messages between the bench (parent) and the server (child, --serve).

interface MemorySample {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

type ToServer = { type: 'reset' } | { type: 'peak' } | { type: 'stop' };

type FromServer =
  | { type: 'ready'; port: number; cookie: string }
  | { type: 'reset'; idle: MemorySample; kernelPeakReset: boolean }
  | {
      type: 'peak';
      idle: MemorySample;
      peak: MemorySample;
      /** VmHWM from /proc/self/status since the last reset: exact, misses no spike between samples. */
      kernelPeakRss: number | null;
      cpuSeconds: number;
      eventLoopUtilization: number;
    };

// ---------------------------------------------------------------------------------------------
// The server (child process).

async function serve() {
  const { buildApp } = await import('../apps/api/src/app.js');
  const { loadConfig } = await import('../apps/api/src/config.js');
  const { openDatabase } = await import('../apps/api/src/db/client.js');
  const { migrateDatabase } = await import('../apps/api/src/db/migrate.js');
  const { createSession } = await import('../apps/api/src/modules/auth/session.repo.js');
  const { sessionCookieName } = await import('../apps/api/src/modules/auth/session-token.js');
  const { newUser } = await import('../apps/api/test/factories/users.js');

  const send = (message: FromServer) => process.send!(message);
  const dataDir = process.env.BENCH_DATA_DIR!;
  // The first server migrates a fresh database and leaves a snapshot; the others restore it (~4× faster).
  const snapshotPath = process.env.BENCH_DB_SNAPSHOT!;
  const snapshot = existsSync(snapshotPath) ? new Blob([readFileSync(snapshotPath)]) : undefined;
  const database = await openDatabase({ pgliteLoadDataDir: snapshot });
  if (!snapshot) {
    await migrateDatabase(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    writeFileSync(snapshotPath, new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer()));
  }
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      DATA_DIR: dataDir,
    }),
    database,
  });
  // Pro: 20 × 40 MB must not hit the free plan's quota (the quota check costs the same either way).
  const user = await newUser(database.db, { tier: 'pro' });
  const cookie = `${sessionCookieName}=${(await createSession(database.db, user.id)).token}`;
  await app.listen({ host: '127.0.0.1', port: 0 });

  const sample = (): MemorySample => {
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    return { rss, heapUsed, external, arrayBuffers };
  };
  const maxOf = (a: MemorySample, b: MemorySample): MemorySample => ({
    rss: Math.max(a.rss, b.rss),
    heapUsed: Math.max(a.heapUsed, b.heapUsed),
    external: Math.max(a.external, b.external),
    arrayBuffers: Math.max(a.arrayBuffers, b.arrayBuffers),
  });
  let idle = sample();
  let peak = idle;
  let cpuAtReset = process.cpuUsage();
  let eluAtReset = performance.eventLoopUtilization();
  const sampler = setInterval(() => (peak = maxOf(peak, sample())), sampleEveryMs);

  const kernelPeakRss = (): number | null => {
    try {
      const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
      return match ? Number(match[1]) * 1024 : null;
    } catch {
      return null;
    }
  };

  process.on('message', async (message: ToServer) => {
    if (message.type === 'reset') {
      (globalThis as { gc?: () => void }).gc?.();
      let kernelPeakReset = true;
      try {
        writeFileSync('/proc/self/clear_refs', '5'); // resets VmHWM to the current RSS (Linux)
      } catch {
        kernelPeakReset = false;
      }
      idle = sample();
      peak = idle;
      cpuAtReset = process.cpuUsage();
      eluAtReset = performance.eventLoopUtilization();
      send({ type: 'reset', idle, kernelPeakReset });
    } else if (message.type === 'peak') {
      peak = maxOf(peak, sample());
      const cpu = process.cpuUsage(cpuAtReset);
      send({
        type: 'peak',
        idle,
        peak,
        kernelPeakRss: kernelPeakRss(),
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        eventLoopUtilization: performance.eventLoopUtilization(eluAtReset).utilization,
      });
    } else if (message.type === 'stop') {
      clearInterval(sampler);
      await app.close();
      await database.close();
      process.disconnect();
    }
  });
  // The bench went away (crashed, interrupted): do not linger.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', port: (app.server.address() as AddressInfo).port, cookie });
}

// ---------------------------------------------------------------------------------------------
// The bench (parent process).

interface TestFile {
  label: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
  path: string;
}

interface ServerHandle {
  port: number;
  cookieHeader: string;
  csrfToken: string;
  ask<T extends 'reset' | 'peak'>(type: T): Promise<Extract<FromServer, { type: T }>>;
  stop(): Promise<void>;
}

class ServerCrashed extends Error {}

/** Set when any server process dies unasked: every pending and later request fails with it. */
let crash: ServerCrashed | undefined;
const running = new Set<ChildProcess>();

async function startServer(dataDir: string, snapshotPath: string): Promise<ServerHandle> {
  await mkdir(dataDir, { recursive: true });
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: [...process.execArgv, '--expose-gc'],
    env: { ...process.env, BENCH_DATA_DIR: dataDir, BENCH_DB_SNAPSHOT: snapshotPath },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  running.add(child);
  let stopping = false;
  const waiting = new Map<
    string,
    { resolve: (message: FromServer) => void; reject: (error: Error) => void }
  >();
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      if (!stopping || code !== 0) {
        const error = new ServerCrashed(
          `server process ${child.pid} exited with ${signal ?? `code ${code}`}`,
        );
        crash ??= error;
        for (const { reject } of waiting.values()) reject(error);
      }
      resolve();
    });
  });
  // Sending to a process that just died fails with EPIPE; the 'exit' handler reports the crash.
  child.on('error', (error) => {
    for (const { reject } of waiting.values()) reject(error);
  });
  child.on('message', (message: FromServer) => {
    const entry = waiting.get(message.type);
    waiting.delete(message.type);
    entry?.resolve(message);
  });
  const ask = <T extends FromServer['type']>(type: T, request?: ToServer) =>
    new Promise<Extract<FromServer, { type: T }>>((resolve, reject) => {
      if (crash) return reject(crash);
      waiting.set(type, { resolve: resolve as (message: FromServer) => void, reject });
      if (request) child.send(request, (error) => error && reject(crash ?? error));
    });

  const ready = await ask('ready');
  const csrf = await fetch(`http://127.0.0.1:${ready.port}/api/csrf-token`, {
    headers: { cookie: ready.cookie },
  });
  if (csrf.status !== 200) throw new Error(`GET /api/csrf-token answered ${csrf.status}`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = [ready.cookie, ...csrf.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!)];
  return {
    port: ready.port,
    cookieHeader: cookies.join('; '),
    csrfToken,
    ask: (type) => ask(type, { type }),
    async stop() {
      stopping = true;
      if (child.connected) child.send({ type: 'stop' } satisfies ToServer, () => {});
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

interface UploadResult {
  status: number;
  body: string;
  /** ms since the phase started */
  bodySentAt: number;
  answeredAt: number;
}

/** One multipart/form-data POST as a browser's FormData sends it: text fields first, then the file. */
function uploadOnce(server: ServerHandle, file: TestFile, phaseStart: number): Promise<UploadResult> {
  const boundary = `----bench-upload-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="tags"\r\n\r\nbench, upload\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    let bodySentAt = Number.NaN;
    const request = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/api/media/upload',
        headers: {
          cookie: server.cookieHeader,
          'x-csrf-token': server.csrfToken,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + file.bytes.length + tail.length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            bodySentAt,
            answeredAt: performance.now() - phaseStart,
          }),
        );
      },
    );
    request.on('error', reject);
    request.on('finish', () => (bodySentAt = performance.now() - phaseStart));
    // The file's bytes go out as one Buffer shared by all 20 requests: no copy on the client.
    request.write(head);
    request.write(file.bytes);
    request.end(tail);
  });
}

interface UploadPhase {
  seconds: number;
  mbPerSecond: number;
  peakRss: number;
  sampledPeakRss: number;
  kernelPeak: boolean;
  idle: MemorySample;
  peak: MemorySample;
  cpuSeconds: number;
  eventLoopUtilization: number;
  clientCpuSeconds: number;
  lastBodySent: number;
  firstAnswer: number;
  lastAnswer: number;
}

async function uploadPhase(server: ServerHandle, file: TestFile): Promise<UploadPhase> {
  flushDirtyPages();
  const reset = await server.ask('reset');
  const clientCpu = process.cpuUsage();
  const start = performance.now();
  const settled = await Promise.allSettled(
    Array.from({ length: concurrency }, () => uploadOnce(server, file, start)),
  );
  const seconds = (performance.now() - start) / 1000;
  const clientCpuUsed = process.cpuUsage(clientCpu);
  if (crash) throw crash;
  const failures = settled.flatMap((result, index) => {
    if (result.status === 'rejected') return [`#${index}: ${String(result.reason)}`];
    if (result.value.status !== 201)
      return [`#${index}: ${result.value.status} ${result.value.body.slice(0, 300)}`];
    return [];
  });
  if (failures.length > 0) {
    throw new Error(
      `${failures.length} of ${concurrency} uploads of ${file.label} failed:\n  ${failures.join('\n  ')}`,
    );
  }
  const results = settled.map((result) => (result as PromiseFulfilledResult<UploadResult>).value);
  const memory = await server.ask('peak');
  const sampledPeakRss = memory.peak.rss;
  const kernelPeakRss = reset.kernelPeakReset ? memory.kernelPeakRss : null;
  const peakRss = Math.max(sampledPeakRss, kernelPeakRss ?? 0);
  return {
    seconds,
    mbPerSecond: (concurrency * file.bytes.length) / MB / seconds,
    peakRss,
    sampledPeakRss,
    kernelPeak: kernelPeakRss !== null,
    idle: memory.idle,
    peak: memory.peak,
    cpuSeconds: memory.cpuSeconds,
    eventLoopUtilization: memory.eventLoopUtilization,
    clientCpuSeconds: (clientCpuUsed.user + clientCpuUsed.system) / 1e6,
    lastBodySent: Math.max(...results.map((r) => r.bodySentAt)) / 1000,
    firstAnswer: Math.min(...results.map((r) => r.answeredAt)) / 1000,
    lastAnswer: Math.max(...results.map((r) => r.answeredAt)) / 1000,
  };
}

/**
 * Every timed phase starts with no dirty pages waiting for writeback (ours or anyone's on this
 * machine), so one phase's flushing does not slow down the next one's writes.
 */
function flushDirtyPages() {
  spawnSync('sync', { stdio: 'ignore' });
}

/** 20 concurrent writes of the same bytes into the filesystem DATA_DIR is on. */
async function diskCopyPhase(dir: string, file: TestFile): Promise<number> {
  await mkdir(dir, { recursive: true });
  flushDirtyPages();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, (_, index) => writeFile(path.join(dir, `${index}.copy`), file.bytes)),
  );
  const seconds = (performance.now() - start) / 1000;
  await rm(dir, { recursive: true, force: true });
  return (concurrency * file.bytes.length) / MB / seconds;
}

/** A photo-like 4000×3000 JPEG: gradients under strong noise, high quality, with EXIF. ~10 MB. */
async function makePhoto(width = 4000, height = 3000, quality = 96): Promise<Buffer> {
  const noise = randomBytes(width * height * 3);
  const pixels = Buffer.alloc(width * height * 3);
  const amplitude = 120;
  const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : value);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = clamp((x * 255) / width + ((noise[i]! * amplitude) >> 8) - amplitude / 2);
      pixels[i + 1] = clamp((y * 255) / height + ((noise[i + 1]! * amplitude) >> 8) - amplitude / 2);
      pixels[i + 2] = clamp(128 + ((noise[i + 2]! * amplitude) >> 8) - amplitude / 2);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: 'Bench', Model: 'Upload 10MB' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' },
    })
    .jpeg({ quality })
    .toBuffer();
}

/** An MP4 as far as type sniffing goes: an `ftyp isom` box, then random bytes (never decoded). */
function makeVideo(size: number): Buffer {
  const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');
  return Buffer.concat([ftyp, randomBytes(size - ftyp.length)]);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const signedMb = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${(Math.abs(bytes) / MB).toFixed(0)} MB`;

/** Sequential timings of the image steps the server runs per upload, outside the server. */
async function imageStepTimings(dir: string, photo: TestFile) {
  const { prepareImage, makeThumbnail } = await import('../apps/api/src/adapters/image/image-processor.js');
  await mkdir(dir, { recursive: true });
  const runs = {
    decode: [] as number[],
    prepare: [] as number[],
    thumbnail: [] as number[],
    copy: [] as number[],
  };
  const timed = async (list: number[], task: () => Promise<unknown>) => {
    const start = performance.now();
    await task();
    list.push(performance.now() - start);
  };
  for (let run = 0; run < 3; run++) {
    const main = path.join(dir, `main-${run}.jpg`);
    await timed(runs.decode, () => sharp(photo.path, { failOn: 'warning' }).raw().toBuffer());
    await timed(runs.prepare, () => prepareImage(photo.path, main, 'jpeg'));
    await timed(runs.thumbnail, () => makeThumbnail(main, path.join(dir, `thumb-${run}.webp`)));
    await timed(runs.copy, () => copyFile(main, `${main}.copy`));
  }
  return {
    decode: median(runs.decode),
    prepare: median(runs.prepare),
    thumbnail: median(runs.thumbnail),
    copy: median(runs.copy),
  };
}

async function bench() {
  const began = performance.now();
  const root = await mkdtemp(path.join(tmpdir(), 'bench-upload-'));
  const stopAll = () => {
    for (const child of running) child.kill('SIGKILL');
  };
  process.once('SIGINT', () => {
    stopAll();
    void rm(root, { recursive: true, force: true }).finally(() => process.exit(130));
  });
  const servers: ServerHandle[] = [];
  try {
    const inputs = path.join(root, 'inputs');
    await mkdir(inputs);
    const photoBytes = await makePhoto();
    const files: TestFile[] = [
      { label: 'images', filename: 'photo.jpg', contentType: 'image/jpeg', bytes: photoBytes, path: '' },
      ...videoSizes.map((size) => ({
        label: `videos ${size / MB} MB`,
        filename: `clip-${size / MB}mb.mp4`,
        contentType: 'video/mp4',
        bytes: makeVideo(size),
        path: '',
      })),
    ];
    for (const file of files) {
      file.path = path.join(inputs, file.filename);
      await writeFile(file.path, file.bytes);
    }
    const meta = await sharp(photoBytes).metadata();
    console.log(
      `test data: JPEG ${meta.width}×${meta.height} q96${meta.exif ? ' with EXIF' : ''}, ${mb(photoBytes.length)} (${photoBytes.length} bytes); ` +
        `MP4-like ${videoSizes.map((size) => mb(size)).join(' and ')} (ftyp box + random bytes)`,
    );

    // One server process per kind of file, each on its own DATA_DIR, so the memory one kind leaves
    // behind (sharp's decode buffers, say) is not counted against another. The first one migrates
    // the database; the other two restore its snapshot, side by side.
    const dataDirs = files.map((_, index) => path.join(root, `server-${index}`));
    const started = performance.now();
    const snapshotPath = path.join(root, 'db-snapshot.tar.gz');
    servers.push(await startServer(dataDirs[0]!, snapshotPath));
    servers.push(...(await Promise.all(dataDirs.slice(1).map((dir) => startServer(dir, snapshotPath)))));
    // Warm-up, not measured: one small image and one small video, so every code path (multipart,
    // file-type, sharp) is loaded before the idle reading that all growth is counted from.
    const warmUps: TestFile[] = [
      {
        label: 'warm-up image',
        filename: 'warm.jpg',
        contentType: 'image/jpeg',
        bytes: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#486' } })
          .jpeg()
          .toBuffer(),
        path: '',
      },
      {
        label: 'warm-up video',
        filename: 'warm.mp4',
        contentType: 'video/mp4',
        bytes: makeVideo(MB),
        path: '',
      },
    ];
    for (const server of servers) {
      for (const warmUp of warmUps) {
        const result = await uploadOnce(server, warmUp, performance.now());
        if (result.status !== 201)
          throw new Error(`warm-up upload answered ${result.status}: ${result.body}`);
      }
    }
    console.log(
      `${servers.length} server processes ready and warmed up in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
        `(PGlite in memory, LOG_LEVEL=silent, DATA_DIR under ${tmpdir()}); ` +
        `${concurrency} concurrent uploads per phase over loopback HTTP, ${reps} runs each, median shown`,
    );

    const results = files.map(() => ({ disk: [] as number[], upload: [] as UploadPhase[] }));
    for (let rep = 0; rep < reps; rep++) {
      // Videos 10 MB, videos 40 MB, images, then again: drift on a shared machine hits every kind alike.
      for (const index of [1, 2, 0]) {
        const file = files[index]!;
        const entry = results[index]!;
        entry.disk.push(await diskCopyPhase(path.join(dataDirs[index]!, 'disk-copy'), file));
        const phase = await uploadPhase(servers[index]!, file);
        entry.upload.push(phase);
        // The stored files are not needed again: keep dirty pages and disk use from piling up.
        await rm(path.join(dataDirs[index]!, 'media'), { recursive: true, force: true });
        console.log(
          `  run ${rep + 1} ${file.label.padEnd(13)} ${phase.mbPerSecond.toFixed(1).padStart(6)} MB/s in ${phase.seconds.toFixed(2).padStart(5)} s ` +
            `(disk copy ${entry.disk.at(-1)!.toFixed(0)} MB/s) | server RSS ${mb(phase.idle.rss)} → ${mb(phase.peakRss)}, ` +
            `CPU ${phase.cpuSeconds.toFixed(1)} s, event loop ${(phase.eventLoopUtilization * 100).toFixed(0)}% busy | ` +
            `client CPU ${phase.clientCpuSeconds.toFixed(1)} s | bodies sent by ${phase.lastBodySent.toFixed(2)} s, ` +
            `answers ${phase.firstAnswer.toFixed(2)}–${phase.lastAnswer.toFixed(2)} s`,
        );
      }
    }

    const summary = files.map((file, index) => {
      const { disk, upload } = results[index]!;
      const pick = (key: keyof UploadPhase) => median(upload.map((phase) => phase[key] as number));
      // Growth is counted from the first idle reading (after warm-up and GC, before any load): RSS
      // a run leaves behind stays counted in the next runs' peaks, as it stays in the server.
      const idle = upload[0]!.idle;
      const growths = upload.map((phase) => phase.peakRss - idle.rss);
      return {
        file,
        disk: median(disk),
        mbPerSecond: pick('mbPerSecond'),
        seconds: pick('seconds'),
        ratio: median(upload.map((phase, run) => phase.mbPerSecond / disk[run]!)),
        idle: idle.rss,
        peak: Math.max(...upload.map((phase) => phase.peakRss)),
        growth: Math.max(...growths),
        growths,
        sampledGrowth: Math.max(...upload.map((phase) => phase.sampledPeakRss)) - idle.rss,
        external: Math.max(...upload.map((phase) => phase.peak.external)) - idle.external,
        heap: Math.max(...upload.map((phase) => phase.peak.heapUsed)) - idle.heapUsed,
        cpu: pick('cpuSeconds'),
        runs: upload.map((phase) => phase.mbPerSecond),
        kernelPeak: upload.every((phase) => phase.kernelPeak),
      };
    });

    console.log('');
    console.log(
      [
        'phase'.padEnd(20),
        'file'.padStart(8),
        'disk copy'.padStart(10),
        'upload'.padStart(11),
        'runs MB/s'.padEnd(20),
        '× disk'.padStart(6),
        'server RSS idle → peak'.padStart(23),
        'growth'.padStart(7),
        'external'.padStart(8),
        'heap'.padStart(6),
        'CPU s'.padStart(5),
      ].join(' '),
    );
    for (const row of summary) {
      console.log(
        [
          `upload ${row.file.label}`.padEnd(20),
          mb(row.file.bytes.length).padStart(8),
          `${row.disk.toFixed(0)} MB/s`.padStart(10),
          `${row.mbPerSecond.toFixed(1)} MB/s`.padStart(11),
          row.runs
            .map((value) => value.toFixed(1))
            .join(' / ')
            .padEnd(20),
          row.ratio.toFixed(3).padStart(6),
          `${mb(row.idle)} → ${mb(row.peak)}`.padStart(23),
          signedMb(row.growth).padStart(7),
          signedMb(row.external).padStart(8),
          signedMb(row.heap).padStart(6),
          row.cpu.toFixed(1).padStart(5),
        ].join(' '),
      );
    }
    console.log(
      `(MB = 10^6 bytes; throughput, × disk and CPU are medians of the runs. Disk copy: ${concurrency} concurrent ` +
        `fs.writeFile of the same bytes into DATA_DIR's filesystem, just before each upload run. Peak RSS: ` +
        `${summary.every((row) => row.kernelPeak) ? 'kernel VmHWM reset before each run, never below the' : 'the'} ` +
        `${sampleEveryMs} ms samples, highest of the runs; growth = peak − idle RSS read after warm-up and GC ` +
        `before the first run; external/heap: the same for the sampled Buffer memory and V8 heap)`,
    );

    console.log('');
    for (const row of summary) {
      console.log(
        `${row.file.label}: ${concurrency} × ${mb(row.file.bytes.length)} in ${row.seconds.toFixed(2)} s = ${row.mbPerSecond.toFixed(1)} MB/s ` +
          `(${row.ratio.toFixed(3)} × disk copy ${row.disk.toFixed(0)} MB/s); server peak RSS ${signedMb(row.growth)} ` +
          `(runs ${row.growths.map((growth) => signedMb(growth)).join(' ')}), ${row.cpu.toFixed(1)} CPU s`,
      );
    }
    const [, small, large] = summary;
    for (const row of [small!, large!]) {
      const perUpload = row.growth / concurrency;
      console.log(
        `${row.file.label}: ${signedMb(row.growth)} for ${concurrency} uploads in flight = ${(perUpload / MB).toFixed(2)} MB ` +
          `per upload, ${((100 * perUpload) / row.file.bytes.length).toFixed(1)}% of its file (buffering: ≥ 100%)`,
      );
    }
    const sizes = `${mb(large!.file.bytes.length)} files / ${mb(small!.file.bytes.length)} files`;
    console.log(
      `videos: peak RSS growth ${sizes} = ${(large!.growth / small!.growth).toFixed(2)} ` +
        `(${signedMb(large!.growth)} / ${signedMb(small!.growth)}; Buffer memory ${signedMb(large!.external)} / ` +
        `${signedMb(small!.external)} = ${(large!.external / small!.external).toFixed(2)}; streaming: stays near 1, ` +
        `buffering whole files: near ${(large!.file.bytes.length / small!.file.bytes.length).toFixed(0)})`,
    );

    const steps = await imageStepTimings(path.join(root, 'steps'), files[0]!);
    const perImage = steps.prepare + steps.thumbnail;
    console.log(
      `image steps, one at a time in this process: decode alone ${steps.decode.toFixed(0)} ms; re-encode ` +
        `(decode, strip metadata, JPEG q90) ${steps.prepare.toFixed(0)} ms; thumbnail ${steps.thumbnail.toFixed(0)} ms; ` +
        `storage copy ${steps.copy.toFixed(0)} ms → ${concurrency} images ≈ ${((concurrency * perImage) / 1000).toFixed(1)} s ` +
        `of sharp work, 2 at a time on ${availableParallelism()} cores`,
    );
    console.log(`total bench time ${((performance.now() - began) / 1000).toFixed(0)} s`);
  } finally {
    if (!crash) await Promise.all(servers.map((server) => server.stop().catch(() => {})));
    stopAll();
    await rm(root, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) {
  await serve();
} else {
  try {
    await bench();
  } catch (error) {
    // A dying server's sockets may fail before its exit is seen; by now (after cleanup) it has been.
    if (crash)
      console.error(`server crashed: ${crash.message}${error === crash ? '' : ` (${String(error)})`}`);
    else console.error(error);
    process.exitCode = 1;
  }
}
