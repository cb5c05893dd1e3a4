import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../../test/db/test-database.js';
import { RedditStandIn } from '../../../test/stand-ins/reddit.js';
import { createHttpRedditApi, type HttpRedditApiOptions } from '../../adapters/reddit/http-reddit-api.js';
import { RedditRateLimitError } from '../../adapters/reddit/reddit-api.js';
import { communities, type CommunityRow, type NewCommunityRow } from '../../db/schema/communities.js';
import { silentLog } from '../../jobs/jobs.test-support.js';
import {
  refreshCommunitiesPayload,
  type RefreshCommunitiesPayload,
} from '../../jobs/refresh-communities.job.js';
import { refreshCommunities } from './community-refresh.service.js';

const longAgo = new Date('2026-01-15T00:00:00Z');

describe.each(testDatabaseKinds())('communities.refresh on %s', (kind) => {
  let reddit: RedditStandIn;
  let database: TestDatabase;

  beforeAll(async () => {
    [reddit, database] = await Promise.all([RedditStandIn.start(), createTestDatabase(kind)]);
  });
  afterAll(async () => {
    await Promise.all([reddit?.close(), database?.close()]);
  });
  beforeEach(async () => {
    reddit.reset();
    await database.db.delete(communities);
  });

  function run(
    payload: RefreshCommunitiesPayload = {},
    options: Partial<HttpRedditApiOptions> & { queuedAt?: Date } = {},
  ) {
    const api = createHttpRedditApi({ ...reddit.clientOptions(), ...options });
    return refreshCommunities(refreshCommunitiesPayload.parse(payload), {
      db: database.db,
      reddit: api,
      signal: new AbortController().signal,
      log: silentLog,
      queuedAt: options.queuedAt ?? new Date(),
    });
  }

  async function insert(overrides: Partial<NewCommunityRow> & { name: string }): Promise<CommunityRow> {
    const [row] = await database.db
      .insert(communities)
      .values({
        displayName: 'Curated title',
        description: 'Curated description',
        category: 'gonewild',
        members: 1000,
        engagementRate: 4.5,
        averageUpvotes: 300,
        growthTrend: 'up',
        competitionLevel: 'high',
        modActivity: 'active',
        promotionAllowed: 'limited',
        verificationRequired: true,
        postingLimitPerDay: 1,
        bestPostingTimes: ['01:00', '13:00'],
        tags: ['curated'],
        minKarma: 50,
        watermarksAllowed: false,
        sellingAllowed: 'limited',
        titleRules: ['Curated title rule'],
        contentRules: ['Curated content rule'],
        source: 'seed',
        seedVersion: '2026-01-15',
        lastVerifiedAt: longAgo,
        createdAt: longAgo,
        updatedAt: longAgo,
        ...overrides,
      })
      .returning();
    return row!;
  }

  const read = async (id: string) =>
    (await database.db.select().from(communities).where(eq(communities.id, id)))[0]!;

  it('updates members, description and rules from Reddit and keeps the curated policy fields', async () => {
    const row = await insert({ name: 'gonewild' });
    reddit.addSubreddit('GoneWild', {
      subscribers: 4_812_345,
      public_description: '  A place for open-minded\nadults  ',
      over18: true,
      rules: [
        { short_name: '[F], [M] or [MF] tag in the title', description: '', kind: 'link' },
        { short_name: 'Verification required', description: 'Verify with the mods first.', kind: 'all' },
        { short_name: '', description: 'No selling. Links get you banned.', kind: 'link' },
        { short_name: 'Be kind in comments', description: '', kind: 'comment' },
      ],
    });
    const before = Date.now();

    const summary = await run();

    expect(summary).toMatchObject({ checked: 1, updated: 1, missing: 0, failed: 0, notOver18: [] });
    const after = await read(row.id);
    expect(after).toMatchObject({
      name: 'GoneWild',
      members: 4_812_345,
      over18: true,
      description: 'A place for open-minded adults',
      titleRules: ['[F], [M] or [MF] tag in the title'],
      contentRules: ['Verification required', 'No selling.'],
      source: 'reddit_api',
      missingSince: null,
    });
    // What the page marks "from Reddit, checked …"; the rest stays "curated, not verified".
    expect([...after.redditFields].sort()).toEqual(
      ['contentRules', 'description', 'members', 'over18', 'titleRules'].sort(),
    );
    expect(after.lastVerifiedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The list's cache version is the latest updated_at.
    expect(after.updatedAt.getTime()).toBeGreaterThan(longAgo.getTime());
    const curated = <T extends Partial<CommunityRow>>(r: T) => ({
      displayName: r.displayName,
      category: r.category,
      engagementRate: r.engagementRate,
      averageUpvotes: r.averageUpvotes,
      promotionAllowed: r.promotionAllowed,
      verificationRequired: r.verificationRequired,
      postingLimitPerDay: r.postingLimitPerDay,
      bestPostingTimes: r.bestPostingTimes,
      tags: r.tags,
      minKarma: r.minKarma,
      watermarksAllowed: r.watermarksAllowed,
      sellingAllowed: r.sellingAllowed,
      seedVersion: r.seedVersion,
    });
    expect(curated(after)).toEqual(curated(row));
  });

  it('never erases a description or rules that Reddit does not give', async () => {
    const quiet = await insert({ name: 'quietsub' });
    const noRules = await insert({ name: 'norules' });
    reddit.addSubreddit('quietsub', { subscribers: 2000, public_description: '', rules: [] });
    reddit.addSubreddit('norules', {
      subscribers: 3000,
      rules: [{ short_name: 'x', description: '', kind: 'link' }],
    });
    // Rules Reddit will not hand out (a bare 403) leave the curated ones in place.
    reddit.route('GET', /^\/r\/norules\/about\/rules$/, (_match, _request, json) =>
      json(403, { message: 'Forbidden' }),
    );

    expect(await run()).toMatchObject({ checked: 2, updated: 2, failed: 0 });

    expect(await read(quiet.id)).toMatchObject({
      members: 2000,
      description: 'Curated description',
      titleRules: ['Curated title rule'],
      contentRules: ['Curated content rule'],
      redditFields: ['over18', 'members'],
    });
    expect(await read(noRules.id)).toMatchObject({
      members: 3000,
      description: 'About r/norules',
      titleRules: ['Curated title rule'],
      contentRules: ['Curated content rule'],
    });
  });

  it("updates an admin's community figures but leaves its texts and owner alone", async () => {
    const row = await insert({ name: 'adminsub', source: 'admin', description: 'Written by an admin' });
    reddit.addSubreddit('AdminSub', {
      subscribers: 777,
      rules: [{ short_name: 'New rule', description: '', kind: 'all' }],
    });

    await run();

    expect(await read(row.id)).toMatchObject({
      name: 'adminsub',
      members: 777,
      description: 'Written by an admin',
      contentRules: ['Curated content rule'],
      source: 'admin',
      // Reddit's rules were not taken over the admin's: only its figures are Reddit's.
      redditFields: ['over18', 'members'],
    });
  });

  it('marks a banned or private community missing without deleting it, and clears the mark when it is back', async () => {
    const banned = await insert({ name: 'bannedsub' });
    const closed = await insert({ name: 'closedsub' });
    reddit.unavailable.set('bannedsub', 'banned');
    reddit.unavailable.set('closedsub', 'private');

    expect(await run()).toMatchObject({ checked: 2, missing: 2, updated: 0 });
    const marked = await read(banned.id);
    expect(marked.missingSince).toBeInstanceOf(Date);
    expect(marked).toMatchObject({
      members: 1000,
      description: 'Curated description',
      lastVerifiedAt: longAgo,
      deletedAt: null,
    });
    expect((await read(closed.id)).missingSince).toBeInstanceOf(Date);

    // Still banned the next day: the date it went missing stays.
    expect(await run()).toMatchObject({ missing: 0 });
    expect((await read(banned.id)).missingSince).toEqual(marked.missingSince);

    reddit.unavailable.delete('bannedsub');
    reddit.addSubreddit('bannedsub', { subscribers: 1500 });
    expect(await run({ names: ['BannedSub'] })).toMatchObject({ checked: 1, updated: 1, restored: 1 });
    expect(await read(banned.id)).toMatchObject({ missingSince: null, members: 1500 });
    expect((await read(closed.id)).missingSince).toBeInstanceOf(Date);
  });

  it('skips deleted communities and those verified since the run was queued', async () => {
    await insert({ name: 'deletedsub', deletedAt: longAgo });
    await insert({ name: 'freshsub', lastVerifiedAt: new Date(Date.now() + 60_000) });
    const due = await insert({ name: 'duesub', lastVerifiedAt: null });
    for (const name of ['deletedsub', 'freshsub', 'duesub']) reddit.addSubreddit(name);

    expect(await run()).toMatchObject({ checked: 1, updated: 1 });
    expect(reddit.apiRequests.map((r) => r.path)).toEqual(['/r/duesub/about', '/r/duesub/about/rules']);
    expect((await read(due.id)).lastVerifiedAt).not.toBeNull();
  });

  it('stores and reports communities Reddit does not mark over-18', async () => {
    const row = await insert({ name: 'sfwsub' });
    expect((await read(row.id)).over18).toBeNull();
    reddit.addSubreddit('sfwsub', { over18: false });
    expect(await run()).toMatchObject({ notOver18: ['sfwsub'] });
    expect((await read(row.id)).over18).toBe(false);
  });

  it('backs off when Reddit answers 429 and then finishes the run', async () => {
    const row = await insert({ name: 'busysub' });
    reddit.addSubreddit('busysub', { subscribers: 4242 });
    reddit.rateLimitNext(1, { retryAfter: 1 });
    const started = Date.now();

    expect(await run()).toMatchObject({ updated: 1, failed: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect((await read(row.id)).members).toBe(4242);
    expect(reddit.apiRequests.map((r) => r.path)).toEqual([
      '/r/busysub/about',
      '/r/busysub/about',
      '/r/busysub/about/rules',
    ]);
  });

  it('gives the run back to the queue when Reddit asks for a long pause', async () => {
    const row = await insert({ name: 'busysub' });
    reddit.addSubreddit('busysub');
    reddit.rateLimitNext(1, { reset: 900 });

    await expect(run({}, { maxRateLimitWaitMs: 60_000 })).rejects.toBeInstanceOf(RedditRateLimitError);
    expect((await read(row.id)).members).toBe(1000);
  });

  it('skips the run when Reddit credentials are not configured', async () => {
    await insert({ name: 'anysub' });
    const summary = await refreshCommunities(
      {},
      {
        db: database.db,
        reddit: undefined,
        signal: new AbortController().signal,
        log: silentLog,
        queuedAt: new Date(),
      },
    );
    expect(summary).toMatchObject({ skipped: 'reddit_not_configured', checked: 0 });
  });
});
