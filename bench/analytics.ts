// POST /api/analytics/events under load: the real server (apps/api/src/server.ts) as a child process
// on PostgreSQL, many browser-like clients each with its own analytics session, CSRF token and a
// queue that puts a failed batch back (as the tracker does). Prints events/s and p99 latency for
// batches of 5 and of 50 beside a bare multi-row INSERT of the same rows, then stops the server
// mid-run (SIGTERM, SIGKILL if it lingers), starts it again, and checks that no event was lost.
//
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server; default postgres://postgres@127.0.0.1:5432/test
//   ANALYTICS_BENCH_CLIENTS=64  ANALYTICS_BENCH_SECONDS=15 (each sustained run)  ANALYTICS_BENCH_KILL=sigterm|sigkill
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';
import {
  createDatabase,
  databaseUrlFor,
  dropDatabase,
  withAdminClient,
} from '../apps/api/test/db/postgres-admin.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clients = Number(process.env.ANALYTICS_BENCH_CLIENTS ?? 64);
const runSeconds = Number(process.env.ANALYTICS_BENCH_SECONDS ?? 15);
const killSignal = process.env.ANALYTICS_BENCH_KILL === 'sigkill' ? 'SIGKILL' : 'SIGTERM';
const targetEventsPerSecond = 10_000;
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
// Raised for the run: 64 clients share one address, and the point is the endpoint's capacity.
const rateLimitEnv = {
  ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_SESSION: '10000000',
  ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_IP: '100000000',
};

const kinds = ['page_view', 'click', 'scroll_depth', 'feature_usage', 'page_end'] as const;
const dataOf: Record<(typeof kinds)[number], Record<string, unknown>> = {
  page_view: { title: 'Dashboard' },
  click: { element: 'button', href: '/pricing', text: 'Upgrade', type: 'cta' },
  scroll_depth: { depth: 75 },
  feature_usage: { feature: 'imageshield', action: 'protect' },
  page_end: { path: '/dashboard', timeOnPage: 12.5, scrollDepth: 80, exitPage: false },
};

interface BenchEvent {
  id: string;
  sessionId: string;
  type: (typeof kinds)[number];
  timestamp: string;
  page: string;
  eventType: string;
  referrer: string | null;
  data: Record<string, unknown>;
}

function makeEvent(run: string, client: number, seq: number, sessionId: string): BenchEvent {
  const type = kinds[seq % kinds.length]!;
  return {
    id: `${run}-c${client}-n${seq}`,
    sessionId,
    type,
    timestamp: new Date().toISOString(),
    page: '/dashboard',
    eventType: 'interaction',
    referrer: seq % 7 === 0 ? 'https://www.reddit.com/' : null,
    data: dataOf[type],
  };
}

function quantile(sorted: number[], q: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- the server ---------------------------------------------------------------------------------

class ServerProcess {
  child: ChildProcess | undefined;
  constructor(
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  async start() {
    // ANALYTICS_BENCH_SERVER_ARGS adds Node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    const extra = (process.env.ANALYTICS_BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(
      process.execPath,
      [...extra, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')],
      {
        cwd: root,
        env: this.env,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    this.child = child;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} while starting`);
      const ok = await fetch(`http://127.0.0.1:${this.port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await sleep(100);
    }
    throw new Error('server did not answer /healthz within 60 s');
  }

  /** SIGTERM (graceful: in-flight requests finish, new ones get 503), SIGKILL after 5 s if still alive. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<string> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return 'not running';
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const inTime = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)]);
    if (inTime) return `${signal}: exited`;
    child.kill('SIGKILL');
    await exited;
    return `${signal}: still running after 5 s, SIGKILLed`;
  }
}

// ---- browser-like clients -----------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: clients * 2 });

function request(
  port: number,
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: string,
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method, path: urlPath, headers, agent, timeout: 30_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString(),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body);
    },
  );
}

interface RunResult {
  generated: number;
  acknowledged: number;
  accepted: number;
  duplicates: number;
  failures: number;
  /** Stored while new events were still being made: the sustained rate, without the final drain. */
  acceptedWhileGenerating: number;
  latencies: number[];
  seconds: number;
}

/**
 * `clients` loops, each with its own session id, CSRF cookie and token and a queue: a batch leaves
 * the queue only when the server answered 200; otherwise it goes back to the front and is re-sent.
 * New events are made for `seconds`; then the queues drain.
 */
async function runClients(
  port: number,
  run: string,
  batchSize: number,
  seconds: number,
  during?: () => Promise<void>,
): Promise<RunResult> {
  const result: RunResult = {
    generated: 0,
    acknowledged: 0,
    accepted: 0,
    duplicates: 0,
    failures: 0,
    acceptedWhileGenerating: 0,
    latencies: [],
    seconds: 0,
  };
  const started = performance.now();
  const generateUntil = started + seconds * 1000;
  let measuredUntil = 0;

  async function client(index: number) {
    const sessionId = `${run}-s${index}-${randomBytes(4).toString('hex')}`;
    let credentials: { cookie: string; token: string } | undefined;
    const queue: BenchEvent[] = [];
    let seq = 0;
    while (true) {
      const generating = performance.now() < generateUntil;
      while (generating && queue.length < batchSize) {
        queue.push(makeEvent(run, index, seq++, sessionId));
        result.generated++;
      }
      if (queue.length === 0) return;
      const batch = queue.splice(0, batchSize);
      try {
        credentials ??= await csrfCredentials(port);
        const sentAt = performance.now();
        const response = await request(
          port,
          'POST',
          '/api/analytics/events',
          {
            'content-type': 'application/json',
            cookie: credentials.cookie,
            'x-csrf-token': credentials.token,
            'user-agent': 'bench-browser/1.0',
          },
          JSON.stringify({ events: batch }),
        );
        if (response.status !== 200)
          throw new Error(`HTTP ${response.status}: ${response.body.slice(0, 200)}`);
        const answer = JSON.parse(response.body) as {
          accepted: number;
          duplicates: number;
          rejected: number;
        };
        if (answer.rejected > 0)
          throw new Error(`server rejected ${answer.rejected} bench events: ${response.body.slice(0, 300)}`);
        const now = performance.now();
        if (now <= generateUntil) {
          result.latencies.push(now - sentAt);
          result.acceptedWhileGenerating += answer.accepted;
          measuredUntil = now;
        }
        result.acknowledged += batch.length;
        result.accepted += answer.accepted;
        result.duplicates += answer.duplicates;
      } catch (error) {
        if ((error as Error).message.startsWith('server rejected')) throw error;
        // As the tracker does: the batch goes back to the front of the queue and is sent again later.
        queue.unshift(...batch);
        result.failures++;
        await sleep(50 + Math.random() * 100);
      }
    }
  }

  const loops = Array.from({ length: clients }, (_, index) => client(index));
  await Promise.all([...loops, during?.()]);
  result.seconds = (measuredUntil - started) / 1000;
  return result;
}

async function csrfCredentials(port: number) {
  const response = await request(port, 'GET', '/api/csrf-token', {});
  if (response.status !== 200) throw new Error(`csrf-token: HTTP ${response.status}`);
  const cookie = (response.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
  return { cookie, token: (JSON.parse(response.body) as { csrfToken: string }).csrfToken };
}

// ---- the baseline: the same rows straight into PostgreSQL -----------------------------------------

const columns = [
  'client_event_id',
  'type',
  'event_type',
  'page',
  'referrer',
  'session_id',
  'visitor_hash',
  'occurred_at',
  'data',
];

async function runBareInserts(databaseUrl: string, run: string, batchSize: number, seconds: number) {
  // As many connections as the server's pool (apps/api/src/db/client.ts), driven by as many loops as clients.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const visitorHash = randomBytes(32).toString('hex');
  const latencies: number[] = [];
  let inserted = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const placeholders = Array.from(
    { length: batchSize },
    (_, row) => `(${columns.map((_, col) => `$${row * columns.length + col + 1}`).join(', ')})`,
  ).join(', ');
  const text = `insert into analytics_events (${columns.join(', ')}) values ${placeholders} on conflict (client_event_id) do nothing`;
  async function loop(index: number) {
    let seq = 0;
    while (performance.now() < until) {
      const values: unknown[] = [];
      for (let n = 0; n < batchSize; n++) {
        const event = makeEvent(run, index, seq++, `${run}-s${index}`);
        values.push(
          event.id,
          event.type,
          event.eventType,
          event.page,
          event.referrer,
          event.sessionId,
          visitorHash,
          event.timestamp,
          JSON.stringify(event.data),
        );
      }
      const sentAt = performance.now();
      const result = await pool.query(text, values);
      latencies.push(performance.now() - sentAt);
      inserted += result.rowCount ?? 0;
    }
  }
  await Promise.all(Array.from({ length: clients }, (_, index) => loop(index)));
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  return {
    eventsPerSecond: inserted / elapsed,
    p99: quantile(
      latencies.sort((a, b) => a - b),
      0.99,
    ),
  };
}

// ---- the run ------------------------------------------------------------------------------------

const name = `bench_analytics_${randomBytes(4).toString('hex')}`;
try {
  await withAdminClient(serverUrl, (client) => createDatabase(client, name));
} catch (error) {
  console.log(
    `skipped: needs PostgreSQL at ${new URL(serverUrl).host} (set BENCH_DATABASE_URL): ${(error as Error).message}`,
  );
  process.exit(0);
}
const databaseUrl = databaseUrlFor(serverUrl, name);
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-analytics-'));
const database = await openDatabase({ databaseUrl });
let server: ServerProcess | undefined;
let failed = false;

try {
  await migrateDatabase(database);
  const port = await freePort();
  server = new ServerProcess(port, {
    ...process.env,
    ...rateLimitEnv,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
  });
  await server.start();
  console.log(
    `${clients} clients, one server process on PostgreSQL (${name}), ${runSeconds} s per run; rate limits raised for the run: ` +
      `${rateLimitEnv.ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_SESSION} batches/min per session, ${rateLimitEnv.ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_IP} per address`,
  );

  // A yardstick for how busy the machine is: the same clients on the cheapest route there is.
  let healthCalls = 0;
  const healthUntil = performance.now() + 3_000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < healthUntil) {
        await request(port, 'GET', '/healthz', {});
        healthCalls++;
      }
    }),
  );
  console.log(
    `machine check: GET /healthz ${(healthCalls / 3).toFixed(0)} requests/s with the same clients (compare the events/s below with this when the machine is busy)`,
  );

  const countRows = async (run: string) => {
    const { rows } = await database.executeSql(
      `select count(*)::int as n from analytics_events where client_event_id like $1`,
      [`${run}-%`],
    );
    return Number(rows[0].n);
  };
  const runs: string[] = [];
  const generatedByRun = new Map<string, number>();
  const throughput: Record<number, number> = {};

  for (const batchSize of [5, 50]) {
    const run = `b${batchSize}${randomBytes(3).toString('hex')}`;
    runs.push(run);
    const result = await runClients(port, run, batchSize, runSeconds);
    generatedByRun.set(run, result.generated);
    const rate = result.acceptedWhileGenerating / Math.max(result.seconds, 0.001);
    throughput[batchSize] = rate;
    const sorted = result.latencies.sort((a, b) => a - b);
    const bare = await runBareInserts(databaseUrl, `raw${run}`, batchSize, runSeconds);
    console.log(
      `batches of ${String(batchSize).padStart(2)}: server ${rate.toFixed(0).padStart(6)} events/s, p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms` +
        ` (${result.failures} failed sends re-queued) | bare INSERT ${bare.eventsPerSecond.toFixed(0).padStart(6)} events/s, p99 ${bare.p99.toFixed(1)} ms` +
        ` | server/bare ${(rate / bare.eventsPerSecond).toFixed(2)}; target ${targetEventsPerSecond}/s: ratio ${(rate / targetEventsPerSecond).toFixed(2)}`,
    );
  }

  // The server is stopped a third of the way in and started again; the clients keep their queues.
  const run = `k${randomBytes(3).toString('hex')}`;
  runs.push(run);
  let restartNote = '';
  const killSeconds = Math.max(1, Math.round(runSeconds / 3));
  const restart = async () => {
    await sleep(killSeconds * 1000);
    const stoppedAt = performance.now();
    const how = await server!.stop(killSignal);
    await server!.start();
    restartNote = `${how}, back after ${((performance.now() - stoppedAt) / 1000).toFixed(1)} s`;
  };
  const killed = await runClients(port, run, 5, runSeconds, restart);
  generatedByRun.set(run, killed.generated);
  console.log(
    `restart run (batches of 5, server stopped at ${killSeconds} s: ${restartNote}): ${killed.generated} events made, ` +
      `${killed.failures} failed sends re-queued, ${killed.duplicates} re-sent events the server already had`,
  );

  let lost = 0;
  for (const r of runs) {
    const stored = await countRows(r);
    const made = generatedByRun.get(r)!;
    lost += made - stored;
    if (stored !== made) console.log(`run ${r}: made ${made}, stored ${stored}`);
  }
  const total = [...generatedByRun.values()].reduce((sum, n) => sum + n, 0);
  console.log(`events made ${total}, rows stored ${total - lost}; lost: ${lost}`);
  if (lost !== 0) failed = true;
  if ((throughput[5] ?? 0) < targetEventsPerSecond)
    console.log(
      `below target with batches of 5 (${(throughput[5] ?? 0).toFixed(0)} < ${targetEventsPerSecond} events/s)`,
    );
} catch (error) {
  console.error('bench failed:', error);
  failed = true;
} finally {
  await server?.stop('SIGTERM');
  agent.destroy();
  await database.close();
  await withAdminClient(serverUrl, (client) => dropDatabase(client, name));
  await rm(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
