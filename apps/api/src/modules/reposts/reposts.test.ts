import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { repostActionResponseSchema, repostListResponseSchema, repostTexts } from '@app/shared/reposts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { newUser } from '../../../test/factories/users.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { RedditStandIn } from '../../../test/stand-ins/reddit.js';
import { signedInClient, type TestClient } from '../../../test/test-client.js';
import { createMediaStorage } from '../../adapters/storage/create-media-storage.js';
import { loadConfig } from '../../config.js';
import {
  campaigns,
  redditAccounts,
  redditRateBudget,
  repostSeries,
  scheduledPosts,
} from '../../db/schema/index.js';
import { silentLog } from '../../jobs/jobs.test-support.js';
import { uniqueToken } from '../communities/communities.test-support.js';
import { phonePhoto, upload } from '../media/media.test-support.js';
import { defaultSenderTimings, drainDuePosts } from '../posts/post-sending.service.js';
import { createRedditPosting } from '../reddit/reddit-posting-context.js';
import { connectAccount, redditEnv } from '../reddit/reddit.test-support.js';
import { makeDueRounds, stopFinishedSeries, type RoundDependencies } from './reposts.rounds.js';

const minute = 60_000;
const day = 24 * 60 * minute;

describe.each(testDatabaseKinds())('recurring reposts on %s', (kind) => {
  let reddit: RedditStandIn;
  let testApp: TestApp;
  let dataDir: string;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    reddit = await RedditStandIn.start();
    dataDir = await mkdtemp(path.join(tmpdir(), 'reposts-'));
    testApp = await buildTestApp(kind, { ...redditEnv(reddit), DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await testApp?.close();
    await reddit?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    reddit.reset();
    // A 429 makes the server-wide allowance wait; each test links an account through it.
    await db().delete(redditRateBudget);
  });

  const config = () =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...redditEnv(reddit),
      ...(testApp.database.url ? { DATABASE_URL: testApp.database.url } : {}),
    });

  let copiesAsked = 0;
  const woken: Date[] = [];
  async function roundDeps(): Promise<RoundDependencies> {
    return {
      db: db(),
      storage: createMediaStorage(config().media),
      posting: await createRedditPosting(db(), config()),
      log: silentLog,
      wake: async (at) => {
        woken.push(at);
      },
      makeCopies: async () => {
        copiesAsked++;
      },
    };
  }

  async function subreddit() {
    const community = await newCommunity(db(), { over18: true });
    reddit.addSubreddit(community.name, { allow_images: true });
    return community.name;
  }

  /** A user with a linked account, a photo and a post of it sent to one subreddit a minute ago. */
  async function setUp() {
    const user = await newUser(db(), { tier: 'pro' });
    const client = await signedInClient(testApp.app, db(), user);
    const linked = await connectAccount(client, reddit, `u_${uniqueToken()}`);
    expect(linked.headers.location).toBe('/?reddit=connected');
    const [account] = await db().select().from(redditAccounts).where(eq(redditAccounts.userId, user.id));
    const uploaded = await upload(client, {
      filename: 'repost.jpg',
      content: await phonePhoto(),
      contentType: 'image/jpeg',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const imageId = uploaded.json<{ asset: { id: string } }>().asset.id;
    const first = await subreddit();
    // Sent a while ago: the series' posts due now are past the account's spacing.
    const sentAt = new Date(Date.now() - 120 * minute);
    const [post] = await db()
      .insert(scheduledPosts)
      .values({
        userId: user.id,
        redditAccountId: account!.id,
        mediaAssetId: imageId,
        kind: 'image',
        subreddit: first,
        titleFinal: 'Golden hour on the balcony',
        scheduledAt: sentAt,
        dueAt: sentAt,
        status: 'sent',
        sentAt,
        redditPostId: `t3_${uniqueToken()}`,
        nsfw: true,
      })
      .returning();
    return { user, client, account: account!, imageId, post: post!, first };
  }

  const create = (client: TestClient, payload: Record<string, unknown>) =>
    client.inject({ method: 'POST', url: '/api/reposts', payload });

  async function createSeries(client: TestClient, payload: Record<string, unknown>) {
    const response = await create(client, payload);
    expect(response.statusCode, response.body).toBe(201);
    return repostActionResponseSchema.parse(response.json());
  }

  /** Makes the series due now, as if N days had passed. */
  const makeDue = (id: string) =>
    db()
      .update(repostSeries)
      .set({ nextRunAt: new Date(Date.now() - minute) })
      .where(eq(repostSeries.id, id));
  const postsOf = (seriesId: string) =>
    db()
      .select()
      .from(scheduledPosts)
      .where(eq(scheduledPosts.seriesId, seriesId))
      .orderBy(scheduledPosts.scheduledAt);
  const seriesRow = async (id: string) =>
    (await db().select().from(repostSeries).where(eq(repostSeries.id, id)))[0]!;

  it('creates a series from a sent post, lists it, stops and resumes it; others cannot see or touch it', async () => {
    const { client, post, first } = await setUp();
    const second = await subreddit();
    const before = Date.now();
    const created = await createSeries(client, {
      sourcePostId: post.id,
      everyDays: 5,
      subreddits: [first, `r/${second}`],
      titles: ['Golden hour on the balcony', 'Balcony light, again'],
    });
    expect(created.message).toBe(repostTexts.created(5, 2));
    expect(created.series).toMatchObject({
      status: 'active',
      everyDays: 5,
      subreddits: [first, second],
      titles: ['Golden hour on the balcony', 'Balcony light, again'],
      rounds: 0,
      stoppedReason: null,
    });
    const next = Date.parse(created.series.nextRunAt);
    expect(next).toBeGreaterThanOrEqual(before + 5 * day - 1000);
    expect(next).toBeLessThanOrEqual(Date.now() + 5 * day);

    const listed = repostListResponseSchema.parse(
      (await client.inject({ method: 'GET', url: '/api/reposts' })).json(),
    );
    expect(listed.map((series) => series.id)).toEqual([created.series.id]);

    const other = await setUp();
    expect((await other.client.inject({ method: 'GET', url: '/api/reposts' })).json()).toEqual([]);
    const foreignStop = await other.client.inject({
      method: 'POST',
      url: `/api/reposts/${created.series.id}/stop`,
    });
    expect(foreignStop.statusCode).toBe(404);
    expect(foreignStop.json().message).toBe(repostTexts.notFound);
    const foreignSource = await create(other.client, { sourcePostId: post.id });
    expect(foreignSource.statusCode).toBe(404);
    expect((await seriesRow(created.series.id)).status).toBe('active');

    const stopped = await client.inject({ method: 'POST', url: `/api/reposts/${created.series.id}/stop` });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({
      message: repostTexts.stopped,
      series: { status: 'stopped', stoppedReason: repostTexts.stoppedByYou },
    });
    const again = await client.inject({ method: 'POST', url: `/api/reposts/${created.series.id}/stop` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(repostTexts.alreadyStopped);

    const resumed = await client.inject({ method: 'POST', url: `/api/reposts/${created.series.id}/resume` });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({
      message: repostTexts.resumed,
      series: { status: 'active', stoppedReason: null },
    });
  });

  it('refuses bad requests with a clear message and saves nothing', async () => {
    const { client, user, post, first } = await setUp();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ everyDays: 7 }, 422, repostTexts.needsSource],
      [{ sourcePostId: post.id, everyDays: 2 }, 400, repostTexts.everyDaysRange],
      [{ sourcePostId: post.id, everyDays: 61 }, 400, repostTexts.everyDaysRange],
      [{ sourcePostId: post.id, titles: [] }, 400, repostTexts.noTitles],
      [
        { sourcePostId: post.id, subreddits: [first, first.toUpperCase()] },
        422,
        repostTexts.duplicateSubreddit(first.toUpperCase()),
      ],
      [{ sourcePostId: crypto.randomUUID() }, 404, repostTexts.sourceNotFound],
    ];
    for (const [payload, status, message] of cases) {
      const response = await create(client, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.body).toContain(message);
    }
    const saved = await db().select().from(repostSeries).where(eq(repostSeries.userId, user.id));
    expect(saved).toHaveLength(0);
  });

  it('makes a round: one post per subreddit, titles in turn, fresh copies, spaced; the next round rotates', async () => {
    const { client, post, first } = await setUp();
    const second = await subreddit();
    const { series } = await createSeries(client, {
      sourcePostId: post.id,
      everyDays: 7,
      subreddits: [first, second],
      titles: ['Title A', 'Title B'],
    });
    const deps = await roundDeps();
    const asked = copiesAsked;
    await makeDue(series.id);
    const now = new Date();
    expect(await makeDueRounds(deps, now)).toBeGreaterThanOrEqual(1);
    const round1 = await postsOf(series.id);
    expect(round1.map((p) => [p.subreddit, p.titleFinal, p.copyState, p.status, p.kind])).toEqual([
      [first, 'Title A', 'making', 'pending', 'image'],
      [second, 'Title B', 'making', 'pending', 'image'],
    ]);
    expect(round1.every((p) => p.mediaAssetId === post.mediaAssetId)).toBe(true);
    // Spaced: 20 minutes after the sent post, and 20 minutes apart (the default gap).
    expect(round1[0]!.scheduledAt.getTime()).toBeGreaterThanOrEqual(post.sentAt!.getTime() + 20 * minute);
    expect(round1[1]!.scheduledAt.getTime() - round1[0]!.scheduledAt.getTime()).toBeGreaterThanOrEqual(
      20 * minute,
    );
    expect(copiesAsked).toBe(asked + 1);
    const after = await seriesRow(series.id);
    expect(after.rounds).toBe(1);
    expect(after.nextRunAt.getTime()).toBe(now.getTime() + 7 * day);

    // Nothing more until it is due again.
    await makeDueRounds(deps);
    expect(await postsOf(series.id)).toHaveLength(2);

    await makeDue(series.id);
    await makeDueRounds(deps);
    const round2 = (await postsOf(series.id)).filter((p) => !round1.some((r) => r.id === p.id));
    expect(round2.map((p) => [p.subreddit, p.titleFinal])).toEqual([
      [first, 'Title B'],
      [second, 'Title A'],
    ]);
  });

  it('skips a subreddit whose rules now refuse the post, and says so', async () => {
    const { client, post, first } = await setUp();
    const refusing = await newCommunity(db(), {
      over18: true,
      titleRules: ['Gender tag such as [F], [M] or [MF] required in the title'],
    });
    reddit.addSubreddit(refusing.name, { allow_images: true });
    const { series } = await createSeries(client, {
      sourcePostId: post.id,
      subreddits: [first, refusing.name],
    });
    await makeDue(series.id);
    await makeDueRounds(await roundDeps());
    expect((await postsOf(series.id)).map((p) => p.subreddit)).toEqual([first]);
    expect((await seriesRow(series.id)).lastRoundNote).toBe(repostTexts.skipped([refusing.name]));
  });

  it('creates a series from a campaign: its subreddits, photo and caption; a text post is refused', async () => {
    const { client, user, account, imageId, post } = await setUp();
    const [a, b] = [await subreddit(), await subreddit()];
    const [campaign] = await db()
      .insert(campaigns)
      .values({
        userId: user.id,
        name: 'Sunsets',
        title: 'Sunset set',
        imageIds: [imageId],
        redditAccountId: account.id,
        minGapMinutes: 20,
        maxPerHour: 3,
      })
      .returning();
    // The campaign's order is its posts' time order: r/a went first.
    for (const [index, name] of [a, b].entries()) {
      const sentAt = new Date(Date.now() - (3 - index) * minute);
      await db()
        .insert(scheduledPosts)
        .values({
          ...(name === a ? { flairText: 'OC' } : {}),
          userId: user.id,
          campaignId: campaign!.id,
          redditAccountId: account.id,
          mediaAssetId: imageId,
          kind: 'image',
          subreddit: name,
          titleFinal: 'Sunset set',
          scheduledAt: sentAt,
          status: 'sent',
          sentAt,
        });
    }
    const { series } = await createSeries(client, { campaignId: campaign!.id, everyDays: 3 });
    expect(series).toMatchObject({ campaignId: campaign!.id, subreddits: [a, b], titles: ['Sunset set'] });
    await makeDue(series.id);
    await makeDueRounds(await roundDeps());
    // The flair a subreddit's post used goes with every round there.
    expect(
      (await postsOf(series.id)).map((p) => [p.subreddit, p.titleFinal, p.mediaAssetId, p.flairText]),
    ).toEqual([
      [a, 'Sunset set', imageId, 'OC'],
      [b, 'Sunset set', imageId, null],
    ]);

    const [textPost] = await db()
      .insert(scheduledPosts)
      .values({ ...post, id: undefined, kind: 'self', mediaAssetId: null, createdAt: undefined })
      .returning();
    const refused = await create(client, { sourcePostId: textPost!.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(repostTexts.sourceNeedsPhoto);
  });

  it('makes one round when two runs race for the same due series', async () => {
    const { client, post, first } = await setUp();
    const { series } = await createSeries(client, { sourcePostId: post.id, subreddits: [first] });
    await makeDue(series.id);
    const deps = await roundDeps();
    await Promise.all([makeDueRounds(deps), makeDueRounds(deps)]);
    expect(await postsOf(series.id)).toHaveLength(1);
    expect((await seriesRow(series.id)).rounds).toBe(1);
  });

  it('stops when a post of the series was removed, naming the subreddit, and cancels waiting posts', async () => {
    const { client, post, first } = await setUp();
    const second = await subreddit();
    const { series } = await createSeries(client, { sourcePostId: post.id, subreddits: [first, second] });
    const deps = await roundDeps();
    await makeDue(series.id);
    await makeDueRounds(deps);
    const [removed, waiting] = await postsOf(series.id);
    const checkedAt = new Date();
    await db()
      .update(scheduledPosts)
      .set({
        status: 'sent',
        sentAt: new Date(),
        redditPostId: `t3_${uniqueToken()}`,
        outcome: {
          checkedAt: checkedAt.toISOString(),
          minutesAfterSending: 15,
          removed: true,
          removedBy: 'moderator',
          score: 1,
          comments: 0,
        },
      })
      .where(eq(scheduledPosts.id, removed!.id));
    expect(await stopFinishedSeries(deps)).toBeGreaterThanOrEqual(1);
    const stopped = await seriesRow(series.id);
    expect(stopped.status).toBe('stopped');
    expect(stopped.stoppedReason).toBe(
      `Stopped: your repost in r/${first} was removed by the moderators on ${checkedAt.toISOString().slice(0, 10)}. Reposting there again risks a ban.`,
    );
    const left = await postsOf(series.id);
    expect(left.map((p) => p.id)).toEqual([removed!.id]);
    expect(left.some((p) => p.id === waiting!.id)).toBe(false);
    const listed = (await client.inject({ method: 'GET', url: '/api/reposts' })).json();
    expect(listed[0]).toMatchObject({ status: 'stopped', stoppedReason: stopped.stoppedReason });
    // No new round for a stopped series.
    await makeDue(series.id);
    await makeDueRounds(deps);
    expect(await postsOf(series.id)).toHaveLength(1);

    // Resuming is her choice: the removal already seen does not stop it again, a new one does.
    const resumed = await client.inject({ method: 'POST', url: `/api/reposts/${series.id}/resume` });
    expect(resumed.statusCode, resumed.body).toBe(200);
    await stopFinishedSeries(deps);
    expect((await seriesRow(series.id)).status).toBe('active');
    await db()
      .update(scheduledPosts)
      .set({
        outcome: sql`jsonb_set(${scheduledPosts.outcome}, '{checkedAt}', to_jsonb(${new Date(Date.now() + minute).toISOString()}::text))`,
      })
      .where(eq(scheduledPosts.id, removed!.id));
    await stopFinishedSeries(deps);
    expect((await seriesRow(series.id)).status).toBe('stopped');

    // A new series leaves out the subreddit where the post was removed, and refuses it when named.
    const [removedPost] = await db().select().from(scheduledPosts).where(eq(scheduledPosts.id, removed!.id));
    const refused = await create(client, { sourcePostId: removedPost!.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(repostTexts.noSubreddits);
    const named = await create(client, { sourcePostId: removedPost!.id, subreddits: [first] });
    expect(named.statusCode).toBe(422);
    expect(named.json().message).toBe(repostTexts.sourceRemoved(first));
  });

  it('stops when a series post meets a Reddit rate limit, and cancels its waiting posts', async () => {
    const { client, post, first } = await setUp();
    const second = await subreddit();
    const { series } = await createSeries(client, { sourcePostId: post.id, subreddits: [first, second] });
    const deps = await roundDeps();
    await makeDue(series.id);
    await makeDueRounds(deps);
    const [due, later] = await postsOf(series.id);
    // The first goes now, with the photo's own file (copies are tested with campaigns).
    await db()
      .update(scheduledPosts)
      .set({ copyState: null, scheduledAt: new Date(), dueAt: new Date() })
      .where(eq(scheduledPosts.id, due!.id));
    reddit.submitFailures.push({
      errors: [['RATELIMIT', 'you are doing that too much. try again in 9 minutes.', 'ratelimit']],
    });
    await drainDuePosts({
      db: db(),
      posting: deps.posting,
      storage: deps.storage,
      log: silentLog,
      concurrency: 1,
    });
    const stopped = await seriesRow(series.id);
    expect(stopped.status).toBe('stopped');
    expect(stopped.stoppedReason).toMatch(
      new RegExp(
        `^Stopped: Reddit told this account to slow down \\(rate limit\\) while reposting to r/${first} on \\d{4}-\\d{2}-\\d{2}\\. Wait a few days before resuming\\.$`,
      ),
    );
    expect(await postsOf(series.id)).toHaveLength(0);
    expect(later).toBeDefined();
  });

  it('stops when the sender gives up on a series post after 429s, and not on other failures', async () => {
    const { client, post, first } = await setUp();
    const { series } = await createSeries(client, { sourcePostId: post.id });
    const deps = await roundDeps();
    await makeDue(series.id);
    await makeDueRounds(deps);
    const [due] = await postsOf(series.id);
    const sendNow = () =>
      db()
        .update(scheduledPosts)
        .set({ copyState: null, scheduledAt: new Date(), dueAt: new Date() })
        .where(eq(scheduledPosts.id, due!.id));
    const sender = { db: db(), posting: deps.posting, storage: deps.storage, log: silentLog, concurrency: 1 };
    const oneTry = { ...defaultSenderTimings, maxAttempts: 1 };
    // A rule refusal fails the post but is not a rate limit: the series goes on.
    await sendNow();
    reddit.submitFailures.push({
      errors: [['SUBMIT_VALIDATION_FLAIR_REQUIRED', 'Your post must contain post flair.', 'flair']],
    });
    await drainDuePosts(sender, oneTry);
    expect((await postsOf(series.id))[0]!.status).toBe('failed');
    expect((await seriesRow(series.id)).status).toBe('active');

    await db()
      .update(scheduledPosts)
      .set({ status: 'pending', resultJson: null, attempts: 0 })
      .where(eq(scheduledPosts.id, due!.id));
    await sendNow();
    reddit.submitFailures.push({ status: 429, retryAfter: 0 });
    await drainDuePosts(sender, oneTry);
    expect((await postsOf(series.id))[0]!.status).toBe('failed');
    const stopped = await seriesRow(series.id);
    expect(stopped.status).toBe('stopped');
    expect(stopped.stoppedReason).toBe(repostTexts.stoppedRateLimited(first, stopped.updatedAt));
  });

  it('stops when the account is disconnected', async () => {
    const { client, post, account } = await setUp();
    const { series } = await createSeries(client, { sourcePostId: post.id });
    await db().delete(redditAccounts).where(eq(redditAccounts.id, account.id));
    await stopFinishedSeries(await roundDeps());
    expect(await seriesRow(series.id)).toMatchObject({
      status: 'stopped',
      stoppedReason: repostTexts.stoppedAccountGone,
    });
    const resumed = await client.inject({ method: 'POST', url: `/api/reposts/${series.id}/resume` });
    expect(resumed.statusCode).toBe(409);
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(repostSeries)
        .where(and(eq(repostSeries.id, series.id), eq(repostSeries.status, 'active'))),
    ).toEqual([{ n: 0 }]);
  });
});
