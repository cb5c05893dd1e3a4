import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { linkCreatedResponseSchema, linkListResponseSchema, linkTexts } from '@app/shared/links';
import { schedulePostResponseSchema } from '@app/shared/posts';
import { newCommunity } from '../../../test/factories/communities.js';
import { newUser } from '../../../test/factories/users.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { signedInClient, type TestClient } from '../../../test/test-client.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { linkClicks, linkCodes } from '../../db/schema/index.js';
import { uniqueToken } from '../communities/communities.test-support.js';
import { connectAccount } from '../reddit/reddit.test-support.js';
import { isBot } from './bots.js';
import { createClickRecorder } from './link-clicks.service.js';
import { pgArray } from './links.repo.js';

const browser = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe.each(testDatabaseKinds())('tracked links on %s', (kind) => {
  const testApp = useTestApp(kind, { standIns: { reddit: true } });
  const { db, reddit } = testApp;

  async function creator() {
    const user = await newUser(db());
    const client = await signedInClient(testApp.app(), db(), user);
    return { user, client };
  }
  const create = (client: TestClient, payload: Record<string, unknown>) =>
    client.inject({ method: 'POST', url: '/api/links', payload });
  const click = (path: string, headers: Record<string, string> = {}, ip = '203.0.113.7') =>
    testApp.app().inject({
      method: 'GET',
      url: path,
      remoteAddress: ip,
      headers: { 'user-agent': browser, ...headers },
    });

  it('creates a link that redirects at once and counts a visitor once per 30 minutes, bots apart', async () => {
    const { client } = await creator();
    const response = await create(client, { label: 'OnlyFans', targetUrl: 'https://onlyfans.com/cleo' });
    expect(response.statusCode, response.body).toBe(201);
    const { message, link } = linkCreatedResponseSchema.parse(response.json());
    expect(message).toBe(linkTexts.created);
    expect(link.shortUrl).toBe(`${testApp.config().publicUrl}/l/${link.code}`);
    const path = `/l/${link.code}`;

    const first = await click(path, { referer: 'https://www.reddit.com/r/example/comments/abc/' });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://onlyfans.com/cleo');
    expect(first.headers['cache-control']).toBe('private, no-store');
    await click(path); // the same visitor again: stored, not counted
    await click(path, {}, '198.51.100.9'); // another visitor
    await click(path, {
      'user-agent': 'Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)',
    });
    await click(path, { 'user-agent': 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)' });

    // Clicks are written in batches a moment after the redirect answered.
    const rows = await vi.waitFor(async () => {
      const stored = await db().select().from(linkClicks).where(eq(linkClicks.linkId, link.id));
      expect(stored).toHaveLength(5);
      return stored;
    });
    const [listed] = linkListResponseSchema.parse(
      (await client.inject({ method: 'GET', url: '/api/links' })).json(),
    );
    expect(listed!.clicks).toEqual({ visitors: 2, bots: 2 });
    expect(rows.find((row) => row.referrerHost)?.referrerHost).toBe('www.reddit.com');
    // No address is stored: only a salted hash.
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7');
  });

  it('writes every waiting click when the server closes (a SIGTERM loses none)', async () => {
    const { client } = await creator();
    const { link } = linkCreatedResponseSchema.parse(
      (await create(client, { label: 'Closing', targetUrl: 'https://onlyfans.com/closing' })).json(),
    );
    const recorder = createClickRecorder(db(), undefined, {
      cacheMs: 5000,
      flushMs: 60_000,
      batchSize: 10_000,
    });
    for (let n = 0; n < 50; n++)
      expect(
        await recorder.follow({
          code: link.code,
          ip: `198.51.100.${n}`,
          userAgent: browser,
          referrer: undefined,
        }),
      ).toBe('https://onlyfans.com/closing');
    expect(await db().select().from(linkClicks).where(eq(linkClicks.linkId, link.id))).toHaveLength(0);
    await recorder.stop();
    expect(await db().select().from(linkClicks).where(eq(linkClicks.linkId, link.id))).toHaveLength(50);
  });

  it('folds a client hammering a link into one row per batch, keeping every click and one visitor', async () => {
    const { client } = await creator();
    const { link } = linkCreatedResponseSchema.parse(
      (await create(client, { label: 'Flood', targetUrl: 'https://onlyfans.com/flood' })).json(),
    );
    const recorder = createClickRecorder(db(), undefined, {
      cacheMs: 5000,
      flushMs: 60_000,
      batchSize: 10_000,
    });
    const follow = (ip: string, userAgent: string) =>
      recorder.follow({ code: link.code, ip, userAgent, referrer: undefined });
    const discord = 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)';
    for (let n = 0; n < 200; n++)
      expect(await follow('203.0.113.50', browser)).toBe('https://onlyfans.com/flood');
    for (let n = 0; n < 3; n++) await follow('203.0.113.60', discord);
    await follow('198.51.100.70', browser);
    await recorder.flush();
    for (let n = 0; n < 20; n++) await follow('203.0.113.50', browser); // the same client, next batch
    await recorder.stop();

    const rows = await db().select().from(linkClicks).where(eq(linkClicks.linkId, link.id));
    expect(rows.map((row) => [row.hits, row.counted, row.bot]).sort()).toEqual(
      [
        [200, true, false],
        [3, false, true],
        [1, true, false],
        [20, false, false],
      ].sort(),
    );
    const [listed] = linkListResponseSchema.parse(
      (await client.inject({ method: 'GET', url: '/api/links' })).json(),
    );
    expect(listed!.clicks).toEqual({ visitors: 2, bots: 3 });
  });

  it('answers unknown, malformed and deleted codes with the same bare 404', async () => {
    const { client } = await creator();
    const { link } = linkCreatedResponseSchema.parse(
      (await create(client, { label: 'Fansly', targetUrl: 'https://fansly.com/cleo' })).json(),
    );
    const unknown = await click('/l/ZZZZZZZZ');
    const malformed = await click('/l/%27%3Bdrop');
    expect([unknown.statusCode, malformed.statusCode]).toEqual([404, 404]);
    expect(unknown.json()).toEqual({ message: linkTexts.missing, code: 'NOT_FOUND' });
    const page = await click('/l/ZZZZZZZZ', { accept: 'text/html,application/xhtml+xml' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain(linkTexts.missingText);
    const other = await creator();
    expect((await other.client.inject({ method: 'DELETE', url: `/api/links/${link.id}` })).statusCode).toBe(
      404,
    );
    expect((await click(`/l/${link.code}`)).statusCode).toBe(302);
    const deleted = await client.inject({ method: 'DELETE', url: `/api/links/${link.id}` });
    expect(deleted.json()).toEqual({ message: linkTexts.deleted });
    const after = await click(`/l/${link.code}`);
    expect(after.statusCode).toBe(404);
    expect(after.body).toBe(unknown.body);
  });

  it('refuses bad destinations clearly and saves nothing', async () => {
    const { client } = await creator();
    for (const [payload, message] of [
      [{ label: 'x', targetUrl: 'onlyfans' }, linkTexts.urlInvalid],
      [{ label: 'x', targetUrl: 'javascript:alert(1)' }, linkTexts.urlInvalid],
      [{ label: '', targetUrl: 'https://onlyfans.com/cleo' }, linkTexts.labelRequired],
      [{ label: 'loop', targetUrl: `${testApp.config().publicUrl}/l/abcdefgh` }, linkTexts.urlOwnServer],
    ] as const) {
      const response = await create(client, payload);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().message).toContain(message);
    }
    expect(
      linkListResponseSchema.parse((await client.inject({ method: 'GET', url: '/api/links' })).json()),
    ).toEqual([]);
  });

  it('gives each post its own variant of a link in its first comment, so clicks count by subreddit', async () => {
    const { client } = await creator();
    const { link } = linkCreatedResponseSchema.parse(
      (await create(client, { label: 'OnlyFans', targetUrl: 'https://onlyfans.com/cleo' })).json(),
    );
    await connectAccount(client, reddit(), `u_${uniqueToken()}`);
    const community = await newCommunity(db());
    reddit().addSubreddit(community.name);
    const scheduled = await client.inject({
      method: 'POST',
      url: '/api/posts/schedule',
      payload: {
        subreddit: community.name,
        title: 'New set',
        scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
        firstComment: `Full set here: ${link.shortUrl}`,
      },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const post = schedulePostResponseSchema.parse(scheduled.json()).post;
    const variantUrl = post.firstComment!.text.replace('Full set here: ', '');
    expect(variantUrl).not.toBe(link.shortUrl);
    const [variant] = await db().select().from(linkCodes).where(eq(linkCodes.postId, post.id));
    expect(variant).toMatchObject({ linkId: link.id, subreddit: community.name });
    expect(variantUrl).toBe(`${testApp.config().publicUrl}/l/${variant!.code}`);

    expect((await click(`/l/${variant!.code}`)).headers.location).toBe('https://onlyfans.com/cleo');
    await vi.waitFor(async () => {
      const [listed] = linkListResponseSchema.parse(
        (await client.inject({ method: 'GET', url: '/api/links' })).json(),
      );
      expect(listed!.bySubreddit).toEqual([{ subreddit: community.name, posts: 1, visitors: 1, bots: 0 }]);
    });
  });
});

describe('the array parameters clicks are written with', () => {
  it('keep commas, quotes, backslashes, braces and the word NULL as text, and null as NULL', () => {
    expect(pgArray(['a,b', 'say "hi"', 'back\\slash', '{x}', 'NULL', null, true])).toBe(
      '{"a,b","say \\"hi\\"","back\\\\slash","{x}","NULL",NULL,"true"}',
    );
  });
});

describe('bots and preview fetchers', () => {
  it('knows the preview fetchers of Reddit, Discord, Twitter and Slack, crawlers, and scripts', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'Twitterbot/1.0',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'curl/8.4.0',
      '',
    ])
      expect(isBot(agent), agent).toBe(true);
    expect(isBot(browser)).toBe(false);
    expect(
      isBot('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36'),
    ).toBe(false);
  });
});
