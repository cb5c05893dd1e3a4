import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scheduledPostListResponseSchema, schedulePostResponseSchema } from '@app/shared/posts';
import { firstCommentErrors } from '@app/shared/posts-first-comment';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { newUser } from '../../../test/factories/users.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { RedditStandIn } from '../../../test/stand-ins/reddit.js';
import { signedInClient, type TestClient } from '../../../test/test-client.js';
import { createHttpRedditPostingApi } from '../../adapters/reddit/http-reddit-posting-api.js';
import { createMediaStorage } from '../../adapters/storage/create-media-storage.js';
import { loadConfig } from '../../config.js';
import { scheduledPosts } from '../../db/schema/index.js';
import { wakeCommentSender } from '../../jobs/first-comment.job.js';
import { silentLog, waitFor } from '../../jobs/jobs.test-support.js';
import { wakeSender } from '../../jobs/send-posts.job.js';
import { type RunningJobs, startJobs, type StartJobsOptions } from '../../jobs/start-jobs.js';
import { uniqueToken } from '../communities/communities.test-support.js';
import { createRedditPosting } from '../reddit/reddit-posting-context.js';
import { connectAccount, linkedAccountId, redditEnv } from '../reddit/reddit.test-support.js';
import { claimDueComments } from './first-comment.repo.js';
import { drainDueComments, recoverComments } from './first-comment.service.js';
import type { SenderTimings } from './post-sending.service.js';

const fastTimings: Partial<SenderTimings> = {
  claimLeaseMs: 300,
  submitSettleMs: 0,
  baseBackoffMs: 100,
  maxBackoffMs: 300,
  maxAttempts: 3,
};
const recoveryTimings: SenderTimings = {
  claimLeaseMs: 0,
  submitSettleMs: 0,
  maxAttempts: 3,
  baseBackoffMs: 100,
  maxBackoffMs: 300,
  outcomeCheckMinutes: [15, 60],
  spacingMinuteMs: 60_000,
};

describe.each(testDatabaseKinds())('first comments under sent posts on %s', (kind) => {
  let reddit: RedditStandIn;
  let testApp: TestApp;
  let dataDir: string;
  let running: RunningJobs[] = [];
  const db = () => testApp.database.db;

  beforeAll(async () => {
    reddit = await RedditStandIn.start();
    dataDir = await mkdtemp(path.join(tmpdir(), 'first-comment-'));
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

  const config = () =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...redditEnv(reddit),
      ...(testApp.database.url ? { DATABASE_URL: testApp.database.url } : {}),
    });

  async function startSender(options: StartJobsOptions = {}) {
    const jobs = await startJobs(
      { database: testApp.database, config: config(), log: silentLog },
      { senderTimings: fastTimings, stopTimeoutMs: 1000, ...options },
    );
    running.push(jobs);
    return jobs;
  }

  async function senderDeps() {
    return {
      db: db(),
      posting: await createRedditPosting(db(), config()),
      storage: createMediaStorage(config().media),
      log: silentLog,
      concurrency: 4,
    };
  }

  async function setUp() {
    const user = await newUser(db());
    const client = await signedInClient(testApp.app, db(), user);
    const username = `u_${uniqueToken()}`;
    await connectAccount(client, reddit, username);
    const community = await newCommunity(db());
    reddit.addSubreddit(community.name);
    return { client, community, username };
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
  const postSent = (id: string) =>
    waitFor(async () => {
      const post = await row(id);
      return post.status === 'sent' && post;
    });
  const commentSettled = (id: string, timeoutMs = 10_000) =>
    waitFor(async () => {
      const post = await row(id);
      return post.firstCommentStatus !== 'pending' && post;
    }, timeoutMs);
  /** The comment's time has come (as if its delay passed). */
  const makeDue = (id: string) =>
    db()
      .update(scheduledPosts)
      .set({ firstCommentDueAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledPosts.id, id));

  /** A sent post whose first comment is due now, and its stand-in post. */
  async function sentWithComment(text = 'Link in my profile') {
    const setup = await setUp();
    const post = await schedule(setup.client, {
      subreddit: setup.community.name,
      title: `Post ${uniqueToken()}`,
      firstComment: text,
      firstCommentDelayMinutes: 1,
    });
    const jobs = await startSender();
    await wakeSender(jobs.queue, new Date());
    await postSent(post.id);
    await makeDue(post.id);
    return { ...setup, post, jobs, made: reddit.posts[0]! };
  }

  it('posts the comment once, after the delay, under the post by the same account, and lists its link', async () => {
    const { client, community, username } = await setUp();
    const post = await schedule(client, {
      subreddit: community.name,
      title: 'Golden hour',
      firstComment: 'All my links: example.com/me',
      firstCommentDelayMinutes: 1,
    });
    const jobs = await startSender();
    await wakeSender(jobs.queue, new Date());
    const sent = await postSent(post.id);
    // Due one minute after the post went live; nothing is commented before that.
    expect(sent.firstCommentDueAt!.getTime() - sent.sentAt!.getTime()).toBe(60_000);
    expect(await drainDueComments(await senderDeps(), recoveryTimings)).toEqual({});
    await wakeCommentSender(jobs.queue, new Date());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(reddit.commentCalls).toBe(0);
    const waiting = scheduledPostListResponseSchema.parse(
      (await client.inject({ method: 'GET', url: '/api/posts/scheduled' })).json(),
    )[0]!;
    expect(waiting.firstComment).toMatchObject({
      status: 'pending',
      dueAt: sent.firstCommentDueAt!.toISOString(),
    });

    await makeDue(post.id);
    await wakeCommentSender(jobs.queue, new Date());
    const commented = await commentSettled(post.id);
    expect(commented.firstCommentStatus).toBe('sent');
    const made = reddit.posts[0]!;
    expect(reddit.comments).toHaveLength(1);
    expect(reddit.comments[0]).toMatchObject({
      author: username,
      postId: made.id,
      body: 'All my links: example.com/me',
    });
    const listed = scheduledPostListResponseSchema.parse(
      (await client.inject({ method: 'GET', url: '/api/posts/scheduled' })).json(),
    )[0]!;
    expect(listed.firstComment).toMatchObject({
      status: 'sent',
      commentId: reddit.comments[0]!.id,
      url: reddit.commentUrl(reddit.comments[0]!),
      error: null,
    });
    expect(listed.firstComment!.sentAt).not.toBeNull();
    // Nudging the sender again does not comment twice.
    await wakeCommentSender(jobs.queue, new Date());
    expect(await drainDueComments(await senderDeps(), recoveryTimings)).toEqual({});
    expect(reddit.commentCalls).toBe(1);
  });

  it('posts a "right away" comment as soon as the post is live, with no further nudge', async () => {
    const { client, community } = await setUp();
    const post = await schedule(client, {
      subreddit: community.name,
      title: 'Straight away',
      firstComment: 'Thanks for stopping by',
      firstCommentDelayMinutes: 0,
    });
    const jobs = await startSender();
    await wakeSender(jobs.queue, new Date());
    expect((await commentSettled(post.id)).firstCommentStatus).toBe('sent');
    expect(reddit.comments.map((c) => c.body)).toEqual(['Thanks for stopping by']);
  });

  it('retries a 500 with backoff, looks before trying again, and comments once', async () => {
    const { post, jobs } = await sentWithComment();
    reddit.commentFailures.push({ status: 500 });
    await wakeCommentSender(jobs.queue, new Date());
    const retried = await waitFor(async () => {
      const current = await row(post.id);
      return current.firstCommentAttempts === 1 && current.firstCommentClaimToken === null && current;
    });
    expect(retried).toMatchObject({ firstCommentStatus: 'pending' });
    expect(retried.firstCommentError).toContain('500');
    expect(retried.firstCommentVerifySince).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 400));
    await wakeCommentSender(jobs.queue, new Date());
    const sent = await commentSettled(post.id);
    expect(sent).toMatchObject({
      firstCommentStatus: 'sent',
      firstCommentAttempts: 2,
      firstCommentError: null,
    });
    expect(reddit.commentCalls).toBe(2);
    expect(reddit.comments).toHaveLength(1);
  });

  it('fails the comment with a human reason once Reddit keeps failing', async () => {
    const { post } = await sentWithComment();
    reddit.commentFailures.push({ status: 502 }, { status: 502 }, { status: 502 });
    const deps = await senderDeps();
    for (let attempt = 0; attempt < 3; attempt++) {
      await makeDue(post.id);
      await drainDueComments(deps, recoveryTimings);
    }
    const failed = await row(post.id);
    expect(failed.firstCommentStatus).toBe('failed');
    expect(failed.firstCommentError).toMatch(
      /^Reddit kept failing, so we stopped trying to post the first comment: /,
    );
    expect(reddit.comments).toHaveLength(0);
  });

  it('fails with a clear reason when the post was removed, or Reddit refuses the comment', async () => {
    const removed = await sentWithComment();
    removed.made.removed_by_category = 'moderator';
    await drainDueComments(await senderDeps(), recoveryTimings);
    expect(await row(removed.post.id)).toMatchObject({
      firstCommentStatus: 'failed',
      firstCommentError: firstCommentErrors.postGone,
    });
    expect(reddit.commentCalls).toBe(0);

    reddit.reset();
    const locked = await sentWithComment();
    reddit.commentFailures.push({ errors: [['THREAD_LOCKED', 'that thread is locked', 'parent']] });
    await drainDueComments(await senderDeps(), recoveryTimings);
    expect(await row(locked.post.id)).toMatchObject({
      firstCommentStatus: 'failed',
      firstCommentError: firstCommentErrors.postLocked,
    });
    const listed = scheduledPostListResponseSchema.parse(
      (await locked.client.inject({ method: 'GET', url: '/api/posts/scheduled' })).json(),
    )[0]!;
    expect(listed).toMatchObject({
      status: 'sent',
      firstComment: { status: 'failed', error: firstCommentErrors.postLocked },
    });
  });

  it('fails the comment when the account was disconnected before it went out', async () => {
    const { post, client, username } = await sentWithComment();
    const accountId = await linkedAccountId(client, username);
    const disconnect = await client.inject({ method: 'DELETE', url: `/api/reddit/accounts/${accountId}` });
    expect(disconnect.statusCode, disconnect.body).toBe(200);
    await drainDueComments(await senderDeps(), recoveryTimings);
    expect(await row(post.id)).toMatchObject({
      firstCommentStatus: 'failed',
      firstCommentError: firstCommentErrors.accountGone,
    });
    expect(reddit.commentCalls).toBe(0);
  });

  it('marks the comment failed when the post itself fails', async () => {
    const { client, community } = await setUp();
    reddit.submitFailures.push({
      errors: [['SUBREDDIT_NOTALLOWED', "you aren't allowed to post there", 'sr']],
    });
    const post = await schedule(client, { subreddit: community.name, title: 'Refused', firstComment: 'hi' });
    const jobs = await startSender();
    await wakeSender(jobs.queue, new Date());
    const failed = await waitFor(async () => {
      const current = await row(post.id);
      return current.status === 'failed' && current;
    });
    expect(failed).toMatchObject({
      firstCommentStatus: 'failed',
      firstCommentError: firstCommentErrors.postNotSent,
    });
    expect(reddit.commentCalls).toBe(0);
  });

  it('a sender that died between claiming the comment and calling Reddit: it is posted once after the lease', async () => {
    const { post, jobs } = await sentWithComment();
    // A sender takes the comment and dies before calling Reddit.
    const [claimed] = await claimDueComments(db(), 10);
    expect(claimed?.id).toBe(post.id);
    await wakeCommentSender(jobs.queue, new Date());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reddit.commentCalls).toBe(0);
    expect((await recoverComments(await senderDeps(), recoveryTimings)).freed).toBe(1);
    await wakeCommentSender(jobs.queue, new Date());
    expect((await commentSettled(post.id)).firstCommentStatus).toBe('sent');
    expect(reddit.commentCalls).toBe(1);
    expect(reddit.comments).toHaveLength(1);
  });

  it('never comments twice when Reddit took the comment but the answer never came: it finds it instead', async () => {
    const { post } = await sentWithComment('Find me later');
    reddit.commentFailures.push({ hang: true });
    const impatient = createHttpRedditPostingApi({
      ...config().redditPosting!,
      ...config().reddit,
      scopes: ['identity', 'submit', 'read'],
      timeoutMs: 500,
    });
    const deps = { ...(await senderDeps()), posting: await createRedditPosting(db(), config(), impatient) };
    expect(await drainDueComments(deps, recoveryTimings)).toEqual({ uncertain: 1 });
    const uncertain = await row(post.id);
    expect(uncertain).toMatchObject({ firstCommentStatus: 'pending', firstCommentClaimToken: null });
    expect(uncertain.firstCommentSubmitStartedAt).not.toBeNull();
    // Not due again while a call may have landed.
    await makeDue(post.id);
    expect(await drainDueComments(deps, recoveryTimings)).toEqual({});
    expect((await recoverComments(await senderDeps(), recoveryTimings)).confirmed).toBe(1);
    expect(await row(post.id)).toMatchObject({
      firstCommentStatus: 'sent',
      firstCommentId: reddit.comments[0]!.id,
    });
    expect(reddit.commentCalls).toBe(1);
  });

  it('fails (and says why) rather than risk a second comment when the call got no answer and it is not there', async () => {
    const { post } = await sentWithComment();
    reddit.commentFailures.push({ drop: true });
    expect(await drainDueComments(await senderDeps(), recoveryTimings)).toEqual({ uncertain: 1 });
    expect((await recoverComments(await senderDeps(), recoveryTimings)).unconfirmed).toBe(1);
    expect(await row(post.id)).toMatchObject({
      firstCommentStatus: 'failed',
      firstCommentError: firstCommentErrors.unconfirmed,
    });
    expect(reddit.comments).toHaveLength(0);
    expect(reddit.commentCalls).toBe(1);
  });
});
