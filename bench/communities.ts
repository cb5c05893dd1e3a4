// GET /api/reddit/communities against the same bytes answered from memory on the same server,
// side by side (autocannon in a child process, so it does not share the server's event loop).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';
import { seedCommunities } from '../apps/api/src/db/seed/seed-communities.js';
import { createSession } from '../apps/api/src/modules/auth/session.repo.js';
import { sessionCookieName } from '../apps/api/src/modules/auth/session-token.js';
import { sendSerialized } from '../apps/api/src/modules/communities/communities.routes.js';
import { serializeBody, type SerializedBody } from '../apps/api/src/modules/communities/serialized-body.js';
import { requireFullAccess } from '../apps/api/src/plugins/access.js';
import { newUser } from '../apps/api/test/factories/users.js';

const seconds = 10;
const connections = 50;
const target = 0.8;
const autocannonCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('autocannon')),
  'autocannon.js',
);

async function autocannon(
  url: string,
  cookie: string,
  duration = seconds,
): Promise<{ rps: number; non2xx: number }> {
  const args = [
    autocannonCli,
    '-c',
    String(connections),
    '-d',
    String(duration),
    '-j',
    '-H',
    `cookie=${cookie}`,
    url,
  ];
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    maxBuffer: 16 * 1024 * 1024,
    timeout: (duration + 30) * 1000,
  });
  const result = JSON.parse(stdout) as { requests: { average: number }; non2xx: number };
  return { rps: result.requests.average, non2xx: result.non2xx };
}

const database = await openDatabase({});
await migrateDatabase(database);
await seedCommunities(database);
const [{ count }] = (
  await database.executeSql('select count(*)::int as count from communities where deleted_at is null')
).rows;
if (count === 0) throw new Error('seedCommunities loaded no communities; nothing to benchmark');

const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent-web-dist' }),
  database,
});
const user = await newUser(database.db);
const cookie = `${sessionCookieName}=${(await createSession(database.db, user.id)).token}`;

// The limit: the same guard and headers, the bytes handed over from a Map with no work at all.
const memory = new Map<string, SerializedBody>();
app.get(
  '/api/bench/memory',
  { onRequest: requireFullAccess },
  async (request: FastifyRequest, reply: FastifyReply) =>
    sendSerialized(request, reply, memory.get(request.url.split('?')[1] ?? '')!),
);
// For reference only: outside /api the session lookup (a database query per request) is skipped.
app.get('/bench/memory-without-session', async (request: FastifyRequest, reply: FastifyReply) =>
  sendSerialized(request, reply, memory.get('')!),
);
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const cases = [
  { label: 'no filter', query: '' },
  { label: 'category=gonewild', query: 'category=gonewild' },
];
for (const { query } of cases) {
  const response = await app.inject({ url: `/api/reddit/communities?${query}`, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`list answered ${response.statusCode}: ${response.body}`);
  memory.set(query, serializeBody(JSON.parse(response.body)));
  if (!memory.get(query)!.bytes.equals(response.rawPayload))
    throw new Error('memory bytes differ from the list');
}

await autocannon(`${base}/api/reddit/communities`, cookie, 2); // warm-up, not reported
console.log(
  `autocannon: ${connections} connections, ${seconds} s per route (two halves), ${count} communities, loopback`,
);
let allMet = true;
// List, memory, memory, list in halves: drift on a shared machine (other load, GC, JIT) cancels out.
async function sideBySide(listUrl: string, memoryUrl: string) {
  const half = seconds / 2;
  const [list1, limit1, limit2, list2] = [
    await autocannon(listUrl, cookie, half),
    await autocannon(memoryUrl, cookie, half),
    await autocannon(memoryUrl, cookie, half),
    await autocannon(listUrl, cookie, half),
  ];
  const both = (a: typeof list1, b: typeof list1) => ({
    rps: (a.rps + b.rps) / 2,
    non2xx: a.non2xx + b.non2xx,
  });
  return { list: both(list1, list2), limit: both(limit1, limit2) };
}

for (const { label, query } of cases) {
  const { list, limit } = await sideBySide(
    `${base}/api/reddit/communities?${query}`,
    `${base}/api/bench/memory?${query}`,
  );
  const ratio = list.rps / limit.rps;
  allMet &&= ratio >= target && list.non2xx === 0;
  const bytes = memory.get(query)!.bytes.length;
  console.log(
    `${label.padEnd(18)} list ${list.rps.toFixed(0).padStart(6)} req/s | memory ${limit.rps.toFixed(0).padStart(6)} req/s | ` +
      `ratio ${ratio.toFixed(2)} ${ratio >= target ? 'meets' : 'MISSES'} ${target} | ${bytes} bytes` +
      (list.non2xx + limit.non2xx > 0 ? ` | non-2xx: ${list.non2xx}/${limit.non2xx}` : ''),
  );
}
const bare = await autocannon(`${base}/bench/memory-without-session`, cookie, seconds / 2);
console.log(
  `reference: the no-filter bytes without the session lookup ${bare.rps.toFixed(0)} req/s (not part of the target)`,
);
console.log(allMet ? `target met: every ratio >= ${target}` : `target missed: some ratio < ${target}`);
await app.close();
await database.close();
if (!allMet) process.exitCode = 1;
