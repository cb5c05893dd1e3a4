// Tracked-link redirects (issue 25): GET /l/<code> on PostgreSQL, each click stored (group commit)
// before the 302, against a static 302 answered from memory by the same server, side by side
// (autocannon in a child process, 64 connections). Prints requests/s, p99, the ratio (target >= 0.7)
// and whether every answered redirect left a stored click (0 lost).
//
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL): PostgreSQL server; default postgres://postgres@127.0.0.1:5432/postgres
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';
import { linkClicks } from '../apps/api/src/db/schema/index.js';
import { newUser } from '../apps/api/test/factories/users.js';
import { signedInClient } from '../apps/api/test/test-client.js';
import {
  createDatabase,
  databaseUrlFor,
  dropDatabase,
  withAdminClient,
} from '../apps/api/test/db/postgres-admin.js';

const seconds = 10;
const connections = 64;
const target = 0.7;
const autocannonCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('autocannon')),
  'autocannon.js',
);
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

interface Run {
  rps: number;
  p99: number;
  redirects: number;
  other: number;
}

async function autocannon(url: string, duration: number): Promise<Run> {
  const args = [
    autocannonCli,
    '-c',
    String(connections),
    '-d',
    String(duration),
    '-j',
    '-H',
    'user-agent=Mozilla/5.0 (bench)',
    url,
  ];
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    maxBuffer: 16 * 1024 * 1024,
    timeout: (duration + 30) * 1000,
  });
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p99: number };
    '3xx': number;
    '1xx': number;
    '2xx': number;
    '4xx': number;
    '5xx': number;
    errors: number;
  };
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    redirects: result['3xx'],
    other: result['1xx'] + result['2xx'] + result['4xx'] + result['5xx'] + result.errors,
  };
}

const name = `bench_links_${randomBytes(4).toString('hex')}`;
try {
  await withAdminClient(databaseUrlFor(serverUrl, 'postgres'), (client) => createDatabase(client, name));
} catch (error) {
  console.log(
    `skipped: needs PostgreSQL at ${new URL(serverUrl).host} (set BENCH_DATABASE_URL): ${(error as Error).message}`,
  );
  process.exit(0);
}
const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, name) });
try {
  await migrateDatabase(database);
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    }),
    database,
  });
  // The limit: the same server, a 302 with the same headers and no lookup or write at all.
  app.get('/bench/static-302', async (_request, reply) =>
    reply
      .code(302)
      .header('location', 'https://onlyfans.com/bench')
      .header('cache-control', 'private, no-store')
      .send(),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const user = await newUser(database.db, { tier: 'pro' });
  const client = await signedInClient(app, database.db, user);
  const created = await client.inject({
    method: 'POST',
    url: '/api/links',
    payload: { label: 'Bench', targetUrl: 'https://onlyfans.com/bench' },
  });
  const { link } = created.json<{ link: { id: string; code: string } }>();

  await autocannon(`${base}/l/${link.code}`, 2); // warm-up
  const stored = async () =>
    (await database.db.select({ n: count() }).from(linkClicks).where(eq(linkClicks.linkId, link.id)))[0]!.n;
  const before = await stored();
  // Link, static, static, link in halves: drift on a shared machine cancels out.
  const half = seconds / 2;
  const runs = [
    await autocannon(`${base}/l/${link.code}`, half),
    await autocannon(`${base}/bench/static-302`, half),
    await autocannon(`${base}/bench/static-302`, half),
    await autocannon(`${base}/l/${link.code}`, half),
  ];
  const linkRuns = [runs[0]!, runs[3]!];
  const staticRuns = [runs[1]!, runs[2]!];
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const linkRps = mean(linkRuns.map((r) => r.rps));
  const staticRps = mean(staticRuns.map((r) => r.rps));
  const ratio = linkRps / staticRps;
  const answered = linkRuns.reduce((sum, r) => sum + r.redirects, 0);
  // Clicks are written a moment after the redirect: wait for the writer, then compare. Autocannon does
  // not count answers that arrive after its timer, which are stored all the same, hence at least.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const kept = (await stored()) - before;
  const lost = Math.max(0, answered - kept);
  console.log(
    `autocannon: ${connections} connections, ${seconds} s per route (two halves), PostgreSQL, loopback`,
  );
  console.log(
    `/l/<code>   ${linkRps.toFixed(0).padStart(6)} req/s, p99 ${Math.max(...linkRuns.map((r) => r.p99))} ms | ` +
      `static 302 ${staticRps.toFixed(0).padStart(6)} req/s, p99 ${Math.max(...staticRuns.map((r) => r.p99))} ms | ` +
      `ratio ${ratio.toFixed(2)} ${ratio >= target ? 'meets' : 'MISSES'} ${target}`,
  );
  console.log(
    `clicks: ${answered} redirects counted by the client, ${kept} stored, lost ${lost} (must be 0); other answers ${linkRuns.reduce((s, r) => s + r.other, 0)}`,
  );
  if (ratio < target || lost !== 0) process.exitCode = 1;
  await app.close();
} finally {
  await database.close();
  await withAdminClient(databaseUrlFor(serverUrl, 'postgres'), (client) => dropDatabase(client, name));
}
