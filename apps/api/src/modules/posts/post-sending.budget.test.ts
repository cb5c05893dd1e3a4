import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redditAllowanceTexts, scheduledPostListResponseSchema } from '@app/shared/posts';
import { formatUtcTime } from '@app/shared/utc-time';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { newUser } from '../../../test/factories/users.js';
import { RedditStandIn } from '../../../test/stand-ins/reddit.js';
import { signedInClient } from '../../../test/test-client.js';
import { createHttpRedditApi } from '../../adapters/reddit/http-reddit-api.js';
import { RedditBudgetWaitError } from '../../adapters/reddit/rate-budget.js';
import { createMediaStorage } from '../../adapters/storage/create-media-storage.js';
import { loadConfig } from '../../config.js';
import { communities, redditRateBudget, scheduledPosts } from '../../db/schema/index.js';
import { silentLog, waitFor } from '../../jobs/jobs.test-support.js';
import { refreshCommunities } from '../communities/community-refresh.service.js';
import { uniqueToken } from '../communities/communities.test-support.js';
import { createRedditPosting } from '../reddit/reddit-posting-context.js';
import { createRedditRateBudget } from '../reddit/reddit-rate-budget.js';
import { connectAccount, redditEnv } from '../reddit/reddit.test-support.js';
import { checkOutcomes } from './post-recovery.service.js';
import { drainDuePosts, senderTexts } from './post-sending.service.js';

/** The server-wide Reddit allowance (docs/decisions/038-reddit-rate-budget.md) against a stand-in that enforces one. */
describe.each(testDatabaseKinds())('posting within the server-wide Reddit allowance on %s', (kind) => {
  let reddit: RedditStandIn;
  let testApp: TestApp;
  let dataDir: string;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    reddit = await RedditStandIn.start();
    dataDir = await mkdtemp(path.join(tmpdir(), 'post-budget-'));
    testApp = await buildTestApp(kind, { ...redditEnv(reddit), DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await testApp?.close();
    await reddit?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    reddit.reset();
    await db().delete(redditRateBudget);
  });

  /** A sender process's configuration: the stand-in's allowance as REDDIT_RATE_BUDGET_*. */
  const config = () =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...redditEnv(reddit),
      ...(testApp.database.url ? { DATABASE_URL: testApp.database.url } : {}),
    });
  async function sender() {
    const posting = await createRedditPosting(db(), config());
    return { db: db(), posting, storage: createMediaStorage(config().media), log: silentLog, concurrency: 4 };
  }

  async function creatorWithPosts(count: number) {
    const user = await newUser(db());
    const client = await signedInClient(testApp.app, db(), user);
    await connectAccount(client, reddit, `u_${uniqueToken()}`);
    const community = await newCommunity(db());
    reddit.addSubreddit(community.name);
    const accountId = (await client.inject({ method: 'GET', url: '/api/reddit/accounts' })).json().accounts[0]
      .id as string;
    const now = new Date();
    const rows = await db()
      .insert(scheduledPosts)
      .values(
        Array.from({ length: count }, (_, i) => ({
          userId: user.id,
          redditAccountId: accountId,
          subreddit: community.name,
          titleFinal: `Budget post ${i}`,
          kind: 'self' as const,
          scheduledAt: now,
          dueAt: now,
        })),
      )
      .returning();
    return { client, ids: rows.map((row) => row.id) };
  }
  const rows = (ids: string[]) => db().select().from(scheduledPosts).where(inArray(scheduledPosts.id, ids));

  it('holds posts back instead of drawing a 429, tells the creator when they go, and sends each once', async () => {
    reddit.budget = { requests: 4, windowSeconds: 2 };
    const { client, ids } = await creatorWithPosts(7);
    const deps = await sender();

    const first = await drainDuePosts(deps);
    expect(first['waiting-for-allowance']).toBeGreaterThan(0);
    const waiting = (await rows(ids)).filter((row) => row.status === 'pending');
    expect(waiting.length).toBeGreaterThan(0);
    for (const row of waiting) {
      // Held back before a claim was taken, or released before any call went out: nothing in flight.
      expect(row).toMatchObject({ claimToken: null, submitStartedAt: null, attempts: 0 });
      expect(row.budgetWaitUntil).not.toBeNull();
      expect(row.lastError).toBe(redditAllowanceTexts.waiting(formatUtcTime(row.budgetWaitUntil!)));
      expect(row.lastError).toBe(senderTexts.waitingForAllowance(row.budgetWaitUntil!));
      expect(row.dueAt.getTime()).toBe(row.budgetWaitUntil!.getTime());
    }
    // The creator's list says why and until when.
    const listed = scheduledPostListResponseSchema.parse(
      (await client.inject({ method: 'GET', url: '/api/posts/scheduled?status=pending' })).json(),
    );
    const shown = listed.find((post) => post.id === waiting[0]!.id)!;
    expect(shown.waitingForRedditUntil).toBe(waiting[0]!.budgetWaitUntil!.toISOString());
    expect(shown.lastError).toMatch(/^Waiting for Reddit: this server has used its Reddit allowance/);

    const sent = await waitFor(async () => {
      await drainDuePosts(deps);
      const all = await rows(ids);
      return all.every((row) => row.status === 'sent') && all;
    }, 20_000);
    expect(reddit.budgetRefusals).toBe(0);
    expect(reddit.submitCalls).toBe(7);
    expect(reddit.posts.map((post) => post.title).sort()).toEqual(
      ids.map((_, i) => `Budget post ${i}`).sort(),
    );
    for (const row of sent)
      expect(row).toMatchObject({ attempts: 1, budgetWaitUntil: null, lastError: null });
  }, 30_000);

  it('a community refresh stops at its reserve, and the posts that follow still go out without a 429', async () => {
    reddit.budget = { requests: 12, windowSeconds: 600 };
    const { ids } = await creatorWithPosts(3);
    const names = Array.from({ length: 8 }, () => `refresh_${uniqueToken()}`);
    for (const name of names) {
      reddit.addSubreddit(name);
      await newCommunity(db(), { name });
    }
    const budget = createRedditRateBudget(db(), reddit.clientId, config().redditRateBudget);
    const api = createHttpRedditApi({ ...reddit.clientOptions(), budget, maxBudgetWaitMs: 50 });
    const refresh = refreshCommunities(
      { names },
      { db: db(), reddit: api, signal: new AbortController().signal, log: silentLog, queuedAt: new Date() },
    );
    await expect(refresh).rejects.toBeInstanceOf(RedditBudgetWaitError);
    const refreshCalls = reddit.apiRequests.filter((request) => request.path.startsWith('/r/refresh_'));
    // 8 communities would take 16 calls; the refresh left 40 % of the 12 for others.
    expect(refreshCalls.length).toBeGreaterThan(0);
    expect(refreshCalls.length).toBeLessThan(16);
    const left = (await budget.state())!;
    expect(left.remaining).toBeGreaterThanOrEqual(0.4 * 12 - 1);

    await drainDuePosts(await sender());
    expect((await rows(ids)).map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    expect(reddit.budgetRefusals).toBe(0);
    await db().delete(communities).where(inArray(communities.name, names));
  });

  it('outcome checks wait for the allowance instead of asking Reddit', async () => {
    reddit.budget = { requests: 10, windowSeconds: 600 };
    const { ids } = await creatorWithPosts(1);
    const deps = await sender();
    await drainDuePosts(deps);
    const [post] = await rows(ids);
    expect(post!.status).toBe('sent');
    // Spend the allowance down to the outcome checks' reserve.
    while ((await deps.posting!.budget!.spend(2)).go);
    await db()
      .update(scheduledPosts)
      .set({ nextOutcomeCheckAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledPosts.id, post!.id));
    const before = reddit.apiRequests.length;
    expect(await checkOutcomes(deps)).toBe(0);
    expect(reddit.apiRequests.length).toBe(before);
    expect(reddit.budgetRefusals).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  let reddit: RedditStandIn;
  let testApp: TestApp;
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    reddit = await RedditStandIn.start();
    dataDir = await mkdtemp(path.join(tmpdir(), 'budget-processes-'));
    testApp = await buildTestApp('postgres', { ...redditEnv(reddit), DATA_DIR: dataDir });
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await testApp?.close();
    await reddit?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('share one Reddit allowance: posts from both go out once each, and Reddit never answers 429', async () => {
    const db = testApp.database.db;
    reddit.reset();
    const user = await newUser(db);
    const client = await signedInClient(testApp.app, db, user);
    await connectAccount(client, reddit, `u_${uniqueToken()}`);
    const community = await newCommunity(db);
    reddit.addSubreddit(community.name);
    const accountId = (await client.inject({ method: 'GET', url: '/api/reddit/accounts' })).json().accounts[0]
      .id as string;
    reddit.budget = { requests: 4, windowSeconds: 2 };
    const now = new Date();
    const ids = (
      await db
        .insert(scheduledPosts)
        .values(
          Array.from({ length: 12 }, (_, i) => ({
            userId: user.id,
            redditAccountId: accountId,
            subreddit: community.name,
            titleFinal: `Shared allowance ${i}`,
            scheduledAt: now,
            dueAt: now,
          })),
        )
        .returning()
    ).map((row) => row.id);

    const env = {
      ...process.env,
      ...redditEnv(reddit),
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: testApp.database.url!,
      DATA_DIR: dataDir,
      BUDGET_TEST_USER_ID: user.id,
    };
    const script = fileURLToPath(new URL('../../../test/budget-sender-process.ts', import.meta.url));
    for (let i = 0; i < 2; i++)
      children.push(fork(script, [], { env, execArgv: ['--import', 'tsx'], stdio: 'ignore' }));
    const message = (child: ChildProcess) =>
      new Promise<unknown>((resolve, reject) => {
        child.once('message', resolve);
        child.once('exit', (code) => reject(new Error(`sender process exited with ${code}`)));
      });
    // A fresh tsx process compiling the app can take most of a minute on a busy 2-core machine.
    await Promise.all(children.map(message));
    const done = children.map(message);
    for (const child of children) child.send('go');
    const results = (await Promise.all(done)) as { counts: Record<string, number> }[];

    const rows = await db.select().from(scheduledPosts).where(inArray(scheduledPosts.id, ids));
    expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'sent'));
    expect(reddit.submitCalls).toBe(12);
    expect(reddit.budgetRefusals).toBe(0);
    // 12 submits at 4 calls per 2 s: the allowance held posts back at least once along the way.
    const waited = results.reduce((sum, { counts }) => sum + (counts['waiting-for-allowance'] ?? 0), 0);
    expect(waited).toBeGreaterThan(0);
  }, 150_000);
});
