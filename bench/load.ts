// A mixed workload of signed-in users against the real server (apps/api/src/server.ts as child
// processes): mostly reads (communities, media, history, quota, settings, scheduled posts), plus
// analytics batches, captions from the built-in offline writer, small image uploads and scheduled
// posts on a linked Reddit stand-in account. Concurrency rises step by step until p99 passes
// 250 ms, on PGlite, on PostgreSQL, and on PostgreSQL with two server processes behind a
// round-robin proxy; then a faults phase restarts processes and cuts the database under load.
// See docs/load-testing.md.
//
//   LOAD_BENCH_SECONDS=60 (each step)  LOAD_BENCH_STEPS=8,16,32,64,128,256,512  LOAD_BENCH_USERS=64
//   LOAD_BENCH_MODES=pglite,postgres,two-processes,faults (any of them)  LOAD_BENCH_CUT_SECONDS=4
//   LOAD_BENCH_ONLY="list media" (one operation alone)  LOAD_BENCH_POOL_SIZE (connections, all processes)
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL); default postgres://postgres@127.0.0.1:5432/test
//   LOAD_BENCH_DATABASE_TRANSPORT=socket (a local server's Unix socket when there is one) or tcp
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/client.js';
import {
  createDatabase,
  databaseUrlFor,
  dropDatabase,
  withAdminClient,
} from '../apps/api/test/db/postgres-admin.js';
import { RedditStandIn } from '../apps/api/test/stand-ins/reddit.js';
import { browserConnections, httpRequest } from './support/browser-client.js';
import { describeMix, type Acknowledged, type LoadUser } from './support/load-mix.js';
import { prepareDatabase, signInUsers } from './support/load-setup.js';
import {
  formatMixDone,
  formatOperationLatencies,
  formatStep,
  quantile,
  runStep,
  stepHeader,
  type StepResult,
} from './support/load-steps.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './support/round-robin-proxy.js';
import { freePort, ServerProcess, serverEnv } from './support/server-process.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';
import { startCpuMeter } from './support/cpu-meter.js';
import { chooseDatabaseTransport } from './support/database-transport.js';

const stepSeconds = Number(process.env.LOAD_BENCH_SECONDS ?? 60);
const steps = (process.env.LOAD_BENCH_STEPS ?? '8,16,32,64,128,256,512').split(',').map(Number);
const userCount = Number(process.env.LOAD_BENCH_USERS ?? 64);
const modes = new Set((process.env.LOAD_BENCH_MODES ?? 'pglite,postgres,two-processes,faults').split(','));
const cutSeconds = Number(process.env.LOAD_BENCH_CUT_SECONDS ?? 4);
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const databaseTransport = chooseDatabaseTransport(serverUrl);
// PostgreSQL runs on this machine: about twice its cores in connections, over all server processes,
// keeps its backends from fighting over the cores (the usual sizing; docs/load-testing.md).
const databaseConnections = Number(process.env.LOAD_BENCH_POOL_SIZE ?? 2 * availableParallelism() + 1);
const p99LimitMs = 250;
const targetRate = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Limits that would otherwise refuse the bench's own traffic: every user sends analytics from one
// address, many times a minute. The users are Pro (no daily AI limit, 50 GB storage).
const raisedLimits = {
  ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_SESSION: '10000000',
  ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_IP: '100000000',
};

interface Deployment {
  label: string;
  baseUrl: string;
  servers: ServerProcess[];
  proxy?: RoundRobinProxy;
  dbProxy?: TcpProxy;
  /** For counting rows afterwards (PostgreSQL only: PGlite belongs to the server while it runs). */
  database?: DatabaseHandle;
  users: LoadUser[];
  cleanup: () => Promise<void>;
}

const emptyAcknowledged = (): Acknowledged => ({ analyticsEventIds: [], mediaIds: [], postIds: [] });

async function deploy(
  kind: 'pglite' | 'postgres',
  processes: number,
  reddit: RedditStandIn,
  options: { dbProxy?: boolean } = {},
): Promise<Deployment> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-load-'));
  const cleanups: (() => Promise<unknown>)[] = [() => rm(dataDir, { recursive: true, force: true })];
  const cleanup = async () => {
    for (const step of cleanups.reverse())
      await step().catch((error: unknown) => console.error('cleanup:', error));
  };
  try {
    let databaseUrl: string | undefined;
    let dbProxy: TcpProxy | undefined;
    let database: DatabaseHandle | undefined;
    if (kind === 'postgres') {
      const name = `bench_load_${randomBytes(4).toString('hex')}`;
      await withAdminClient(serverUrl, (client) => createDatabase(client, name));
      cleanups.push(() => withAdminClient(serverUrl, (client) => dropDatabase(client, name)));
      databaseUrl = databaseTransport.urlFor(databaseUrlFor(serverUrl, name));
      database = await openDatabase({ databaseUrl });
      cleanups.push(() => database!.close());
      if (options.dbProxy) {
        const target = new URL(serverUrl);
        dbProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
        cleanups.push(() => dbProxy!.close());
        // The cuttable relay speaks TCP, so this deployment's servers do too.
        const proxied = new URL(databaseUrlFor(serverUrl, name));
        proxied.hostname = '127.0.0.1';
        proxied.port = String(dbProxy.port);
        databaseUrl = proxied.toString();
      }
    }
    const setupDb = database ?? (await openDatabase({ pgliteDataDir: path.join(dataDir, 'db') }));
    const prepared = await prepareDatabase(setupDb, userCount, reddit);
    if (!database) await setupDb.close();

    const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
    const proxy = processes > 1 ? await startRoundRobinProxy(ports) : undefined;
    if (proxy) cleanups.push(() => proxy.close());
    const publicUrl = proxy?.url;
    const servers = ports.map(
      (port) =>
        new ServerProcess(
          port,
          serverEnv(port, dataDir, {
            ...raisedLimits,
            ...reddit.env(),
            DATABASE_URL: databaseUrl,
            DATABASE_POOL_SIZE: String(Math.ceil(databaseConnections / processes)),
            ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
          }),
        ),
    );
    cleanups.push(async () => {
      for (const server of servers) await server.stop('SIGTERM');
    });
    // One at a time: both would migrate and seed the same database at start-up.
    for (const server of servers) await server.start();
    const baseUrl = proxy?.url ?? servers[0]!.url;
    const users = await signInUsers(baseUrl, prepared, reddit);
    const label = `${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${processes} server process${processes > 1 ? 'es behind a round-robin proxy' : ''}`;
    return { label, baseUrl, servers, proxy, dbProxy, database, users, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** The cheapest route there is, for 2 s: a yardstick for how much of the machine the bench has. */
async function healthzRate(baseUrl: string): Promise<number> {
  const agent = browserConnections();
  let calls = 0;
  const until = performance.now() + 2_000;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (performance.now() < until) {
        await httpRequest(agent, baseUrl, 'GET', '/healthz', {});
        calls++;
      }
    }),
  );
  await agent.close();
  return calls / 2;
}

/** Rising concurrency until p99 passes the limit (that step is still printed). */
async function runSteps(deployment: Deployment): Promise<StepResult[]> {
  console.log(`\n-- ${deployment.label}: ${userCount} users, ${stepSeconds} s per step`);
  console.log(
    `machine check: GET /healthz ${(await healthzRate(deployment.baseUrl)).toFixed(0)} requests/s at concurrency 32 (a busy machine shows here first)`,
  );
  // Warm-up (not reported): every code path once per user.
  await runStep(deployment.users, Math.min(8, deployment.users.length), 2, emptyAcknowledged());
  console.log(stepHeader);
  const results: StepResult[] = [];
  for (const concurrency of steps) {
    const cpuPerRequest = startCpuMeter(deployment.servers.map((server) => server.child?.pid));
    const step = await runStep(deployment.users, concurrency, stepSeconds, emptyAcknowledged());
    const cpu = cpuPerRequest(step.requests);
    results.push(step);
    console.log(`${formatStep(step)}${cpu ? `  | CPU ms per request: ${cpu}` : ''}`);
    for (const sample of step.errorSamples) console.log(`        e.g. ${sample}`);
    if (quantile(step.latencies, 0.99) > p99LimitMs) break;
  }
  const last = results.at(-1);
  if (last) {
    console.log(`mix as sent (last step): ${formatMixDone(last)}`);
    console.log(`p50/p99 ms per operation (last step): ${formatOperationLatencies(last)}`);
  }
  if (deployment.proxy) console.log(`requests per process: ${deployment.proxy.served.join(' / ')}`);
  return results;
}

/** The best step that kept p99 under the limit, beside the target. */
function verdict(results: StepResult[], needRate: boolean): boolean {
  const errors = results.reduce((sum, step) => sum + step.errors, 0);
  const within = results.filter((step) => quantile(step.latencies, 0.99) < p99LimitMs);
  const best = within.sort((a, b) => b.requests / b.seconds - a.requests / a.seconds)[0];
  const rate = best ? best.requests / best.seconds : 0;
  const rateText = best
    ? `${rate.toFixed(0)} requests/s at concurrency ${best.concurrency} with p99 < ${p99LimitMs} ms`
    : `no step kept p99 < ${p99LimitMs} ms`;
  const target = needRate
    ? `target: zero errors and ≥ ${targetRate} requests/s at p99 < ${p99LimitMs} ms`
    : 'target: zero errors';
  const met = errors === 0 && (!needRate || rate >= targetRate);
  console.log(
    `result: ${rateText}, ${errors} errors | ${target} → ${met ? 'met' : 'NOT met'}${needRate ? ` (ratio ${(rate / targetRate).toFixed(2)})` : ''}`,
  );
  return errors === 0;
}

async function readiness(server: ServerProcess): Promise<number> {
  try {
    const answer = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(5_000) });
    return answer.status;
  } catch {
    return 0;
  }
}

async function waitReady(servers: ServerProcess[], timeoutMs: number): Promise<number | undefined> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const statuses = await Promise.all(servers.map(readiness));
    if (statuses.every((status) => status === 200)) return (performance.now() - started) / 1000;
    await sleep(200);
  }
  return undefined;
}

/** Under load: SIGTERM one process, cut PostgreSQL, then SIGKILL the same process; then count what was acknowledged. */
async function runFaults(deployment: Deployment): Promise<boolean> {
  const [restarted] = deployment.servers as [ServerProcess, ServerProcess];
  const dbProxy = deployment.dbProxy!;
  const concurrency = 16;
  const acknowledged = emptyAcknowledged();
  const notes: string[] = [];
  let survived = 0;
  let injected = 0;
  const settle = Math.max(2, Math.min(stepSeconds, 10)) * 1000;

  /** A fault survived: both processes ready again within a minute (and `fault` says true). */
  const measure = async (live: StepResult, fault: () => Promise<{ note: string; ok: boolean }>) => {
    injected++;
    const before = new Map(live.failures);
    const { note, ok } = await fault();
    const ready = await waitReady(deployment.servers, 60_000);
    if (ok && ready !== undefined) survived++;
    const failed = [...live.failures]
      .map(([kind, n]) => [kind, n - (before.get(kind) ?? 0)] as const)
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => `${kind} ×${n}`)
      .join(', ');
    notes.push(
      `${note}; ${ready === undefined ? 'NOT ready again within 60 s' : 'both ready'}; requests failed meanwhile: ${failed || 'none'}`,
    );
  };

  const restart = async (signal: NodeJS.Signals) => {
    const stopped = performance.now();
    const how = await restarted.stop(signal);
    await restarted.start();
    return {
      note: `process 1 ${how}, serving again after ${((performance.now() - stopped) / 1000).toFixed(1)} s`,
      ok: true,
    };
  };

  const cutDatabase = async () => {
    dbProxy.cut();
    const cutAt = performance.now();
    let sawOutage = [false, false];
    while (performance.now() - cutAt < cutSeconds * 1000) {
      const statuses = await Promise.all(deployment.servers.map(readiness));
      sawOutage = sawOutage.map((seen, index) => seen || statuses[index] === 503);
      await sleep(250);
    }
    dbProxy.restore();
    const back = await waitReady(deployment.servers, 60_000);
    const note =
      `PostgreSQL cut for ${cutSeconds} s: /readyz answered 503 on ${sawOutage.filter(Boolean).length} of 2 processes, ` +
      (back === undefined
        ? 'not ready within 60 s of the connection returning'
        : `ready ${back.toFixed(1)} s after the connection returned`);
    return { note, ok: sawOutage.every(Boolean) };
  };

  const faults = async (live: StepResult) => {
    await sleep(settle);
    await measure(live, () => restart('SIGTERM'));
    await sleep(settle);
    await measure(live, cutDatabase);
    await sleep(settle);
    await measure(live, () => restart('SIGKILL'));
    await sleep(settle);
  };
  console.log(
    `\n-- faults: ${deployment.label}, PostgreSQL reached through a TCP proxy that can be cut; concurrency ${concurrency}`,
  );
  const step = await runStep(deployment.users, concurrency, 0, acknowledged, faults);
  for (const note of notes) console.log(`  ${note}`);
  for (const [index, server] of deployment.servers.entries()) {
    for (const crash of server.crashes)
      console.log(`  process ${index + 1} CRASHED (${crash.exit}); its last output:\n${crash.output}`);
  }

  const failures = [...step.failures].map(([kind, n]) => `${kind} ×${n}`).join(', ') || 'none';
  console.log(
    `  ${step.requests} requests in ${step.seconds.toFixed(0)} s, ${step.errors} failed: ${failures}`,
  );
  console.log(
    `  failures that were not a clean JSON {message, code} (stack traces, HTML, hangs): ${step.uncleanFailures + (step.failures.get('timeout (no answer)') ?? 0)}`,
  );

  const db = deployment.database!;
  const missing = async (table: string, column: string, ids: string[]) => {
    if (ids.length === 0) return 0;
    const { rows } = await db.executeSql(
      `select count(*)::int as n from ${table} where ${column} = any($1)`,
      [ids],
    );
    return ids.length - Number(rows[0].n);
  };
  const lost = {
    analytics: await missing('analytics_events', 'client_event_id', acknowledged.analyticsEventIds),
    uploads: await missing('media_assets', 'id::text', acknowledged.mediaIds),
    posts: await missing('scheduled_posts', 'id::text', acknowledged.postIds),
  };
  const totalLost = lost.analytics + lost.uploads + lost.posts;
  console.log(
    `  acknowledged writes: ${acknowledged.analyticsEventIds.length} analytics events, ${acknowledged.mediaIds.length} uploads, ${acknowledged.postIds.length} scheduled posts; ` +
      `rows lost: ${totalLost} (events ${lost.analytics}, uploads ${lost.uploads}, posts ${lost.posts}) — must be 0`,
  );
  const unclean = step.uncleanFailures + (step.failures.get('timeout (no answer)') ?? 0);
  console.log(
    `result: faults survived ${survived} of ${injected}, rows lost ${totalLost}, unclean failures ${unclean} | target: all survived, 0 lost, 0 unclean`,
  );
  const crashes = deployment.servers.reduce((sum, server) => sum + server.crashes.length, 0);
  return survived === injected && totalLost === 0 && unclean === 0 && crashes === 0;
}

// ---- the run ------------------------------------------------------------------------------------

let failed = false;
const reddit = await RedditStandIn.start();
console.log(`mix (weights): ${describeMix()}`);
console.log(
  `limits raised for the bench: ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_SESSION=${raisedLimits.ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_SESSION}, ` +
    `ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_IP=${raisedLimits.ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_IP}; users are Pro in the database (no daily AI limit, 50 GB storage)`,
);
console.log(
  `PostgreSQL connections: ${databaseConnections} over all server processes (DATABASE_POOL_SIZE = that / processes; LOAD_BENCH_POOL_SIZE to change); ` +
    `reached through ${databaseTransport.describe()}; the faults run goes through a TCP relay`,
);
let postgresAvailable = true;
try {
  await withAdminClient(serverUrl, (client) => client.query('select 1'));
} catch (error) {
  postgresAvailable = false;
  console.log(
    `PostgreSQL runs skipped: needs PostgreSQL at ${new URL(serverUrl).host} (set BENCH_DATABASE_URL): ${(error as Error).message}`,
  );
}

const runs: { mode: string; run: () => Promise<boolean> }[] = [
  { mode: 'pglite', run: () => withDeployment(deploy('pglite', 1, reddit), (d) => verdict(d, false)) },
  { mode: 'postgres', run: () => withDeployment(deploy('postgres', 1, reddit), (d) => verdict(d, true)) },
  {
    mode: 'two-processes',
    run: () => withDeployment(deploy('postgres', 2, reddit), (d) => verdict(d, true)),
  },
];

async function withDeployment(
  pending: Promise<Deployment>,
  judge: (results: StepResult[]) => boolean,
): Promise<boolean> {
  const deployment = await pending;
  try {
    return judge(await runSteps(deployment));
  } finally {
    await deployment.cleanup();
  }
}

for (const { mode, run } of runs) {
  if (!modes.has(mode) || (mode !== 'pglite' && !postgresAvailable)) continue;
  try {
    if (!(await run())) failed = true;
  } catch (error) {
    console.error(`${mode} run failed:`, error);
    failed = true;
  }
}
if (modes.has('faults') && postgresAvailable) {
  let deployment: Deployment | undefined;
  try {
    deployment = await deploy('postgres', 2, reddit, { dbProxy: true });
    if (!(await runFaults(deployment))) failed = true;
  } catch (error) {
    console.error('faults run failed:', error);
    for (const server of deployment?.servers ?? [])
      console.error(`server ${server.port} output:\n${server.output.slice(-4000)}`);
    failed = true;
  } finally {
    await deployment?.cleanup();
  }
}
await reddit.close();
if (failed) process.exitCode = 1;
