// Does compressing API answers pay (issue 22, point 1)? For real answers of the server at a
// creator's real sizes (one page of each paged list, the communities list), side by side:
// bytes as JSON, brotli (quality 4, @fastify/compress's default) and gzip; the CPU each costs the
// server per answer; and the transfer time each saves on Lighthouse's simulated mobile network
// (1.6 Mbit/s) and on 20 Mbit/s broadband. It pays where the time saved is far above the CPU spent.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';
import { seedCommunities } from '../apps/api/src/db/seed/seed-communities.js';
import { seedCreator } from './support/creator-data.js';

const repeats = 200;
const networks = [
  { name: 'phone 1.6 Mbit/s', bitsPerSecond: 1.6e6 },
  { name: 'broadband 20 Mbit/s', bitsPerSecond: 20e6 },
];
const answers = [
  '/api/media?limit=50',
  '/api/posts/scheduled?limit=50',
  '/api/content-generations?limit=50',
  '/api/reddit/communities',
];

const dataDir = await mkdtemp(path.join(tmpdir(), 'compression-bench-'));
const database = await openDatabase({});
await migrateDatabase(database);
await seedCommunities(database);
const creator = await seedCreator(database.db, path.join(dataDir, 'media'), 'large', {
  gallery: 200,
  scheduled: 200,
  history: 200,
});
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: '/nonexistent-web-dist',
  }),
  database,
});

function cpuMs(compress: () => Buffer): number {
  const started = performance.now();
  for (let n = 0; n < repeats; n++) compress();
  return (performance.now() - started) / repeats;
}

const transferMs = (bytes: number, bitsPerSecond: number) => ((bytes * 8) / bitsPerSecond) * 1000;
const pad = (text: string | number, width: number) => String(text).padStart(width);

console.log(`Per answer: size in KB, server CPU in ms (mean of ${repeats}), transfer time saved in ms`);
console.log(
  `${'answer'.padEnd(36)}${pad('JSON KB', 9)}${pad('br KB', 8)}${pad('gzip KB', 9)}${pad('br CPU', 8)}${pad('gzip CPU', 10)}${networks.map((network) => pad(`saved ${network.name}`, 30)).join('')}`,
);
for (const url of answers) {
  const response = await app.inject({ method: 'GET', url, headers: { cookie: creator.cookie } });
  if (response.statusCode !== 200) throw new Error(`${url}: HTTP ${response.statusCode} ${response.body}`);
  const body = response.rawPayload;
  const brotli = () =>
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  const gzip = () => gzipSync(body);
  const brBytes = brotli().length;
  const gzipBytes = gzip().length;
  const brCpu = cpuMs(brotli);
  const savings = networks.map((network) => {
    const saved = transferMs(body.length - brBytes, network.bitsPerSecond);
    return pad(`${saved.toFixed(1)} (${(saved / brCpu).toFixed(0)}× the CPU)`, 30);
  });
  console.log(
    `${url.padEnd(36)}${pad((body.length / 1024).toFixed(1), 9)}${pad((brBytes / 1024).toFixed(1), 8)}${pad((gzipBytes / 1024).toFixed(1), 9)}${pad(brCpu.toFixed(2), 8)}${pad(cpuMs(gzip).toFixed(2), 10)}${savings.join('')}`,
  );
}

await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
