// 10,000 posts due within one minute, sent by two sender processes (the production startJobs) on
// one PostgreSQL database, to a Reddit stand-in on loopback. Prints throughput, lateness after the
// due time (p50/p99, as Reddit received each post), duplicates and lost posts.
//
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server; default postgres://postgres@127.0.0.1:5432/postgres
//   SCHEDULER_POSTS=10000  SCHEDULER_WORKERS=2  SCHEDULER_SUBMIT_LATENCY_MS=0 (added to every /api/submit)
//   SCHEDULER_WINDOW_MS=60000 (0: every post due at the same instant, which measures raw capacity)
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '../apps/api/src/db/client.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';
import { redditAccounts, scheduledPosts, users } from '../apps/api/src/db/schema/index.js';
import { JobQueue } from '../apps/api/src/jobs/queue.js';
import { sendPostsJob, wakeSender } from '../apps/api/src/jobs/send-posts.job.js';
import { createTokenCipher, loadTokenKey } from '../apps/api/src/modules/reddit/token-cipher.js';
import {
  createDatabase,
  databaseUrlFor,
  dropDatabase,
  withAdminClient,
} from '../apps/api/test/db/postgres-admin.js';
import { RedditStandIn } from '../apps/api/test/stand-ins/reddit.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const totalPosts = Number(process.env.SCHEDULER_POSTS ?? 10_000);
const workers = Number(process.env.SCHEDULER_WORKERS ?? 2);
const submitLatencyMs = Number(process.env.SCHEDULER_SUBMIT_LATENCY_MS ?? 0);
const accounts = 100;
const leadMs = 15_000;
const windowMs = Number(process.env.SCHEDULER_WINDOW_MS ?? 60_000);
const targetP99Ms = 5000;
// "requests/windowSeconds", e.g. 1000/600 as real Reddit: the stand-in enforces it (429 past it) and
// the senders are told the same allowance. Unset: no limit, as before.
const budgetSetting = process.env.SCHEDULER_REDDIT_BUDGET?.match(/^(\d+)\/(\d+)$/);
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const name = `bench_scheduler_${randomBytes(4).toString('hex')}`;
try {
  await withAdminClient(databaseUrlFor(serverUrl, 'postgres'), (client) => createDatabase(client, name));
} catch (error) {
  // Two sender processes cannot share PGlite: without a PostgreSQL server there is nothing to measure.
  console.log(
    `skipped: needs PostgreSQL at ${new URL(serverUrl).host} (set BENCH_DATABASE_URL): ${(error as Error).message}`,
  );
  process.exit(0);
}
const databaseUrl = databaseUrlFor(serverUrl, name);
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-scheduler-'));
const reddit = await RedditStandIn.start();
const children: ChildProcess[] = [];
const database = await openDatabase({ databaseUrl });

try {
  await migrateDatabase(database);
  const { db } = database;
  reddit.submitDelayMs = submitLatencyMs;
  if (budgetSetting)
    reddit.budget = { requests: Number(budgetSetting[1]), windowSeconds: Number(budgetSetting[2]) };
  const subreddit = 'benchposts';
  reddit.addSubreddit(subreddit);

  // Creators with one linked account each; refresh tokens stored the way the callback stores them.
  const cipher = createTokenCipher(await loadTokenKey(db, undefined));
  const accountIds: string[] = [];
  for (let n = 0; n < accounts; n++) {
    const [user] = await db
      .insert(users)
      .values({
        username: `bench_${n}`,
        email: `bench_${n}@example.com`,
        tier: 'pro',
        emailVerifiedAt: new Date(),
      })
      .returning();
    const standInUser = reddit.addUser(`bench_creator_${n}`);
    const refreshToken = randomBytes(16).toString('base64url');
    reddit.refreshTokens.set(refreshToken, standInUser.name);
    const [account] = await db
      .insert(redditAccounts)
      .values({
        userId: user!.id,
        redditUserId: standInUser.id,
        username: standInUser.name,
        refreshTokenEncrypted: cipher.encrypt(refreshToken),
      })
      .returning();
    accountIds.push(account!.id);
  }

  // 10,000 posts spread evenly over one minute, starting shortly after the senders are up.
  const start = Date.now() + leadMs;
  const dueByTitle = new Map<string, number>();
  const rows = Array.from({ length: totalPosts }, (_, n) => {
    const due = new Date(start + Math.floor((n * windowMs) / totalPosts));
    const title = `Bench post ${n}`;
    dueByTitle.set(title, due.getTime());
    const accountIndex = n % accounts;
    return {
      userId: '',
      redditAccountId: accountIds[accountIndex]!,
      subreddit,
      titleFinal: title,
      scheduledAt: due,
      dueAt: due,
      accountIndex,
    };
  });
  const owners = await db
    .select({ id: redditAccounts.id, userId: redditAccounts.userId })
    .from(redditAccounts);
  const ownerOf = new Map(owners.map((o) => [o.id, o.userId]));
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(scheduledPosts)
      .values(
        rows
          .slice(i, i + 1000)
          .map(({ accountIndex: _a, ...row }) => ({ ...row, userId: ownerOf.get(row.redditAccountId)! })),
      );
  }

  // The schedule route wakes the sender for each post's due time; one job per second stands for them all.
  const queue = new JobQueue(database, { log: pino({ level: 'silent' }), connectionString: databaseUrl });
  await queue.start();
  await queue.createQueue(sendPostsJob);
  const seconds = new Set(rows.map((row) => Math.floor(row.scheduledAt.getTime() / 1000)));
  for (const second of seconds) await wakeSender(queue, new Date(second * 1000));
  await queue.stop();

  const env = {
    ...process.env,
    ...reddit.env(),
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    POST_SENDER_CONCURRENCY: process.env.POST_SENDER_CONCURRENCY ?? '8',
  };
  for (let n = 0; n < workers; n++) {
    const child = fork(path.join(here, 'scheduler', 'worker.ts'), [], {
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
  console.log(
    `${totalPosts} posts for ${accounts} accounts due between +${leadMs / 1000}s and +${(leadMs + windowMs) / 1000}s; ${workers} sender processes ready; submit latency ${submitLatencyMs} ms`,
  );

  const deadline = start + windowMs + 60_000;
  let pending = totalPosts;
  while (Date.now() < deadline) {
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(scheduledPosts)
      .where(sql`${scheduledPosts.status} = 'pending'`)) as [{ count: number }];
    pending = count;
    if (pending === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  const counts = new Map<string, number>();
  for (const post of reddit.posts) counts.set(post.title, (counts.get(post.title) ?? 0) + 1);
  const duplicates = [...counts.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const statusRows = await db
    .select({ status: scheduledPosts.status, count: sql<number>`count(*)::int` })
    .from(scheduledPosts)
    .groupBy(scheduledPosts.status);
  const byStatus = Object.fromEntries(statusRows.map((r) => [r.status, r.count]));
  const lost = [...dueByTitle.keys()].filter((title) => !counts.has(title)).length;
  const lateness = reddit.posts
    .map((post) => post.created_utc * 1000 - dueByTitle.get(post.title)!)
    .sort((a, b) => a - b);
  const quantile = (q: number) =>
    lateness[Math.min(lateness.length - 1, Math.floor(q * lateness.length))] ?? NaN;
  const received = reddit.posts.map((post) => post.created_utc * 1000);
  const firstAt = Math.min(...received);
  const lastAt = Math.max(...received);
  const busySeconds = (lastAt - firstAt) / 1000;

  console.log(
    `sent to Reddit: ${reddit.posts.length} (submit calls ${reddit.submitCalls}); statuses ${JSON.stringify(byStatus)}`,
  );
  console.log(
    `throughput: ${(reddit.posts.length / Math.max(busySeconds, 0.001)).toFixed(1)} posts/s over ${busySeconds.toFixed(1)} s (posts fall due ${windowMs > 0 ? `at ${(totalPosts / (windowMs / 1000)).toFixed(1)}/s` : 'all at once'})`,
  );
  console.log(
    `lateness after due time: p50 ${(quantile(0.5) / 1000).toFixed(2)} s, p99 ${(quantile(0.99) / 1000).toFixed(2)} s, max ${(quantile(1) / 1000).toFixed(2)} s (target p99 < ${targetP99Ms / 1000} s: ratio ${(quantile(0.99) / targetP99Ms).toFixed(2)})`,
  );
  console.log(`duplicates: ${duplicates} (must be 0); lost: ${lost} (must be 0)`);
  if (reddit.budget) {
    // Posts past the allowance go out in later windows by design: lateness is not judged then.
    console.log(
      `Reddit allowance ${reddit.budget.requests} per ${reddit.budget.windowSeconds} s: 429 answers ${reddit.budgetRefusals} (must be 0)`,
    );
    if (duplicates > 0 || reddit.budgetRefusals > 0) process.exitCode = 1;
  } else if (duplicates > 0 || lost > 0 || quantile(0.99) > targetP99Ms) process.exitCode = 1;
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
