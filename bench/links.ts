// Tracked-link redirects: GET /l/<code> on PostgreSQL, each click queued and written by the group
// commit a moment after the 302, against a static 302 answered from memory by the same server, side
// by side (autocannon in a child process, 64 connections), once as autocannon floods (one client) and
// once with a new visitor per click. Prints requests/s, p99, the ratio (target >= 0.7, on autocannon
// as is) and whether every answered redirect left a stored click (0 lost), also across a SIGTERM
// restart of the real server process under load.
//
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL): PostgreSQL server; default postgres://postgres@127.0.0.1:5432/postgres
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';
import { linkClicks } from '../apps/api/src/db/schema/index.js';
import { newUser } from '../apps/api/test/factories/users.js';
import { signedInClient } from '../apps/api/test/test-client.js';
import { freePort, ServerProcess, serverEnv } from './support/server-process.js';
import {
  createDatabase,
  databaseUrlFor,
  dropDatabase,
  withAdminClient,
} from '../apps/api/test/db/postgres-admin.js';

const seconds = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
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

/**
 * `visitors: 'one'` is autocannon's plain flood (one client, so repeats fold into one row per batch);
 * `'many'` gives every request its own user agent, so each click is a new visitor and its own row.
 */
async function autocannon(url: string, duration: number, visitors: 'one' | 'many'): Promise<Run> {
  const agent = visitors === 'one' ? 'Mozilla/5.0 (bench)' : 'Mozilla/5.0 (bench [<id>])';
  const args = [
    autocannonCli,
    '-c',
    String(connections),
    '-d',
    String(duration),
    '-j',
    ...(visitors === 'many' ? ['-I'] : []),
    '-H',
    `user-agent=${agent}`,
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

  await autocannon(`${base}/l/${link.code}`, 2, 'one'); // warm-up
  const stored = async () =>
    (
      await database.db
        .select({ n: sql<number>`coalesce(sum(${linkClicks.hits}), 0)::int` })
        .from(linkClicks)
        .where(eq(linkClicks.linkId, link.id))
    )[0]!.n;
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const half = seconds / 2;
  let lostTotal = 0;
  let ratioOneVisitor = 0;
  console.log(
    `autocannon: ${connections} connections, ${seconds} s per route (two halves), PostgreSQL, loopback`,
  );
  for (const visitors of ['one', 'many'] as const) {
    const before = await stored();
    // Link, static, static, link in halves: drift on a shared machine cancels out.
    const runs = [
      await autocannon(`${base}/l/${link.code}`, half, visitors),
      await autocannon(`${base}/bench/static-302`, half, visitors),
      await autocannon(`${base}/bench/static-302`, half, visitors),
      await autocannon(`${base}/l/${link.code}`, half, visitors),
    ];
    const linkRuns = [runs[0]!, runs[3]!];
    const staticRuns = [runs[1]!, runs[2]!];
    const linkRps = mean(linkRuns.map((r) => r.rps));
    const staticRps = mean(staticRuns.map((r) => r.rps));
    const ratio = linkRps / staticRps;
    if (visitors === 'one') ratioOneVisitor = ratio;
    const answered = linkRuns.reduce((sum, r) => sum + r.redirects, 0);
    // Clicks are written a moment after the redirect: wait for the writer, then compare. Autocannon
    // does not count answers that arrive after its timer, which are stored all the same, hence at least.
    await sleep(1000);
    const kept = (await stored()) - before;
    const lost = Math.max(0, answered - kept);
    lostTotal += lost;
    console.log(
      `${visitors === 'one' ? 'one client (autocannon as is)' : 'a new visitor per click     '} ` +
        `/l/<code> ${linkRps.toFixed(0).padStart(6)} req/s, p99 ${Math.max(...linkRuns.map((r) => r.p99))} ms | ` +
        `static 302 ${staticRps.toFixed(0).padStart(6)} req/s, p99 ${Math.max(...staticRuns.map((r) => r.p99))} ms | ` +
        `ratio ${ratio.toFixed(2)} ${ratio >= target ? 'meets' : 'MISSES'} ${target}` +
        ` | ${answered} answered, ${kept} stored, lost ${lost}; other answers ${linkRuns.reduce((n, r) => n + r.other, 0)}`,
    );
  }

  // 0 lost across a restart: the real server as its own process, flooded while it is stopped with
  // SIGTERM and started again; every redirect autocannon saw answered must be a stored click.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-links-'));
  const port = await freePort();
  const server = new ServerProcess(
    port,
    serverEnv(port, dataDir, { DATABASE_URL: databaseUrlFor(serverUrl, name), LOG_LEVEL: 'warn' }),
  );
  try {
    await server.start();
    const before = await stored();
    const flood = autocannon(`${server.url}/l/${link.code}`, 8, 'many');
    await sleep(3000);
    const stopped = await server.stop('SIGTERM');
    await server.start();
    const run = await flood;
    await sleep(1000);
    const kept = (await stored()) - before;
    const lost = Math.max(0, run.redirects - kept);
    lostTotal += lost;
    console.log(
      `restart (${stopped}, started again) under load: ${run.redirects} redirects answered, ${kept} clicks stored, lost ${lost} (must be 0)`,
    );
  } finally {
    await server.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
  if (ratioOneVisitor < target || lostTotal !== 0) process.exitCode = 1;
  await app.close();
} finally {
  await database.close();
  await withAdminClient(databaseUrlFor(serverUrl, 'postgres'), (client) => dropDatabase(client, name));
}
