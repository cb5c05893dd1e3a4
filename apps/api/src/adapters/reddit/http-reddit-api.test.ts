import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RedditStandIn } from '../../../test/stand-ins/reddit.js';
import { loadConfig } from '../../config.js';
import { createHttpRedditApi, redditApiFromConfig } from './http-reddit-api.js';
import { RedditApiError, RedditAuthError, RedditRateLimitError } from './reddit-api.js';

describe('Reddit HTTP adapter against the stand-in', () => {
  let reddit: RedditStandIn;
  beforeAll(async () => {
    reddit = await RedditStandIn.start();
  });
  afterAll(async () => {
    await reddit.close();
  });
  beforeEach(() => reddit.reset());

  it('is only built when client credentials are configured', () => {
    const base = { NODE_ENV: 'test' as const };
    expect(redditApiFromConfig(loadConfig(base))).toBeUndefined();
    expect(redditApiFromConfig(loadConfig({ ...base, ...reddit.env() }))).toBeDefined();
  });

  it('reads about and rules with one cached application token and the configured User-Agent', async () => {
    reddit.addSubreddit('GoneWild', {
      subscribers: 4_500_000,
      public_description: 'A place for open-minded adults',
      rules: [{ short_name: 'Verification required', description: 'Verify first', kind: 'link' }],
    });
    const api = createHttpRedditApi(reddit.clientOptions());

    expect(await api.getSubredditAbout('gonewild')).toEqual({
      status: 'found',
      value: {
        name: 'GoneWild',
        subscribers: 4_500_000,
        publicDescription: 'A place for open-minded adults',
        over18: true,
      },
    });
    expect(await api.getSubredditRules('gonewild')).toEqual({
      status: 'found',
      value: [{ shortName: 'Verification required', description: 'Verify first', kind: 'link' }],
    });
    expect(reddit.tokensIssued).toBe(1);
    expect(reddit.apiRequests.map((r) => r.path)).toEqual(['/r/gonewild/about', '/r/gonewild/about/rules']);
  });

  it('maps banned, private, quarantined and unknown communities to typed missing results', async () => {
    reddit.unavailable.set('bannedsub', 'banned');
    reddit.unavailable.set('privatesub', 'private');
    reddit.unavailable.set('quarantinedsub', 'quarantined');
    const api = createHttpRedditApi(reddit.clientOptions());

    expect(await api.getSubredditAbout('bannedsub')).toEqual({ status: 'missing', reason: 'banned' });
    expect(await api.getSubredditAbout('privatesub')).toEqual({ status: 'missing', reason: 'private' });
    expect(await api.getSubredditRules('quarantinedsub')).toEqual({
      status: 'missing',
      reason: 'quarantined',
    });
    expect(await api.getSubredditAbout('neverexisted')).toEqual({ status: 'missing', reason: 'not_found' });
  });

  it('treats a redirect (Reddit sends unknown names to search) as not found, and a bare 403 as an error', async () => {
    reddit.route('GET', /^\/r\/redirected\/about$/, (_match, _request, json) =>
      json(302, {}, { location: '/search' }),
    );
    reddit.route('GET', /^\/r\/blocked\/about$/, (_match, _request, json) =>
      json(403, { message: 'Forbidden' }),
    );
    const api = createHttpRedditApi(reddit.clientOptions());

    expect(await api.getSubredditAbout('redirected')).toEqual({ status: 'missing', reason: 'not_found' });
    await expect(api.getSubredditAbout('blocked')).rejects.toBeInstanceOf(RedditApiError);
  });

  it('gets a new token once when Reddit revokes the current one', async () => {
    reddit.addSubreddit('amateur');
    const api = createHttpRedditApi(reddit.clientOptions());
    await api.getSubredditAbout('amateur');
    reddit.revokeTokens();

    expect((await api.getSubredditAbout('amateur')).status).toBe('found');
    expect(reddit.tokensIssued).toBe(2);
  });

  it('fails with an auth error when the client credentials are wrong', async () => {
    const api = createHttpRedditApi({ ...reddit.clientOptions(), clientSecret: 'wrong' });
    await expect(api.getSubredditAbout('amateur')).rejects.toBeInstanceOf(RedditAuthError);
  });

  it('waits out a 429 for as long as Retry-After says, then succeeds', async () => {
    reddit.addSubreddit('amateur');
    reddit.rateLimitNext(1, { retryAfter: 1 });
    const api = createHttpRedditApi(reddit.clientOptions());

    const started = Date.now();
    expect((await api.getSubredditAbout('amateur')).status).toBe('found');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const [limited, retried] = reddit.apiRequests;
    expect(retried!.at - limited!.at).toBeGreaterThanOrEqual(950);
  });

  it('gives up with a rate-limit error when Reddit asks for a longer pause than allowed', async () => {
    reddit.addSubreddit('amateur');
    reddit.rateLimitNext(1, { reset: 600 });
    const api = createHttpRedditApi({ ...reddit.clientOptions(), maxRateLimitWaitMs: 60_000 });

    const error = await api.getSubredditAbout('amateur').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedditRateLimitError);
    expect((error as RedditRateLimitError).retryAfterMs).toBe(600_000);
    expect(reddit.apiRequests).toHaveLength(1);
  });

  it('spreads calls when X-Ratelimit-Remaining runs out before X-Ratelimit-Reset', async () => {
    reddit.addSubreddit('amateur');
    reddit.quota = { remaining: 0, resetSeconds: 0.5 };
    const api = createHttpRedditApi(reddit.clientOptions());

    await api.getSubredditAbout('amateur');
    await api.getSubredditAbout('amateur');
    const [first, second] = reddit.apiRequests;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(450);
  });

  it('stops waiting when its signal aborts', async () => {
    reddit.addSubreddit('amateur');
    reddit.rateLimitNext(1, { retryAfter: 30 });
    const api = createHttpRedditApi(reddit.clientOptions());
    const controller = new AbortController();
    const pending = api.getSubredditAbout('amateur', controller.signal);
    setTimeout(() => controller.abort(), 50);

    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
