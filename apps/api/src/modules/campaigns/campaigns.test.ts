import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  campaignCreatedResponseSchema,
  campaignDetailSchema,
  campaignListResponseSchema,
  campaignPlanResponseSchema,
  campaignTexts,
} from '@app/shared/campaigns';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { newUser } from '../../../test/factories/users.js';
import { newAsset } from '../../../test/factories/media.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { RedditStandIn } from '../../../test/stand-ins/reddit.js';
import { signedInClient, type TestClient } from '../../../test/test-client.js';
import { createMediaStorage } from '../../adapters/storage/create-media-storage.js';
import { loadConfig } from '../../config.js';
import { campaigns, communities, scheduledPosts, type NewUserRow } from '../../db/schema/index.js';
import { sentHoursAgo } from '../../../test/factories/posts.js';
import { silentLog, waitFor } from '../../jobs/jobs.test-support.js';
import { wakeSender } from '../../jobs/send-posts.job.js';
import { queueCampaignCopies } from '../../jobs/campaign-copies.job.js';
import { sendingMarginMs } from './spacing.js';
import { startJobs, type RunningJobs } from '../../jobs/start-jobs.js';
import { uniqueToken } from '../communities/communities.test-support.js';
import { makeWaitingPostCopies } from '../imageshield/post-copies.js';
import { phonePhoto, upload } from '../media/media.test-support.js';
import { claimDuePosts } from '../posts/post-sending.repo.js';
import { connectAccount, redditEnv } from '../reddit/reddit.test-support.js';

const minute = 60_000;

describe.each(testDatabaseKinds())('campaigns on %s', (kind) => {
  let reddit: RedditStandIn;
  let testApp: TestApp;
  let dataDir: string;
  let running: RunningJobs[] = [];
  const db = () => testApp.database.db;

  beforeAll(async () => {
    reddit = await RedditStandIn.start();
    dataDir = await mkdtemp(path.join(tmpdir(), 'campaigns-'));
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

  async function setUp(options: { connect?: boolean; user?: Partial<NewUserRow> } = {}) {
    const user = await newUser(db(), { tier: 'pro', ...options.user });
    const client = await signedInClient(testApp.app, db(), user);
    if (options.connect !== false) await connectAccount(client, reddit, `u_${uniqueToken()}`);
    return { user, client };
  }

  async function subreddits(count: number, overrides: Parameters<typeof newCommunity>[1] = {}) {
    const rows = [];
    for (let i = 0; i < count; i++) {
      const community = await newCommunity(db(), { over18: true, ...overrides });
      reddit.addSubreddit(community.name, { allow_images: true });
      rows.push(community);
    }
    return rows;
  }

  async function photo(client: TestClient) {
    const uploaded = await upload(client, {
      filename: 'set.jpg',
      content: await phonePhoto(),
      contentType: 'image/jpeg',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    return uploaded.json<{ asset: { id: string } }>().asset.id;
  }

  const plan = (client: TestClient, payload: Record<string, unknown>) =>
    client.inject({ method: 'POST', url: '/api/campaigns/plan', payload });
  const create = (client: TestClient, payload: Record<string, unknown>) =>
    client.inject({ method: 'POST', url: '/api/campaigns', payload });
  // Other tests' due posts share the database: only this campaign's count.
  const claimedOf = (claimed: Array<{ campaignId: string | null }>, campaignId: string) =>
    claimed.filter((post) => post.campaignId === campaignId);
  /** As if the account's spacing had passed: sent posts move two hours back, waiting ones fall due. */
  async function passSpacing(campaignId: string) {
    for (const post of await postsOf(campaignId)) {
      if (post.status === 'sent') await sentHoursAgo(db(), post.id);
      else if (!post.claimToken)
        await db().update(scheduledPosts).set({ dueAt: new Date() }).where(eq(scheduledPosts.id, post.id));
    }
  }

  const postsOf = (campaignId: string) =>
    db()
      .select()
      .from(scheduledPosts)
      .where(eq(scheduledPosts.campaignId, campaignId))
      .orderBy(scheduledPosts.scheduledAt);

  it('plans before any account is linked: titles fitted per subreddit, times spaced, unknown subreddits flagged', async () => {
    const { client } = await setUp({ connect: false });
    const [tagged, plain] = await subreddits(2);
    await db()
      .update(communities)
      .set({ titleRules: ['Gender tag such as [F], [M] or [MF] required in the title'] })
      .where(eq(communities.id, tagged!.id));
    const startAt = new Date(Date.now() + 60 * minute).toISOString();
    const response = await plan(client, {
      title: 'Red satin and candlelight 🔥',
      startAt,
      spacing: { minGapMinutes: 30, maxPerHour: 2 },
      targets: [
        { subreddit: tagged!.name },
        { subreddit: `r/${plain!.name}` },
        { subreddit: 'nosuchplace_xyz' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = campaignPlanResponseSchema.parse(response.json());
    expect(body.message).toBe('3 posts planned. Check each row, then confirm.');
    expect(body.redditUsername).toBeNull();
    expect(body.ok).toBe(false);
    const [first, second, unknown] = body.rows;
    expect(first).toMatchObject({
      subreddit: tagged!.name,
      title: 'Red satin and candlelight 🔥 [F]',
      ok: true,
      nsfw: true,
    });
    expect(first!.adjustments).toEqual([
      `Added [F]: r/${tagged!.name} requires a tag in the title (change it if another fits you).`,
    ]);
    expect(second).toMatchObject({ subreddit: plain!.name, title: 'Red satin and candlelight 🔥', ok: true });
    expect(Date.parse(first!.scheduledAt)).toBe(Date.parse(startAt));
    // The campaign's 30 minutes, with the planner's minute to spare for sending lateness.
    expect(Date.parse(second!.scheduledAt) - Date.parse(first!.scheduledAt)).toBe(
      30 * minute + sendingMarginMs,
    );
    expect(unknown).toMatchObject({ ok: false });
    expect(unknown!.problems[0]).toMatchObject({
      code: 'subreddit_unknown',
      message:
        "We don't know r/nosuchplace_xyz. Check the spelling, or pick a community from the Reddit Communities page.",
      fix: campaignTexts.unknownFix,
    });
    // Planning saved nothing.
    expect(await db().select().from(campaigns)).toHaveLength(0);
  });

  it('refuses bad input clearly and saves nothing', async () => {
    const { client, user } = await setUp({ user: { tier: 'free' } });
    const subs = await subreddits(11);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ title: 'Hi', targets: [] }, 400, campaignTexts.noTargets],
      [{ title: 'Hi', targets: subs.map((s) => ({ subreddit: s.name })) }, 403, campaignTexts.planLimit(10)],
      [
        { title: 'Hi', targets: [{ subreddit: subs[0]!.name }, { subreddit: subs[0]!.name.toUpperCase() }] },
        422,
        campaignTexts.duplicateTarget(subs[0]!.name.toUpperCase()),
      ],
      [
        {
          title: 'Hi',
          startAt: new Date(Date.now() - 3_600_000).toISOString(),
          targets: [{ subreddit: subs[0]!.name }],
        },
        422,
        'That time has already passed. Pick a time in the future, or choose "now".',
      ],
      [
        {
          title: 'Hi',
          imageIds: ['00000000-0000-4000-8000-000000000000'],
          targets: [{ subreddit: subs[0]!.name }],
        },
        404,
        'A campaign photo is not in your gallery (it may have been deleted). Pick it again.',
      ],
      [
        {
          title: 'Hi',
          spacing: { minGapMinutes: 1, maxPerHour: 3 },
          targets: [{ subreddit: subs[0]!.name }],
        },
        400,
        'Posts of one account need at least 5 minutes between them.',
      ],
    ];
    for (const [payload, status, message] of cases) {
      const response = await create(client, payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toContain(message);
    }
    expect(await db().select().from(campaigns).where(eq(campaigns.userId, user.id))).toHaveLength(0);
    expect(await db().select().from(scheduledPosts).where(eq(scheduledPosts.userId, user.id))).toHaveLength(
      0,
    );
  });

  it('refuses a campaign with a row Reddit would refuse, as a whole', async () => {
    const { client, user } = await setUp();
    const [ok, strict] = await subreddits(2);
    reddit.addSubreddit(strict!.name, {
      allow_images: true,
      requirements: { title_required_strings: ['[OC]'] },
    });
    const payload = { title: 'Golden hour', targets: [{ subreddit: ok!.name }, { subreddit: strict!.name }] };
    const planned = campaignPlanResponseSchema.parse((await plan(client, payload)).json());
    expect(planned.rows[1]!.problems[0]).toMatchObject({
      code: 'title_required_string',
      suggestedTitle: 'Golden hour [OC]',
    });
    const refused = await create(client, payload);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(campaignTexts.rowsHaveProblems(1));
    expect(await db().select().from(scheduledPosts).where(eq(scheduledPosts.userId, user.id))).toHaveLength(
      0,
    );
    // The one-click fix: the row's suggested title, sent back as that row's own title.
    const fixed = await create(client, {
      ...payload,
      targets: [
        { subreddit: ok!.name },
        { subreddit: strict!.name, title: planned.rows[1]!.problems[0]!.suggestedTitle },
      ],
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
  });

  it('gives every crosspost its own protected copy and sends each once, spaced, with its flags', async () => {
    const { client } = await setUp();
    const subs = await subreddits(3);
    const imageId = await photo(client);
    const response = await create(client, {
      name: 'Candlelight set',
      title: 'Candlelight',
      imageIds: [imageId],
      spacing: { minGapMinutes: 5, maxPerHour: 10 },
      targets: [
        { subreddit: subs[0]!.name, spoiler: true },
        { subreddit: subs[1]!.name, nsfw: false },
        { subreddit: subs[2]!.name },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { message, campaign } = campaignCreatedResponseSchema.parse(response.json());
    expect(message).toBe(campaignTexts.created(3));
    expect(campaign).toMatchObject({
      name: 'Candlelight set',
      status: 'active',
      counts: { pending: 3, sent: 0, failed: 0 },
      copies: { making: 3, ready: 0, failed: 0 },
    });

    // Nothing goes out while a post's copy is being made, even when it is due.
    expect(claimedOf(await claimDuePosts(db(), 100), campaign.id)).toHaveLength(0);
    const storage = createMediaStorage(config().media);
    expect(await makeWaitingPostCopies({ db: db(), storage, tempDir: dataDir })).toBe(3);
    const posts = await postsOf(campaign.id);
    expect(posts.map((post) => post.copyState)).toEqual(['ready', 'ready', 'ready']);
    expect(new Set(posts.map((post) => post.copyPdqHash)).size).toBe(3);
    expect(new Set(posts.map((post) => post.copyStorageKey)).size).toBe(3);

    // Due now: the campaign's times are moved to the past so the sender takes them.
    for (const [index, post] of posts.entries()) {
      const at = new Date(Date.now() - (3 - index) * minute);
      await db()
        .update(scheduledPosts)
        .set({ scheduledAt: at, dueAt: at })
        .where(eq(scheduledPosts.id, post.id));
    }
    const jobs = await startJobs(
      { database: testApp.database, config: config(), log: silentLog },
      { stopTimeoutMs: 1000, senderTimings: { claimLeaseMs: 300, submitSettleMs: 0 } },
    );
    running.push(jobs);
    await wakeSender(jobs.queue, new Date());
    const mine = () => reddit.posts.filter((post) => subs.some((sub) => sub.name === post.subreddit));
    // Due together, they still reach Reddit the campaign's 5 minutes apart: the first goes, the
    // others wait, saying why and until when.
    await waitFor(() => mine().length === 1, 30_000);
    const held = await waitFor(async () => {
      const waiting = (await postsOf(campaign.id)).filter((post) => post.status === 'pending');
      return waiting.length === 2 && waiting.every((post) => post.lastError && !post.claimToken) && waiting;
    });
    const sentFirst = (await postsOf(campaign.id)).find((post) => post.status === 'sent')!;
    for (const post of held) {
      // Held from when the first was in flight, a moment before it was marked sent (re-checked when due).
      expect(post.dueAt.getTime() - sentFirst.sentAt!.getTime()).toBeGreaterThan(5 * minute - 5_000);
      expect(post.lastError).toMatch(
        /^Waiting to keep u\/\S+'s posts 5 minutes apart and at most 10 an hour/,
      );
      expect(post.attempts).toBe(0);
    }
    // Time passes until all three went out.
    await waitFor(async () => {
      await passSpacing(campaign.id);
      await wakeSender(jobs.queue, new Date());
      return mine().length === 3;
    }, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mine()).toHaveLength(3);
    expect(new Set([...reddit.uploads.values()].map((u) => u.sha256)).size).toBe(3);
    const bySubreddit = new Map(mine().map((post) => [post.subreddit, post]));
    expect(bySubreddit.get(subs[0]!.name)).toMatchObject({ spoiler: true, over_18: true, kind: 'image' });
    expect(bySubreddit.get(subs[1]!.name)).toMatchObject({ spoiler: false, over_18: false });
    const detail = campaignDetailSchema.parse(
      (await client.inject({ method: 'GET', url: `/api/campaigns/${campaign.id}` })).json(),
    );
    await waitFor(async () => {
      const now = campaignDetailSchema.parse(
        (await client.inject({ method: 'GET', url: `/api/campaigns/${campaign.id}` })).json(),
      );
      return now.status === 'done' && now;
    }, 10_000);
    expect(detail.posts).toHaveLength(3);
  }, 60_000);

  it('carries a first comment to every post, flags it where links in comments are banned, and leaves it out per row', async () => {
    const { client } = await setUp();
    const [open, strict] = await subreddits(2);
    await db()
      .update(communities)
      .set({ contentRules: ['No links in comments or posts'] })
      .where(eq(communities.id, strict!.id));
    const payload = {
      title: 'New set',
      firstComment: 'Full set at onlyfans.com/cleo',
      firstCommentDelayMinutes: 5,
      targets: [{ subreddit: open!.name }, { subreddit: strict!.name }],
    };
    const planned = campaignPlanResponseSchema.parse((await plan(client, payload)).json());
    expect(planned.rows.map((row) => [row.ok, row.firstComment])).toEqual([
      [true, 'Full set at onlyfans.com/cleo'],
      [false, 'Full set at onlyfans.com/cleo'],
    ]);
    expect(planned.rows[1]!.problems.map((problem) => problem.code)).toContain('comment_links_not_allowed');
    const response = await create(client, {
      ...payload,
      targets: [{ subreddit: open!.name }, { subreddit: strict!.name, firstComment: '' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const posts = campaignCreatedResponseSchema.parse(response.json()).campaign.posts;
    expect(
      posts.map((post) => [
        post.subreddit,
        post.firstComment?.text ?? null,
        post.firstComment?.delayMinutes ?? null,
      ]),
    ).toEqual([
      [open!.name, 'Full set at onlyfans.com/cleo', 5],
      [strict!.name, null, null],
    ]);
  });

  it('marks a post of an explicit photo NSFW whatever the row asked', async () => {
    const { client, user } = await setUp();
    const [sub] = await subreddits(1, { over18: false });
    const asset = await newAsset(db(), { userId: user.id, contentRating: 'explicit' });
    const planned = campaignPlanResponseSchema.parse(
      (
        await plan(client, {
          title: 'Robe',
          imageIds: [asset.id],
          targets: [{ subreddit: sub!.name, nsfw: false }],
        })
      ).json(),
    );
    expect(planned.rows[0]).toMatchObject({ nsfw: true, imageId: asset.id });
    expect(planned.rows[0]!.problems.map((problem) => problem.code)).toContain('explicit_photo_not_over18');
  });

  it('keeps the times the creator saw, moving all of them together when the first has passed', async () => {
    const { client } = await setUp();
    const subs = await subreddits(3);
    const targets = subs.map((s) => ({ subreddit: s.name }));
    const planned = campaignPlanResponseSchema.parse(
      (await plan(client, { title: 'Seen times', targets })).json(),
    );
    // Confirmed ten minutes "later": the plan's times are now in the past.
    const lateBy = 10 * minute;
    const response = await create(client, {
      title: 'Seen times',
      targets: planned.rows.map((row) => ({
        subreddit: row.subreddit,
        scheduledAt: new Date(Date.parse(row.scheduledAt) - lateBy).toISOString(),
      })),
    });
    expect(response.statusCode, response.body).toBe(201);
    const posts = campaignCreatedResponseSchema.parse(response.json()).campaign.posts;
    const seen = planned.rows.map((row) => Date.parse(row.scheduledAt));
    const saved = posts.map((post) => Date.parse(post.scheduledAt));
    expect(Math.min(...saved)).toBeGreaterThanOrEqual(Date.now() - minute);
    expect(saved[1]! - saved[0]!).toBe(seen[1]! - seen[0]!);
    expect(saved[2]! - saved[1]!).toBe(seen[2]! - seen[1]!);
  });

  it.skipIf(kind !== 'postgres')(
    'two job runners on one PostgreSQL database make each copy once and send each campaign post and its first comment once',
    async () => {
      const { client } = await setUp();
      const subs = await subreddits(5);
      const imageId = await photo(client);
      const created = campaignCreatedResponseSchema.parse(
        (
          await create(client, {
            title: 'Two senders',
            imageIds: [imageId],
            firstComment: 'Thank you for looking',
            firstCommentDelayMinutes: 0,
            targets: subs.map((s) => ({ subreddit: s.name })),
          })
        ).json(),
      ).campaign;
      // All due now, copies not made yet: both processes race for the copies, then for the sends.
      const past = new Date(Date.now() - minute);
      await db()
        .update(scheduledPosts)
        .set({ scheduledAt: past, dueAt: past })
        .where(eq(scheduledPosts.campaignId, created.id));
      const timings = { claimLeaseMs: 300, submitSettleMs: 0 };
      const first = await startJobs(
        { database: testApp.database, config: config(), log: silentLog },
        { stopTimeoutMs: 1000, senderTimings: timings },
      );
      const second = await startJobs(
        { database: testApp.database, config: config(), log: silentLog },
        { stopTimeoutMs: 1000, senderTimings: timings },
      );
      running.push(first, second);
      await Promise.all([queueCampaignCopies(first.queue), queueCampaignCopies(second.queue)]);
      const mine = () => reddit.posts.filter((post) => subs.some((sub) => sub.name === post.subreddit));
      await waitFor(async () => {
        // Time passes between the posts (their account's spacing holds each next one back meanwhile).
        await passSpacing(created.id);
        await Promise.all([wakeSender(first.queue, new Date()), wakeSender(second.queue, new Date())]);
        return mine().length === 5;
      }, 60_000);
      await waitFor(
        () => reddit.comments.filter((c) => mine().some((p) => p.id === c.postId)).length === 5,
        30_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(mine()).toHaveLength(5);
      expect(new Set(mine().map((post) => post.subreddit)).size).toBe(5);
      expect(reddit.comments.filter((c) => mine().some((p) => p.id === c.postId))).toHaveLength(5);
      const posts = await postsOf(created.id);
      expect(posts.map((post) => post.copyState)).toEqual(Array(5).fill('ready'));
      expect(new Set(posts.map((post) => post.copyPdqHash)).size).toBe(5);
    },
    90_000,
  );

  it('removes a cancelled post’s own copy, one post or the whole campaign', async () => {
    const { client } = await setUp();
    const subs = await subreddits(2);
    const imageId = await photo(client);
    const created = campaignCreatedResponseSchema.parse(
      (
        await create(client, {
          title: 'Short-lived',
          imageIds: [imageId],
          startAt: new Date(Date.now() + 60 * minute).toISOString(),
          targets: subs.map((s) => ({ subreddit: s.name })),
        })
      ).json(),
    ).campaign;
    const storage = createMediaStorage(config().media);
    await makeWaitingPostCopies({ db: db(), storage, tempDir: dataDir });
    const [one, two] = await postsOf(created.id);
    expect(await storage.read(one!.copyStorageKey!)).not.toBeNull();
    const cancelled = await client.inject({ method: 'DELETE', url: `/api/posts/scheduled/${one!.id}` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await storage.read(one!.copyStorageKey!)).toBeNull();
    expect(await storage.read(two!.copyStorageKey!)).not.toBeNull();
    expect((await client.inject({ method: 'DELETE', url: `/api/campaigns/${created.id}` })).statusCode).toBe(
      200,
    );
    expect(await storage.read(two!.copyStorageKey!)).toBeNull();
  });

  it('pauses, resumes (spreading overdue posts again from now) and cancels; never another user’s', async () => {
    const { client } = await setUp();
    const subs = await subreddits(3);
    const created = campaignCreatedResponseSchema.parse(
      (
        await create(client, {
          title: 'Weekend',
          startAt: new Date(Date.now() + 10 * minute).toISOString(),
          targets: subs.map((s) => ({ subreddit: s.name })),
        })
      ).json(),
    ).campaign;
    expect(created.posts.map((post) => post.copyState)).toEqual([null, null, null]);
    const act = (what: 'pause' | 'resume') =>
      client.inject({ method: 'POST', url: `/api/campaigns/${created.id}/${what}` });

    const paused = await act('pause');
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ message: campaignTexts.paused, campaign: { status: 'paused' } });
    expect((await act('pause')).json().message).toBe(campaignTexts.notActive);
    // While paused, even an overdue post stays.
    const past = new Date(Date.now() - 30 * minute);
    await db()
      .update(scheduledPosts)
      .set({ scheduledAt: past, dueAt: past })
      .where(eq(scheduledPosts.campaignId, created.id));
    expect(claimedOf(await claimDuePosts(db(), 100), created.id)).toHaveLength(0);

    const other = await setUp();
    expect(
      (await other.client.inject({ method: 'GET', url: `/api/campaigns/${created.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await other.client.inject({ method: 'POST', url: `/api/campaigns/${created.id}/resume` })).statusCode,
    ).toBe(404);
    expect(
      (await other.client.inject({ method: 'DELETE', url: `/api/campaigns/${created.id}` })).statusCode,
    ).toBe(404);

    const resumed = await act('resume');
    expect(resumed.statusCode, resumed.body).toBe(200);
    const times = campaignDetailSchema
      .parse(resumed.json().campaign)
      .posts.map((post) => Date.parse(post.scheduledAt));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.now() - minute);
    const sorted = [...times].sort((a, b) => a - b);
    expect(sorted[1]! - sorted[0]!).toBeGreaterThanOrEqual(20 * minute);

    const cancelled = await client.inject({ method: 'DELETE', url: `/api/campaigns/${created.id}` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().message).toBe(campaignTexts.cancelled(3));
    expect(await postsOf(created.id)).toHaveLength(0);
    const list = campaignListResponseSchema.parse(
      (await client.inject({ method: 'GET', url: '/api/campaigns' })).json(),
    );
    expect(list.map((c) => [c.id, c.status])).toEqual([[created.id, 'cancelled']]);
  });
});
