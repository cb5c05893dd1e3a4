import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schedulePostResponseSchema } from '@app/shared/posts';
import { formatUtcTime } from '@app/shared/utc-time';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newUser } from '../../../test/factories/users.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { RedditStandIn } from '../../../test/stand-ins/reddit.js';
import { signedInClient, type TestClient } from '../../../test/test-client.js';
import { createHttpRedditPostingApi } from '../../adapters/reddit/http-reddit-posting-api.js';
import { createMediaStorage } from '../../adapters/storage/create-media-storage.js';
import { loadConfig } from '../../config.js';
import { mediaAssets, scheduledPosts, users, type ScheduledPostRow } from '../../db/schema/index.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { uniqueToken } from '../communities/communities.test-support.js';
import { loadOutcomes } from '../communities/communities.repo.js';
import { phonePhoto, upload } from '../media/media.test-support.js';
import { createRedditPosting } from '../reddit/reddit-posting-context.js';
import { connectAccount, redditEnv } from '../reddit/reddit.test-support.js';
import { silentLog, waitFor } from '../../jobs/jobs.test-support.js';
import { checkOutcomes, recoverPosts } from './post-recovery.service.js';
import { senderTexts, type SenderTimings } from './post-sending.service.js';
import { claimDuePosts } from './post-sending.repo.js';
import { wakeForPostsDueSoon, wakeSender } from '../../jobs/send-posts.job.js';
import { wakeCommentSender } from '../../jobs/first-comment.job.js';
import { drainDueComments, recoverComments } from './first-comment.service.js';
import { type RunningJobs, startJobs, type StartJobsOptions } from '../../jobs/start-jobs.js';

const fastTimings: Partial<SenderTimings> = {
  claimLeaseMs: 300,
  submitSettleMs: 0,
  baseBackoffMs: 100,
  maxBackoffMs: 300,
  maxAttempts: 5,
};

describe.each(testDatabaseKinds())('sending scheduled posts on %s', (kind) => {
  let reddit: RedditStandIn;
  let testApp: TestApp;
  let dataDir: string;
  let running: RunningJobs[] = [];
  const db = () => testApp.database.db;

  beforeAll(async () => {
    reddit = await RedditStandIn.start();
    dataDir = await mkdtemp(path.join(tmpdir(), 'post-sender-'));
    testApp = await buildTestApp(kind, { ...redditEnv(reddit), DATA_DIR: dataDir });
  });
  afterEach(async () => {
    await Promise.all(running.map((jobs) => jobs.stop()));
    running = [];
  });
  afterAll(async () => {
    await testApp?.close();
    await reddit?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => reddit.reset());

  const jobsConfig = () =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...redditEnv(reddit),
      ...(testApp.database.url ? { DATABASE_URL: testApp.database.url } : {}),
    });

  /** A sender the way server.ts starts one, on the test app's database. */
  async function startSender(options: StartJobsOptions = {}) {
    const jobs = await startJobs(
      { database: testApp.database, config: jobsConfig(), log: silentLog },
      { senderTimings: fastTimings, stopTimeoutMs: 1000, ...options },
    );
    running.push(jobs);
    return jobs;
  }

  async function setUp() {
    const user = await newUser(db());
    const client = await signedInClient(testApp.app, db(), user);
    const username = `u_${uniqueToken()}`;
    await connectAccount(client, reddit, username);
    const community = await newCommunity(db());
    reddit.addSubreddit(community.name, { allow_images: true });
    return { user, client, community, username };
  }

  async function schedule(client: TestClient, body: Record<string, unknown>) {
    const response = await client.inject({
      method: 'POST',
      url: '/api/posts/schedule',
      payload: { timing: 'now', ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return schedulePostResponseSchema.parse(response.json()).post;
  }

  const row = async (id: string) =>
    (await db().select().from(scheduledPosts).where(eq(scheduledPosts.id, id)))[0]!;
  const settled = (id: string, timeoutMs = 10_000) =>
    waitFor(async () => {
      const post = await row(id);
      return post.status !== 'pending' && post;
    }, timeoutMs);

  it('sends a due text post as a self post and records the URL', async () => {
    const { client, community, username } = await setUp();
    const post = await schedule(client, {
      subreddit: community.name,
      title: 'Hello Reddit',
      body: 'First post',
    });
    const jobs = await startSender();
    await wakeSender(jobs.queue, new Date());
    const sent = await settled(post.id);
    expect(reddit.posts).toHaveLength(1);
    const made = reddit.posts[0]!;
    expect(made).toMatchObject({ author: username, kind: 'self', title: 'Hello Reddit', text: 'First post' });
    expect(sent).toMatchObject({
      status: 'sent',
      redditPostId: made.id,
      resultJson: { url: reddit.permalink(made) },
      claimToken: null,
    });
    const listed = await client.inject({ method: 'GET', url: '/api/posts/scheduled' });
    expect(listed.json()[0]).toMatchObject({ status: 'sent', resultJson: { url: reddit.permalink(made) } });
  });

  it("does not send a banned account's pending post: it fails with a message saying why", async () => {
    const { user, client, community } = await setUp();
    const post = await schedule(client, { subreddit: community.name, title: 'Before the ban' });
    await db().update(users).set({ bannedAt: new Date() }).where(eq(users.id, user.id));
    const jobs = await startSender();
    await wakeSender(jobs.queue, new Date());
    const failed = await settled(post.id);
    expect(failed).toMatchObject({ status: 'failed', resultJson: { error: senderTexts.ownerRestricted } });
    expect(reddit.submitCalls).toBe(0);
    expect(reddit.posts).toEqual([]);
  });

  it('sends a gallery photo as a native image post through the media upload lease', async () => {
    const { client, community } = await setUp();
    const uploaded = await upload(client, {
      filename: 'beach.jpg',
      content: await phonePhoto(),
      contentType: 'image/jpeg',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const imageId = uploaded.json<{ asset: { id: string } }>().asset.id;
    const post = await schedule(client, { subreddit: community.name, title: 'Beach day', imageId });
    const jobs = await startSender();
    await wakeSender(jobs.queue, new Date());
    const sent = await settled(post.id);
    expect(reddit.uploads.size).toBe(1);
    const [key, file] = [...reddit.uploads][0]!;
    expect(file.mime).toBe('image/jpeg');
    expect(file.bytes).toBeGreaterThan(100);
    const made = reddit.posts[0]!;
    expect(made.kind).toBe('image');
    // Reddit's own upload, never a link to our private, expiring media URLs.
    expect(made.url).toBe(`${reddit.baseUrl}/media-upload/${key}`);
    expect(made.url).not.toContain('/api/media/');
    // Image submits answer without the post; the sender found it in the listing.
    expect(sent.resultJson).toEqual({ url: reddit.permalink(made) });
  });

  it('wakes the sender from the minute sweep for posts due in the next minutes, and queues nothing for later ones', async () => {
    const { client, community } = await setUp();
    const soon = await schedule(client, {
      subreddit: community.name,
      title: 'Soon',
      timing: undefined,
      scheduledAt: new Date(Date.now() + 4000).toISOString(),
    });
    const later = await schedule(client, {
      subreddit: community.name,
      title: 'Later',
      timing: undefined,
      scheduledAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    });
    const jobs = await startSender();
    expect(await wakeForPostsDueSoon(jobs.queue, db())).toBeGreaterThanOrEqual(1);
    const waiting = await db().execute(
      sql`select singleton_key from pgboss.job where name = 'posts.send' and state = 'created'`,
    );
    const keys = (waiting as unknown as { rows: { singleton_key: string }[] }).rows.map(
      (job) => job.singleton_key,
    );
    const second = (at: string) => Math.floor(Date.parse(at) / 1000);
    expect(keys).toContain(`due-${second(soon.scheduledAt)}`);
    expect(keys).not.toContain(`due-${second(later.scheduledAt)}`);
    expect((await settled(soon.id)).status).toBe('sent');
    expect((await row(later.id)).status).toBe('pending');
  });

  it('refreshes the access token when Reddit stops accepting it', async () => {
    const { client, community } = await setUp();
    const jobs = await startSender();
    const first = await schedule(client, { subreddit: community.name, title: 'One' });
    await wakeSender(jobs.queue, new Date());
    await settled(first.id);
    // The sender's first token came from the stored (encrypted) refresh token.
    const grants = reddit.refreshGrants;
    expect(grants).toBe(1);
    reddit.expireUserTokens();
    const second = await schedule(client, { subreddit: community.name, title: 'Two' });
    await wakeSender(jobs.queue, new Date());
    expect((await settled(second.id)).status).toBe('sent');
    // One new token, for the sender: the API's live rule check answered from what Reddit said about
    // this account and subreddit a moment ago (RedditFactsCache), so it needed none.
    expect(reddit.refreshGrants).toBe(grants + 1);
  });

  it('retries 500 and 429 answers with backoff while the post stays pending, then sends it once', async () => {
    const { client, community } = await setUp();
    reddit.submitFailures.push({ status: 500 }, { status: 429, retryAfter: 0 });
    const post = await schedule(client, { subreddit: community.name, title: 'Eventually' });
    const jobs = await startSender();
    await wakeSender(jobs.queue, new Date());
    const pending = await waitFor(async () => {
      const current = await row(post.id);
      return current.attempts >= 1 && current.lastError !== null && current;
    });
    expect(pending.status).toBe('pending');
    // The retry is driven by the sweep (or a later wake): nudge the sender until it is done.
    const sent = await waitFor(async () => {
      await wakeSender(jobs.queue, new Date());
      const current = await row(post.id);
      return current.status !== 'pending' && current;
    });
    expect(sent.status).toBe('sent');
    expect(sent.attempts).toBe(3);
    expect(reddit.submitCalls).toBe(3);
    expect(reddit.posts).toHaveLength(1);
  });

  it("waits as long as Reddit's X-Ratelimit-Reset says after a 429", async () => {
    const { client, community } = await setUp();
    const post = await schedule(client, { subreddit: community.name, title: 'Quota' });
    reddit.rateLimitNext(1, { reset: 3 });
    // Taken before the sender starts: it sends a due post as soon as it is up, and under load it was
    // up (and had been answered 429) a moment before startSender() returned.
    const before = Date.now();
    const jobs = await startSender();
    await wakeSender(jobs.queue, new Date());
    const waiting = await waitFor(async () => {
      const current = await row(post.id);
      return current.lastError !== null && current;
    });
    expect(waiting.status).toBe('pending');
    expect(waiting.dueAt.getTime()).toBeGreaterThanOrEqual(before + 2900);
    expect(reddit.posts).toHaveLength(0);
    await wakeSender(jobs.queue, waiting.dueAt);
    expect((await settled(post.id)).status).toBe('sent');
    expect(reddit.posts).toHaveLength(1);
  });

  it('reschedules a RATELIMIT answer for when Reddit says, then sends it', async () => {
    const { client, community } = await setUp();
    reddit.submitFailures.push({
      errors: [['RATELIMIT', 'you are doing that too much. try again in 2 seconds.', 'ratelimit']],
    });
    const post = await schedule(client, { subreddit: community.name, title: 'Patience' });
    const jobs = await startSender();
    const before = Date.now();
    await wakeSender(jobs.queue, new Date());
    const rescheduled = await waitFor(async () => {
      const current = await row(post.id);
      return current.lastError?.startsWith('Reddit asked us to slow down') && current;
    });
    expect(rescheduled.status).toBe('pending');
    // A person reads this text: a named zone, not an ISO timestamp.
    expect(rescheduled.lastError).toBe(
      `Reddit asked us to slow down; the post is rescheduled for ${formatUtcTime(rescheduled.scheduledAt)}.`,
    );
    expect(rescheduled.scheduledAt.getTime()).toBeGreaterThanOrEqual(before + 1900);
    expect(rescheduled.scheduledAt.getTime()).toBeLessThan(Date.now() + 3000);
    await wakeSender(jobs.queue, rescheduled.scheduledAt);
    expect((await settled(post.id)).status).toBe('sent');
    expect(reddit.posts).toHaveLength(1);
  });

  it("fails on rule errors and other 4xx with Reddit's message in resultJson.error", async () => {
    const { client, community } = await setUp();
    reddit.submitFailures.push({
      errors: [['SUBMIT_VALIDATION_FLAIR_REQUIRED', 'Your post must contain post flair.', 'flair']],
    });
    const ruled = await schedule(client, { subreddit: community.name, title: 'No flair' });
    const jobs = await startSender();
    await wakeSender(jobs.queue, new Date());
    expect(await settled(ruled.id)).toMatchObject({
      status: 'failed',
      resultJson: { error: 'Your post must contain post flair.' },
    });

    reddit.submitFailures.push({ status: 403 });
    const forbidden = await schedule(client, { subreddit: community.name, title: 'Banned there' });
    await wakeSender(jobs.queue, new Date());
    const failed = await settled(forbidden.id);
    expect(failed.status).toBe('failed');
    expect(failed.resultJson?.error).toContain('403');
    expect(reddit.posts).toHaveLength(0);
    const listed = await client.inject({ method: 'GET', url: '/api/posts/scheduled' });
    expect(listed.json().map((post: { status: string }) => post.status)).toEqual(['failed', 'failed']);
  });

  it('sends a post that fell due while no server was running, as soon as one starts', async () => {
    const { client, community } = await setUp();
    const post = await schedule(client, {
      subreddit: community.name,
      title: 'While you were out',
      scheduledAt: new Date(Date.now() + 1500).toISOString(),
    });
    // No sender runs when it falls due.
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect((await row(post.id)).status).toBe('pending');
    await startSender();
    expect((await settled(post.id)).status).toBe('sent');
    expect(reddit.posts).toHaveLength(1);
  });

  it('sends a post whose sender died between claim and submit exactly once', async () => {
    const { client, community } = await setUp();
    const post = await schedule(client, { subreddit: community.name, title: 'Orphaned claim' });
    // A sender takes the post and dies before calling Reddit.
    const [claimed] = await claimDuePosts(db(), 10);
    expect(claimed?.id).toBe(post.id);
    const jobs = await startSender();
    await wakeSender(jobs.queue, new Date());
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The claim still blocks everyone else until its lease runs out.
    expect(reddit.submitCalls).toBe(0);
    const deps = await senderDeps();
    expect((await recoverPosts(deps, { ...defaultsWith() })).freed).toBe(1);
    await wakeSender(jobs.queue, new Date());
    expect((await settled(post.id)).status).toBe('sent');
    expect(reddit.submitCalls).toBe(1);
    expect(reddit.posts).toHaveLength(1);
  });

  it('never submits twice when Reddit took the post but the answer never came: it finds the post instead', async () => {
    const { client, community } = await setUp();
    const post = await schedule(client, { subreddit: community.name, title: 'Lost answer' });
    reddit.submitFailures.push({ hang: true });
    const impatient = createHttpRedditPostingApi({ ...postingOptions(), timeoutMs: 500 });
    const jobs = await startSender({ redditPosting: impatient });
    await wakeSender(jobs.queue, new Date());
    const uncertain = await waitFor(async () => {
      const current = await row(post.id);
      return current.submitStartedAt !== null && current.claimToken === null && current;
    });
    expect(uncertain.status).toBe('pending');
    // Nudging the sender does not send it again: it is not due while a submit may have landed.
    await wakeSender(jobs.queue, new Date());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reddit.submitCalls).toBe(1);
    const recovered = await recoverPosts(await senderDeps(), defaultsWith());
    expect(recovered.confirmed).toBe(1);
    const sent = await row(post.id);
    expect(sent).toMatchObject({ status: 'sent', resultJson: { url: reddit.permalink(reddit.posts[0]!) } });
    expect(reddit.submitCalls).toBe(1);
  });

  it('fails (and says why) rather than risk a duplicate when a submit got no answer and the post is not on Reddit', async () => {
    const { client, community } = await setUp();
    const post = await schedule(client, { subreddit: community.name, title: 'Dropped' });
    reddit.submitFailures.push({ drop: true });
    const jobs = await startSender();
    await wakeSender(jobs.queue, new Date());
    await waitFor(
      async () => (await row(post.id)).submitStartedAt !== null && (await row(post.id)).claimToken === null,
    );
    await recoverPosts(await senderDeps(), defaultsWith());
    expect(await row(post.id)).toMatchObject({
      status: 'failed',
      resultJson: { error: senderTexts.unconfirmed(community.name) },
    });
    expect(reddit.posts).toHaveLength(0);
    expect(reddit.submitCalls).toBe(1);
  });

  it('checks a sent post later: removal by moderators is stored and counts against the community', async () => {
    const { user, client, community } = await setUp();
    const post = await schedule(client, { subreddit: community.name, title: 'Will it stay' });
    const jobs = await startSender();
    await wakeSender(jobs.queue, new Date());
    const sent = await settled(post.id);
    expect(sent.nextOutcomeCheckAt!.getTime() - sent.sentAt!.getTime()).toBeCloseTo(15 * 60_000, -3);
    reddit.posts[0]!.removed_by_category = 'moderator';
    reddit.posts[0]!.score = 7;
    await db()
      .update(scheduledPosts)
      .set({ nextOutcomeCheckAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledPosts.id, post.id));
    expect(await checkOutcomes(await senderDeps(), defaultsWith())).toBe(1);
    const checked = await row(post.id);
    expect(checked.outcome).toMatchObject({ removed: true, removedBy: 'moderator', score: 7 });
    expect(checked.outcomeChecks).toBe(1);
    // The second check is due about 60 minutes after sending.
    expect(checked.nextOutcomeCheckAt!.getTime() - checked.sentAt!.getTime()).toBeCloseTo(60 * 60_000, -3);
    const outcomes = await loadOutcomes(db());
    expect(outcomes.find((o) => o.userId === user.id)).toMatchObject({ stayed: 0, removed: 1, failed: 0 });
  });

  it('quick repost queues a fresh protected copy of the photo to its last subreddit', async () => {
    const { client, community } = await setUp();
    const uploaded = await upload(client, {
      filename: 'mirror.jpg',
      content: await phonePhoto(),
      contentType: 'image/jpeg',
    });
    const imageId = uploaded.json<{ asset: { id: string } }>().asset.id;
    const none = await client.inject({
      method: 'POST',
      url: '/api/reddit/quick-repost',
      payload: { imageId },
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toContain('Choose a subreddit');

    await schedule(client, { subreddit: community.name, title: 'Mirror selfie', imageId });
    const jobs = await startSender();
    await wakeSender(jobs.queue, new Date());
    await waitFor(() => reddit.posts.length === 1);
    const response = await client.inject({
      method: 'POST',
      url: '/api/reddit/quick-repost',
      payload: { imageId },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ message: string; repostedAt: string; postId: string; subreddit: string }>();
    expect(body).toMatchObject({ message: 'Repost queued', subreddit: community.name });
    expect(Math.abs(Date.parse(body.repostedAt) - Date.now())).toBeLessThan(30_000);
    const media = await client.inject({ method: 'GET', url: `/api/media/${imageId}` });
    expect(media.json()).toMatchObject({ isProtected: true, lastRepostedAt: body.repostedAt });
    await wakeSender(jobs.queue, new Date());
    expect((await settled(body.postId, 20_000)).status).toBe('sent');
    expect(reddit.posts.map((post) => post.kind)).toEqual(['image', 'image']);
    expect(reddit.uploads.size).toBe(2);
    const other = await setUp();
    const notMine = await other.client.inject({
      method: 'POST',
      url: '/api/reddit/quick-repost',
      payload: { imageId },
    });
    expect(notMine.statusCode).toBe(404);
  }, 30_000);

  function postingOptions() {
    const config = jobsConfig();
    return { ...config.redditPosting!, ...config.reddit, scopes: ['identity', 'submit', 'read'] };
  }
  async function senderDeps() {
    const config = jobsConfig();
    return {
      db: db(),
      posting: await createRedditPosting(db(), config),
      storage: createMediaStorage(config.media),
      log: silentLog,
      concurrency: 4,
    };
  }
  function defaultsWith(): SenderTimings {
    return {
      claimLeaseMs: 0,
      submitSettleMs: 0,
      maxAttempts: 5,
      baseBackoffMs: 100,
      maxBackoffMs: 300,
      outcomeCheckMinutes: [15, 60],
      spacingMinuteMs: 60_000,
    };
  }
});

// PGlite lives inside one process and cannot be shared, so several senders need PostgreSQL
// (TEST_DATABASE_URL); without it these are skipped.
describe.skipIf(!process.env.TEST_DATABASE_URL)('several sender processes on one PostgreSQL database', () => {
  let reddit: RedditStandIn;
  let testApp: TestApp;
  const running: RunningJobs[] = [];

  beforeAll(async () => {
    reddit = await RedditStandIn.start();
    testApp = await buildTestApp('postgres', redditEnv(reddit));
  });
  afterAll(async () => {
    await Promise.all(running.map((jobs) => jobs.stop()));
    await testApp?.close();
    await reddit?.close();
  });

  it('sends each of 80 posts exactly once', async () => {
    const db = testApp.database.db;
    const user = await newUser(db, { tier: 'pro' });
    const client = await signedInClient(testApp.app, db, user);
    await connectAccount(client, reddit, 'busy_creator');
    const community = await newCommunity(db);
    reddit.addSubreddit(community.name);
    reddit.submitDelayMs = 20;
    const dueAt = new Date(Date.now() + 2000);
    const account = (await client.inject({ method: 'GET', url: '/api/reddit/accounts' })).json().accounts[0]
      .id as string;
    const rows = Array.from({ length: 80 }, (_, n) => ({
      userId: user.id,
      redditAccountId: account,
      subreddit: community.name,
      titleFinal: `Post number ${n}`,
      scheduledAt: dueAt,
      dueAt,
    }));
    await db.insert(scheduledPosts).values(rows);
    // Two processes: each its own queue, pool and sender, on the same database.
    for (let n = 0; n < 2; n++) {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        ...redditEnv(reddit),
        DATABASE_URL: testApp.database.url!,
        POST_SENDER_CONCURRENCY: '4',
      });
      const database = await (
        await import('../../db/client.js')
      ).openDatabase({ databaseUrl: testApp.database.url });
      const jobs = await startJobs(
        { database, config, log: silentLog },
        { senderTimings: fastTimings, stopTimeoutMs: 1000 },
      );
      running.push({
        queue: jobs.queue,
        stop: async () => {
          await jobs.stop();
          await database.close();
        },
      });
      await wakeSender(jobs.queue, dueAt);
    }
    await waitFor(async () => {
      const left = await db
        .select({ id: scheduledPosts.id })
        .from(scheduledPosts)
        .where(eq(scheduledPosts.status, 'pending'));
      return left.length === 0;
    }, 30_000);
    const titles = reddit.posts.map((post) => post.title).sort();
    expect(titles).toEqual(rows.map((r) => r.titleFinal).sort());
    expect(reddit.submitCalls).toBe(80);
    const statuses = await db
      .select({ status: scheduledPosts.status })
      .from(scheduledPosts)
      .where(eq(scheduledPosts.userId, user.id));
    expect(statuses.every((s: Pick<ScheduledPostRow, 'status'>) => s.status === 'sent')).toBe(true);
  }, 60_000);

  it('a sender process killed between claim and submit: another sends the post once, nothing lost', async () => {
    const db = testApp.database.db;
    reddit.reset();
    const user = await newUser(db);
    const client = await signedInClient(testApp.app, db, user);
    await connectAccount(client, reddit, 'killed_sender');
    const community = await newCommunity(db);
    reddit.addSubreddit(community.name, { allow_images: true });
    const dataDir = await mkdtemp(path.join(tmpdir(), 'killed-sender-'));
    const child = { process: undefined as ChildProcess | undefined };
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        ...redditEnv(reddit),
        DATABASE_URL: testApp.database.url!,
        DATA_DIR: dataDir,
      });
      const storage = createMediaStorage(config.media);
      const photoFile = path.join(dataDir, 'photo.jpg');
      await writeFile(photoFile, await phonePhoto());
      const assetId = randomUUID();
      const storageKey = `${user.id}/${assetId}/original.jpg`;
      await storage.putFile(storageKey, photoFile, 'image/jpeg');
      const [asset] = await db
        .insert(mediaAssets)
        .values({
          id: assetId,
          userId: user.id,
          filename: 'photo.jpg',
          mime: 'image/jpeg',
          bytes: 1,
          storageKey,
        })
        .returning();
      const accountId = (await client.inject({ method: 'GET', url: '/api/reddit/accounts' })).json()
        .accounts[0].id as string;
      const [post] = await db
        .insert(scheduledPosts)
        .values({
          userId: user.id,
          redditAccountId: accountId,
          subreddit: community.name,
          titleFinal: 'Survivor',
          kind: 'image',
          mediaAssetId: asset!.id,
          scheduledAt: new Date(),
          dueAt: new Date(),
        })
        .returning();

      // The doomed process gets stuck asking for the upload lease: after its claim, before /api/submit.
      let leasesAsked = 0;
      reddit.route('POST', /^\/api\/media\/asset\.json$/, () => void leasesAsked++);
      child.process = fork(fileURLToPath(new URL('../../../test/sender-process.ts', import.meta.url)), [], {
        env: {
          ...process.env,
          ...redditEnv(reddit),
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATABASE_URL: testApp.database.url!,
          DATA_DIR: dataDir,
        },
        execArgv: ['--import', 'tsx'],
        stdio: 'ignore',
      });
      // A fresh tsx process compiling the app can take most of a minute on a busy 2-core machine.
      const claimed = await waitFor(async () => {
        const current = (await db.select().from(scheduledPosts).where(eq(scheduledPosts.id, post!.id)))[0]!;
        return current.claimToken !== null && leasesAsked > 0 && current;
      }, 60_000);
      expect(claimed.submitStartedAt).toBeNull();
      child.process.kill('SIGKILL');
      await new Promise((resolve) => child.process!.once('exit', resolve));
      reddit.clearRoutes();

      // The claim outlives its owner until the lease runs out; then another process sends the post.
      const jobs = await startJobs(
        { database: testApp.database, config, log: silentLog },
        { senderTimings: fastTimings, stopTimeoutMs: 1000 },
      );
      running.push(jobs);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const deps = {
        db,
        posting: await createRedditPosting(db, config),
        storage,
        log: silentLog,
        concurrency: 2,
      };
      const lease = {
        claimLeaseMs: 300,
        submitSettleMs: 0,
        maxAttempts: 5,
        baseBackoffMs: 100,
        maxBackoffMs: 300,
        outcomeCheckMinutes: [15, 60],
        spacingMinuteMs: 60_000,
      };
      expect((await recoverPosts(deps, lease)).freed).toBe(1);
      await wakeSender(jobs.queue, new Date());
      const sent = await waitFor(async () => {
        const current = (await db.select().from(scheduledPosts).where(eq(scheduledPosts.id, post!.id)))[0]!;
        return current.status !== 'pending' && current;
      }, 15_000);
      expect(sent.status).toBe('sent');
      expect(sent.attempts).toBe(2);
      expect(reddit.submitCalls).toBe(1);
      expect(reddit.posts.map((p) => [p.title, p.kind])).toEqual([['Survivor', 'image']]);
    } finally {
      if (child.process && child.process.exitCode === null) child.process.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  /** Sent posts (on the stand-in and in the table) whose first comments are due at dueAt. */
  async function sentPostsWithComments(username: string, count: number, dueAt: Date) {
    const db = testApp.database.db;
    const user = await newUser(db, { tier: 'pro' });
    const client = await signedInClient(testApp.app, db, user);
    await connectAccount(client, reddit, username);
    const community = await newCommunity(db);
    reddit.addSubreddit(community.name);
    const accountId = (await client.inject({ method: 'GET', url: '/api/reddit/accounts' })).json().accounts[0]
      .id as string;
    const rows = Array.from({ length: count }, (_, n) => {
      const id = randomUUID().slice(0, 8);
      reddit.posts.push({
        id,
        author: username,
        subreddit: community.name,
        title: `Commented ${n}`,
        kind: 'self',
        text: undefined,
        url: undefined,
        flair_id: undefined,
        over_18: false,
        spoiler: false,
        created_utc: Date.now() / 1000,
        removed_by_category: null,
        score: 1,
      });
      return {
        userId: user.id,
        redditAccountId: accountId,
        subreddit: community.name,
        titleFinal: `Commented ${n}`,
        scheduledAt: new Date(),
        status: 'sent' as const,
        sentAt: new Date(),
        redditPostId: id,
        firstComment: `First comment number ${n}`,
        firstCommentStatus: 'pending' as const,
        firstCommentDueAt: dueAt,
      };
    });
    return db.insert(scheduledPosts).values(rows).returning();
  }

  it('two sender processes racing for 40 due first comments: exactly one comment under each post', async () => {
    const db = testApp.database.db;
    reddit.reset();
    const dueAt = new Date(Date.now() + 1500);
    const posts = await sentPostsWithComments('racing_commenter', 40, dueAt);
    const processes: RunningJobs[] = [];
    try {
      for (let n = 0; n < 2; n++) {
        const config = loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          ...redditEnv(reddit),
          DATABASE_URL: testApp.database.url!,
          POST_SENDER_CONCURRENCY: '4',
        });
        const database = await (
          await import('../../db/client.js')
        ).openDatabase({ databaseUrl: testApp.database.url });
        const jobs = await startJobs(
          { database, config, log: silentLog },
          { senderTimings: fastTimings, stopTimeoutMs: 1000 },
        );
        processes.push({
          queue: jobs.queue,
          stop: async () => {
            await jobs.stop();
            await database.close();
          },
        });
        await wakeCommentSender(jobs.queue, dueAt);
      }
      // Both also drain directly at the due moment, as two sweeps landing together would.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt.getTime() - Date.now())));
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...redditEnv(reddit) });
      const deps = {
        db,
        posting: await createRedditPosting(db, config),
        storage: createMediaStorage(config.media),
        log: silentLog,
        concurrency: 4,
      };
      await Promise.all([drainDueComments(deps), drainDueComments(deps)]);
      await waitFor(async () => {
        const left = await db
          .select({ id: scheduledPosts.id })
          .from(scheduledPosts)
          .where(
            and(
              inArray(
                scheduledPosts.id,
                posts.map((post) => post.id),
              ),
              eq(scheduledPosts.firstCommentStatus, 'pending'),
            ),
          );
        return left.length === 0;
      }, 30_000);
      // Time for a late wake job to try again, had it been able to.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(reddit.commentCalls).toBe(40);
      const perPost = posts.map(
        (post) => reddit.comments.filter((comment) => comment.postId === post.redditPostId).length,
      );
      expect(perPost).toEqual(posts.map(() => 1));
      const statuses = await db
        .select({ status: scheduledPosts.firstCommentStatus })
        .from(scheduledPosts)
        .where(
          inArray(
            scheduledPosts.id,
            posts.map((post) => post.id),
          ),
        );
      expect(statuses.every((s) => s.status === 'sent')).toBe(true);
    } finally {
      await Promise.all(processes.map((jobs) => jobs.stop()));
    }
  }, 60_000);

  it('a sender process killed between comment claim and comment submit: another comments once, nothing lost', async () => {
    const db = testApp.database.db;
    reddit.reset();
    const [post] = await sentPostsWithComments('killed_commenter', 1, new Date(Date.now() - 1000));
    const dataDir = await mkdtemp(path.join(tmpdir(), 'killed-commenter-'));
    const child = { process: undefined as ChildProcess | undefined };
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        ...redditEnv(reddit),
        DATABASE_URL: testApp.database.url!,
        DATA_DIR: dataDir,
      });
      // The doomed process gets stuck checking the post is still up: after its claim, before /api/comment.
      let checksAsked = 0;
      reddit.route('GET', /^\/api\/info$/, () => void checksAsked++);
      child.process = fork(fileURLToPath(new URL('../../../test/sender-process.ts', import.meta.url)), [], {
        env: {
          ...process.env,
          ...redditEnv(reddit),
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATABASE_URL: testApp.database.url!,
          DATA_DIR: dataDir,
        },
        execArgv: ['--import', 'tsx'],
        stdio: 'ignore',
      });
      const current = async () =>
        (await db.select().from(scheduledPosts).where(eq(scheduledPosts.id, post!.id)))[0]!;
      const claimed = await waitFor(async () => {
        const row = await current();
        return row.firstCommentClaimToken !== null && checksAsked > 0 && row;
      }, 60_000);
      expect(claimed.firstCommentSubmitStartedAt).toBeNull();
      child.process.kill('SIGKILL');
      await new Promise((resolve) => child.process!.once('exit', resolve));
      reddit.clearRoutes();

      const jobs = await startJobs(
        { database: testApp.database, config, log: silentLog },
        { senderTimings: fastTimings, stopTimeoutMs: 1000 },
      );
      running.push(jobs);
      await new Promise((resolve) => setTimeout(resolve, 400));
      // The claim still blocks everyone until its lease runs out.
      expect(reddit.commentCalls).toBe(0);
      const deps = {
        db,
        posting: await createRedditPosting(db, config),
        storage: createMediaStorage(config.media),
        log: silentLog,
        concurrency: 2,
      };
      const lease = {
        claimLeaseMs: 300,
        submitSettleMs: 0,
        maxAttempts: 5,
        baseBackoffMs: 100,
        maxBackoffMs: 300,
        outcomeCheckMinutes: [15, 60],
        spacingMinuteMs: 60_000,
      };
      expect((await recoverComments(deps, lease)).freed).toBe(1);
      await wakeCommentSender(jobs.queue, new Date());
      const sent = await waitFor(async () => {
        const row = await current();
        return row.firstCommentStatus !== 'pending' && row;
      }, 15_000);
      expect(sent.firstCommentStatus).toBe('sent');
      expect(sent.firstCommentAttempts).toBe(2);
      expect(reddit.commentCalls).toBe(1);
      expect(reddit.comments.map((c) => [c.postId, c.body])).toEqual([
        [post!.redditPostId, 'First comment number 0'],
      ]);
    } finally {
      if (child.process && child.process.exitCode === null) child.process.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
