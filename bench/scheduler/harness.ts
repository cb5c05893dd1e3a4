// What both modes of bench/scheduler.ts share: a fresh PostgreSQL database, the Reddit stand-in,
// sender processes (bench/scheduler/worker.ts, the production startJobs) and the clean-up.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase, type DatabaseHandle } from '../../apps/api/src/db/client.js';
import { migrateDatabase } from '../../apps/api/src/db/migrate.js';
import { scheduledPosts } from '../../apps/api/src/db/schema/index.js';
import { JobQueue } from '../../apps/api/src/jobs/queue.js';
import { sendPostsJob, wakeSender } from '../../apps/api/src/jobs/send-posts.job.js';
import {
  createDatabase,
  databaseUrlFor,
  dropDatabase,
  withAdminClient,
} from '../../apps/api/test/db/postgres-admin.js';
import { RedditStandIn } from '../../apps/api/test/stand-ins/reddit.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

export interface SchedulerBench {
  database: DatabaseHandle;
  databaseUrl: string;
  dataDir: string;
  reddit: RedditStandIn;
  /** Forks `count` sender processes with the stand-in's environment (its budget as set now). */
  startSenders(count: number, env?: Record<string, string>): Promise<void>;
}

/** Runs `body` on a new database and stand-in, and removes both afterwards, whatever happens. */
export async function withSchedulerBench(body: (bench: SchedulerBench) => Promise<void>): Promise<void> {
  const name = `bench_scheduler_${randomBytes(4).toString('hex')}`;
  try {
    await withAdminClient(databaseUrlFor(serverUrl, 'postgres'), (client) => createDatabase(client, name));
  } catch (error) {
    // Two sender processes cannot share PGlite: without a PostgreSQL server there is nothing to measure.
    console.log(
      `skipped: needs PostgreSQL at ${new URL(serverUrl).host} (set BENCH_DATABASE_URL): ${(error as Error).message}`,
    );
    return;
  }
  const databaseUrl = databaseUrlFor(serverUrl, name);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-scheduler-'));
  const reddit = await RedditStandIn.start();
  const children: ChildProcess[] = [];
  const database = await openDatabase({ databaseUrl });
  const startSenders = async (count: number, extra: Record<string, string> = {}) => {
    const env = {
      ...process.env,
      ...reddit.env(),
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      POST_SENDER_CONCURRENCY: process.env.POST_SENDER_CONCURRENCY ?? '8',
      ...extra,
    };
    for (let n = 0; n < count; n++) {
      const child = fork(path.join(here, 'worker.ts'), [], {
        env,
        execArgv: ['--import', 'tsx'],
        stdio: 'inherit',
      });
      children.push(child);
      await new Promise<void>((resolve, reject) => {
        child.once('message', () => resolve());
        child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
      });
    }
  };
  try {
    await migrateDatabase(database);
    await body({ database, databaseUrl, dataDir, reddit, startSenders });
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve))),
      ),
    );
    await database.close();
    await reddit.close();
    await withAdminClient(databaseUrlFor(serverUrl, 'postgres'), (client) => dropDatabase(client, name));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** "requests/windowSeconds" (SCHEDULER_REDDIT_BUDGET), e.g. 1000/600 as real Reddit; undefined when unset. */
export function budgetSetting(value: string | undefined) {
  const match = value?.match(/^(\d+)\/(\d+)$/);
  if (value && !match) throw new Error(`SCHEDULER_REDDIT_BUDGET must look like 1000/600, not ${value}`);
  return match ? { requests: Number(match[1]), windowSeconds: Number(match[2]) } : undefined;
}

/**
 * The schedule route wakes the sender for each post's due time; one job per due second stands for
 * them all (what the routes and the minute sweep queue for posts due within minutes).
 */
export async function wakeSendersAt(
  { database, databaseUrl }: Pick<SchedulerBench, 'database' | 'databaseUrl'>,
  dueTimes: Iterable<number>,
): Promise<void> {
  const queue = new JobQueue(database, { log: pino({ level: 'silent' }), connectionString: databaseUrl });
  await queue.start();
  await queue.createQueue(sendPostsJob);
  const dueSeconds = new Set([...dueTimes].map((at) => Math.floor(at / 1000)));
  for (const second of dueSeconds) await wakeSender(queue, new Date(second * 1000));
  await queue.stop();
}

/** How many posts still wait to be sent. */
export async function pendingPosts(database: DatabaseHandle): Promise<number> {
  const [row] = await database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(scheduledPosts)
    .where(sql`${scheduledPosts.status} = 'pending'`);
  return row?.count ?? 0;
}

/** Post counts by status, e.g. {"sent": 6000}. */
export async function postStatuses(database: DatabaseHandle): Promise<Record<string, number>> {
  const rows = await database.db
    .select({ status: scheduledPosts.status, count: sql<number>`count(*)::int` })
    .from(scheduledPosts)
    .groupBy(scheduledPosts.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

/** The q-quantile of ascending values (NaN when empty). */
export const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
