import { describe, expect, it } from 'vitest';
import {
  postCheckResponseSchema,
  scheduledPostListResponseSchema,
  schedulePostResponseSchema,
} from '@app/shared/posts';
import { useTestApp } from '../../../test/use-test-app.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { newAsset } from '../../../test/factories/media.js';
import { newUser } from '../../../test/factories/users.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { signedInClient, type TestClient } from '../../../test/test-client.js';
import type { NewUserRow } from '../../db/schema/index.js';
import { uniqueToken } from '../communities/communities.test-support.js';
import { connectAccount } from '../reddit/reddit.test-support.js';
import { formatUtcTime } from '@app/shared/utc-time';

const hour = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * hour).toISOString();

describe.each(testDatabaseKinds())('scheduling posts on %s', (kind) => {
  const testApp = useTestApp(kind, { standIns: { reddit: true } });
  const { db, reddit } = testApp;

  /** A signed-in user with a linked Reddit account, and a community known to us and to Reddit. */
  async function setUp(
    options: {
      user?: Partial<NewUserRow>;
      community?: Parameters<typeof newCommunity>[1];
      requirements?: Record<string, unknown>;
      karma?: number;
    } = {},
  ) {
    const user = await newUser(db(), options.user);
    const client = await signedInClient(testApp.app(), db(), user);
    const username = `u_${uniqueToken()}`;
    reddit().addUser(
      username,
      options.karma === undefined ? {} : { link_karma: options.karma, comment_karma: 0 },
    );
    await connectAccount(client, reddit(), username);
    const community = await newCommunity(db(), options.community);
    reddit().addSubreddit(community.name, { requirements: options.requirements, allow_images: true });
    return { user, client, community, username };
  }

  const schedule = (client: TestClient, body: Record<string, unknown>) =>
    client.inject({ method: 'POST', url: '/api/posts/schedule', payload: body });

  it('schedules a post for a given time and lists it as pending (spec 3 fields)', async () => {
    const { client, community, username } = await setUp();
    const scheduledAt = inHours(6);
    const response = await schedule(client, {
      subreddit: `r/${community.name}`,
      title: 'Morning light',
      body: 'Hello',
      scheduledAt,
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = schedulePostResponseSchema.parse(response.json());
    expect(body.message).toBe(`Post scheduled for ${formatUtcTime(new Date(scheduledAt))}.`);
    expect(body.message).toMatch(/ UTC\.$/);
    expect(body.post).toMatchObject({
      subreddit: community.name,
      titleFinal: 'Morning light',
      bodyFinal: 'Hello',
      scheduledAt,
      status: 'pending',
      resultJson: null,
      timing: 'custom',
      redditUsername: username,
    });
    const list = scheduledPostListResponseSchema.parse(
      (await client.inject({ method: 'GET', url: '/api/posts/scheduled' })).json(),
    );
    expect(list.map((post) => post.id)).toEqual([body.post.id]);
  });

  it("answers the spec's message when subreddit or title is missing", async () => {
    const { client } = await setUp();
    for (const payload of [{ title: 'x' }, { subreddit: 'x' }, { subreddit: '', title: '' }]) {
      const response = await schedule(client, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please provide at least a subreddit and title');
    }
  });

  it('refuses times in the past, more than a year ahead, and unknown subreddits with clear messages', async () => {
    const { client, community } = await setUp();
    const past = await schedule(client, { subreddit: community.name, title: 'Hi', scheduledAt: inHours(-1) });
    expect(past.statusCode).toBe(422);
    expect(past.json().message).toBe(
      'That time has already passed. Pick a time in the future, or choose "now".',
    );
    const far = await schedule(client, {
      subreddit: community.name,
      title: 'Hi',
      scheduledAt: inHours(24 * 400),
    });
    expect(far.statusCode).toBe(422);
    expect(far.json().message).toContain('at most 365 days ahead');
    const unknown = await schedule(client, { subreddit: 'no_such_place', title: 'Hi' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(
      "We don't know r/no_such_place. Check the spelling, or pick a community from the Reddit Communities page.",
    );
    const badName = await schedule(client, { subreddit: 'has spaces', title: 'Hi' });
    expect(badName.statusCode).toBe(400);
    const notADate = await schedule(client, {
      subreddit: community.name,
      title: 'Hi',
      scheduledAt: 'tomorrow',
    });
    expect(notADate.statusCode).toBe(400);
  });

  it('accepts a subreddit we do not list when Reddit knows it', async () => {
    const { client } = await setUp();
    const name = `live_${uniqueToken()}`;
    reddit().addSubreddit(name);
    const response = await schedule(client, { subreddit: name, title: 'Hi', timing: 'now' });
    expect(response.statusCode, response.body).toBe(201);
  });

  it("lets the server decide: 'optimal' takes the next best posting time, 'now' sends at once", async () => {
    const next = new Date(Date.now() + 3 * hour);
    const time = `${String(next.getUTCHours()).padStart(2, '0')}:${String(next.getUTCMinutes()).padStart(2, '0')}`;
    const { client, community } = await setUp({ community: { bestPostingTimes: [time] } });
    const optimal = schedulePostResponseSchema.parse(
      (await schedule(client, { subreddit: community.name, title: 'Best time' })).json(),
    );
    const expected = new Date(next);
    expected.setUTCSeconds(0, 0);
    expect(optimal.post.timing).toBe('optimal');
    expect(optimal.post.scheduledAt).toBe(expected.toISOString());

    const now = schedulePostResponseSchema.parse(
      (await schedule(client, { subreddit: community.name, title: 'Right now', timing: 'now' })).json(),
    );
    expect(now.post.timing).toBe('now');
    expect(Math.abs(new Date(now.post.scheduledAt).getTime() - Date.now())).toBeLessThan(10_000);
    expect(now.message).toBe('Post queued: it goes to Reddit within a minute.');

    const times = await client.inject({
      method: 'GET',
      url: `/api/posts/optimal-time?subreddit=${community.name}`,
    });
    expect(times.json()).toMatchObject({
      subreddit: community.name,
      bestPostingTimes: [time],
      scheduledAt: expected.toISOString(),
      basis: 'best_posting_times',
      timesBasis: 'community',
      ownPosts: 0,
    });
  });

  it('refuses a title without the tag the community requires, offering the fixed title', async () => {
    const { client, community } = await setUp({
      community: { titleRules: ['Gender tag such as [F], [M] or [MF] required in the title'] },
    });
    const response = await schedule(client, { subreddit: community.name, title: 'Sunday vibes' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'POST_BREAKS_RULES', field: 'title' });
    expect(response.json().message).toContain('"Sunday vibes [F]"');
    const check = postCheckResponseSchema.parse(
      (
        await client.inject({
          method: 'POST',
          url: '/api/posts/check',
          payload: { subreddit: community.name, title: 'Sunday vibes' },
        })
      ).json(),
    );
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      expect.objectContaining({ code: 'title_rule', suggestedTitle: 'Sunday vibes [F]', severity: 'block' }),
    ]);
    expect(
      (await schedule(client, { subreddit: community.name, title: 'Sunday vibes [F]' })).statusCode,
    ).toBe(201);
  });

  it("checks Reddit's live post requirements: required strings and flair, with the fix", async () => {
    const { client, community } = await setUp({
      requirements: { title_required_strings: ['(f)', '(m)'], is_flair_required: true },
    });
    reddit().route('GET', /^\/r\/(\w+)\/api\/link_flair_v2$/, (_m, _r, json) =>
      json(200, [{ id: 'flair-oc', text: 'OC' }]),
    );
    const check = postCheckResponseSchema.parse(
      (
        await client.inject({
          method: 'POST',
          url: '/api/posts/check',
          payload: { subreddit: community.name, title: 'Hello there' },
        })
      ).json(),
    );
    expect(check).toMatchObject({
      ok: false,
      checkedLive: true,
      flairRequired: true,
      flairs: [{ id: 'flair-oc', text: 'OC' }],
    });
    expect(check.problems.map((problem) => problem.code).sort()).toEqual([
      'flair_required',
      'title_required_string',
    ]);
    expect(check.problems.find((p) => p.code === 'title_required_string')?.suggestedTitle).toBe(
      'Hello there (f)',
    );

    const refused = await schedule(client, { subreddit: community.name, title: 'Hello there' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('requires a post flair');
    const fixed = await schedule(client, {
      subreddit: community.name,
      title: 'Hello there (f)',
      flairId: 'flair-oc',
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
  });

  it('asks Reddit once for a check and the posts that follow it, but again before refusing on remembered facts', async () => {
    const { client, community } = await setUp({ requirements: { title_required_strings: ['(f)'] } });
    const linking = reddit().apiRequests.length;
    const calls = (path: RegExp) =>
      reddit()
        .apiRequests.slice(linking)
        .filter((request) => path.test(request.path)).length;
    const check = await client.inject({
      method: 'POST',
      url: '/api/posts/check',
      payload: { subreddit: community.name, title: 'Hi (f)' },
    });
    expect(postCheckResponseSchema.parse(check.json())).toMatchObject({ ok: true, checkedLive: true });
    expect(
      (await schedule(client, { subreddit: community.name, title: 'Hi (f)', scheduledAt: inHours(3) }))
        .statusCode,
    ).toBe(201);
    expect(
      (await schedule(client, { subreddit: community.name, title: 'Hey (f)', scheduledAt: inHours(9) }))
        .statusCode,
    ).toBe(201);
    expect(calls(/^\/api\/v1\/me$/)).toBe(1);
    expect(calls(/post_requirements$/)).toBe(1);

    // The subreddit's rules changed since: the remembered requirements would pass, but a post that
    // breaks remembered ones is checked against Reddit's answer of now before it is refused.
    reddit().addSubreddit(community.name, {
      requirements: { title_required_strings: ['(m)'] },
      allow_images: true,
    });
    const refused = await schedule(client, {
      subreddit: community.name,
      title: 'Hi there',
      scheduledAt: inHours(20),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('(m)');
    expect(calls(/post_requirements$/)).toBe(2);
    expect(calls(/^\/api\/v1\/me$/)).toBe(2);
  });

  it('still schedules (on our own rules) when Reddit cannot be reached for live requirements', async () => {
    const { client, community } = await setUp();
    reddit().route('GET', /post_requirements$/, (_m, _r, json) => json(503, { message: 'down' }));
    const check = postCheckResponseSchema.parse(
      (
        await client.inject({
          method: 'POST',
          url: '/api/posts/check',
          payload: { subreddit: community.name, title: 'Hi' },
        })
      ).json(),
    );
    expect(check.checkedLive).toBe(false);
    expect((await schedule(client, { subreddit: community.name, title: 'Hi' })).statusCode).toBe(201);
  });

  it('enforces posts per day, cooldown, and karma and account-age minimums', async () => {
    const limited = await setUp({ community: { postingLimitPerDay: 1 } });
    expect(
      (
        await schedule(limited.client, {
          subreddit: limited.community.name,
          title: 'One',
          scheduledAt: inHours(2),
        })
      ).statusCode,
    ).toBe(201);
    const second = await schedule(limited.client, {
      subreddit: limited.community.name,
      title: 'Two',
      scheduledAt: inHours(5),
    });
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toContain('allows 1 post a day');
    expect(
      (
        await schedule(limited.client, {
          subreddit: limited.community.name,
          title: 'Two',
          scheduledAt: inHours(30),
        })
      ).statusCode,
    ).toBe(201);

    const cooling = await setUp({ community: { postingCooldownHours: 12 } });
    await schedule(cooling.client, {
      subreddit: cooling.community.name,
      title: 'One',
      scheduledAt: inHours(2),
    });
    const soon = await schedule(cooling.client, {
      subreddit: cooling.community.name,
      title: 'Two',
      scheduledAt: inHours(8),
    });
    expect(soon.statusCode).toBe(422);
    expect(soon.json().message).toContain('wants 12 hours between posts');
    // The other post's time is a field for the client to format in the reader's zone, never raw ISO in the text.
    expect(soon.json().message).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const cooldownCheck = postCheckResponseSchema.parse(
      (
        await cooling.client.inject({
          method: 'POST',
          url: '/api/posts/check',
          payload: { subreddit: cooling.community.name, title: 'Two', scheduledAt: inHours(8) },
        })
      ).json(),
    );
    const other = cooldownCheck.problems.find((p) => p.code === 'cooldown');
    expect(Math.abs(Date.parse(other!.at!) - Date.parse(inHours(2)))).toBeLessThan(60_000);

    const strict = await setUp({ community: { minKarma: 5000 }, karma: 120 });
    const karma = await schedule(strict.client, { subreddit: strict.community.name, title: 'Hi' });
    expect(karma.statusCode).toBe(422);
    expect(karma.json().message).toContain(`needs at least 5000 karma; u/${strict.username} has 120`);
    // Karma is read from Reddit at scheduling time, not only when the account was linked.
    reddit().users.get(strict.username)!.link_karma = 6000;
    expect(
      (await schedule(strict.client, { subreddit: strict.community.name, title: 'Hi' })).statusCode,
    ).toBe(201);
    const accounts = await strict.client.inject({ method: 'GET', url: '/api/reddit/accounts' });
    expect(accounts.json().accounts[0].linkKarma).toBe(6000);

    const aged = await setUp({ community: { minAccountAgeDays: 1000 } });
    const young = await schedule(aged.client, { subreddit: aged.community.name, title: 'Hi' });
    expect(young.statusCode).toBe(422);
    expect(young.json().message).toContain('needs accounts at least 1000 days old');
  });

  it('needs a linked Reddit account, and the chosen account and image must be the user’s own', async () => {
    const user = await newUser(db());
    const client = await signedInClient(testApp.app(), db(), user);
    const community = await newCommunity(db());
    const none = await schedule(client, { subreddit: community.name, title: 'Hi' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(
      'Connect a Reddit account first: use "Connect Reddit" on the Reddit page.',
    );

    const other = await setUp();
    const asset = await newAsset(db(), { userId: user.id, filename: 'a.jpg', mime: 'image/jpeg', bytes: 10 });
    const notMine = await schedule(other.client, {
      subreddit: other.community.name,
      title: 'Hi',
      imageId: asset.id,
    });
    expect(notMine.statusCode).toBe(404);
    const video = await newAsset(db(), {
      userId: other.user.id,
      filename: 'a.mp4',
      mime: 'video/mp4',
      bytes: 10,
    });
    const videoPost = await schedule(other.client, {
      subreddit: other.community.name,
      title: 'Hi',
      imageId: video.id,
    });
    expect(videoPost.statusCode).toBe(422);
    const accountOfOther = await schedule(client, {
      subreddit: community.name,
      title: 'Hi',
      redditAccountId: '00000000-0000-4000-8000-000000000000',
    });
    expect(accountOfOther.statusCode).toBe(404);
  });

  it('checks a post against the communities database before any Reddit account is connected', async () => {
    const user = await newUser(db());
    const client = await signedInClient(testApp.app(), db(), user);
    const community = await newCommunity(db(), {
      titleRules: ['Gender tag such as [F], [M] or [MF] required in the title'],
    });
    const check = await client.inject({
      method: 'POST',
      url: '/api/posts/check',
      payload: { subreddit: community.name, title: 'Sunday vibes' },
    });
    expect(check.statusCode).toBe(200);
    expect(postCheckResponseSchema.parse(check.json())).toMatchObject({
      ok: false,
      checkedLive: false,
      problems: [expect.objectContaining({ code: 'title_rule', suggestedTitle: 'Sunday vibes [F]' })],
    });
    const fixed = await client.inject({
      method: 'POST',
      url: '/api/posts/check',
      payload: { subreddit: community.name, title: 'Sunday vibes [F]' },
    });
    expect(fixed.json()).toMatchObject({ ok: true, problems: [] });
    // A subreddit nobody knows still gets its clear message, and a named account must be hers.
    const unknown = await client.inject({
      method: 'POST',
      url: '/api/posts/check',
      payload: { subreddit: `nope_${uniqueToken()}`.slice(0, 20), title: 'Hi' },
    });
    expect(unknown.statusCode).toBe(422);
    const notHers = await client.inject({
      method: 'POST',
      url: '/api/posts/check',
      payload: {
        subreddit: community.name,
        title: 'Hi',
        redditAccountId: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(notHers.statusCode).toBe(404);
    // Scheduling itself still needs the account.
    expect(
      (await schedule(client, { subreddit: community.name, title: 'Sunday vibes [F]' })).statusCode,
    ).toBe(409);
  });

  it('edits and cancels pending posts only, and only the owner’s (another user’s id is 404)', async () => {
    const { client, community } = await setUp();
    const stranger = (await setUp()).client;
    const created = schedulePostResponseSchema.parse(
      (await schedule(client, { subreddit: community.name, title: 'Draft', scheduledAt: inHours(3) })).json(),
    );
    const url = `/api/posts/scheduled/${created.post.id}`;

    expect((await stranger.inject({ method: 'PATCH', url, payload: { title: 'Mine now' } })).statusCode).toBe(
      404,
    );
    expect((await stranger.inject({ method: 'DELETE', url })).statusCode).toBe(404);
    expect((await client.inject({ method: 'PATCH', url, payload: {} })).statusCode).toBe(400);
    const past = await client.inject({ method: 'PATCH', url, payload: { scheduledAt: inHours(-2) } });
    expect(past.statusCode).toBe(422);

    const newTime = inHours(10);
    const edited = await client.inject({
      method: 'PATCH',
      url,
      payload: { title: 'Final title', body: 'Text', scheduledAt: newTime },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: 'Scheduled post updated',
      post: { titleFinal: 'Final title', bodyFinal: 'Text', scheduledAt: newTime, status: 'pending' },
    });

    const cancelled = await client.inject({ method: 'DELETE', url });
    expect(cancelled.json()).toEqual({ message: 'Scheduled post cancelled' });
    expect(
      scheduledPostListResponseSchema.parse(
        (await client.inject({ method: 'GET', url: '/api/posts/scheduled' })).json(),
      ),
    ).toEqual([]);
    expect((await client.inject({ method: 'DELETE', url })).statusCode).toBe(404);
  });

  it('refuses scheduling without full access and without the CSRF token', async () => {
    const { client, community } = await setUp();
    const noCsrf = await client.inject(
      { method: 'POST', url: '/api/posts/schedule', payload: { subreddit: community.name, title: 'Hi' } },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    const banned = await setUp({ user: { bannedAt: new Date() } }).catch((error: Error) => error);
    // A banned user cannot even link an account; their schedule call is refused the same way.
    expect(banned).toBeInstanceOf(Error);
    const bannedUser = await newUser(db(), { bannedAt: new Date() });
    const bannedClient = await signedInClient(testApp.app(), db(), bannedUser);
    for (const [method, url] of [
      ['GET', '/api/posts/scheduled'],
      ['POST', '/api/posts/schedule'],
      ['POST', '/api/reddit/quick-repost'],
    ] as const) {
      const response = await bannedClient.inject({
        method,
        url,
        payload: method === 'POST' ? { subreddit: community.name, title: 'x' } : undefined,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('ACCOUNT_BANNED');
    }
  });
});
