import { readFile } from 'node:fs/promises';
import { communityCategories } from '@app/shared/communities';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../test/db/test-database.js';
import { communities } from '../schema/communities.js';
import { communitySeedPath, parseCommunitySeed, readCommunitySeed } from './community-seed-file.js';
import { seedCommunities } from './seed-communities.js';

interface RawSeed {
  version: string;
  curatedAt: string;
  communities: Array<Record<string, unknown> & { name: string }>;
}

const rawSeed = async (): Promise<RawSeed> =>
  JSON.parse(await readFile(communitySeedPath, 'utf8')) as RawSeed;

/** The shipped file under a later version, with one change to every entry so an update is visible. */
async function newerSeed(): Promise<RawSeed> {
  const raw = await rawSeed();
  return {
    ...raw,
    version: '2099-01-01',
    curatedAt: '2099-01-01',
    communities: raw.communities.map((entry) => ({
      ...entry,
      members: (entry.members as number) + 1,
      tags: [...(entry.tags as string[]), 'updated'],
    })),
  };
}

describe('the curated seed file', () => {
  it('validates, names at least 180 distinct communities and covers every category', async () => {
    const seed = await readCommunitySeed();
    const names = new Set(seed.communities.map((community) => community.name.toLowerCase()));
    expect(names.size).toBe(seed.communities.length);
    expect(names.size).toBeGreaterThanOrEqual(180);
    const categories = new Set(seed.communities.map((community) => community.category));
    expect([...categories].sort()).toEqual([...communityCategories].sort());
  });

  it('spells every field out rather than relying on schema defaults', async () => {
    for (const entry of (await rawSeed()).communities) {
      expect(Object.keys(entry).sort(), entry.name).toEqual(
        [
          'averageUpvotes',
          'bestPostingTimes',
          'category',
          'competitionLevel',
          'description',
          'displayName',
          'engagementRate',
          'growthTrend',
          'members',
          'modActivity',
          'name',
          'postingLimits',
          'promotionAllowed',
          'rules',
          'tags',
          'verificationRequired',
        ].sort(),
      );
      expect((entry.bestPostingTimes as string[]).length, entry.name).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps gone-wild subreddits free of promotion and promotion subreddits open to it', async () => {
    const byName = new Map((await readCommunitySeed()).communities.map((c) => [c.name, c]));
    for (const name of ['gonewild', 'PetiteGoneWild', 'gonewild30plus', 'GWCouples', 'AsiansGoneWild']) {
      expect(byName.get(name)?.promotionAllowed, name).toBe('no');
      expect(byName.get(name)?.rules.sellingAllowed, name).toBe('not_allowed');
    }
    for (const name of ['OnlyFansPromotions', 'OnlyFans101', 'onlyfansgirls101', 'SexSells']) {
      expect(byName.get(name)?.promotionAllowed, name).toBe('yes');
    }
  });

  it('reports every broken entry by its name and index', async () => {
    const raw = await rawSeed();
    raw.communities.push({ ...raw.communities[0]!, name: 'BrokenCommunity', engagementRate: 'high' });
    raw.communities.push({ ...raw.communities[1]!, name: raw.communities[1]!.name.toUpperCase() });
    const index = raw.communities.length - 2;
    expect(() => parseCommunitySeed(raw)).toThrow(
      new RegExp(
        `2 invalid entries:\\n- entry ${index} \\(r/BrokenCommunity\\): engagementRate: .*\\n- entry ${index + 1} \\(r/${raw.communities[1]!.name.toUpperCase()}\\): duplicate of entry 1`,
      ),
    );
  });

  it('rejects a version that is not a date, since versions compare as dates', async () => {
    const raw = { ...(await rawSeed()), version: 'v2' };
    expect(() => parseCommunitySeed(raw)).toThrow(/version must be a date/);
  });
});

describe.each(testDatabaseKinds())('seedCommunities on %s', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await database.close();
  });

  const rowNamed = async (name: string) =>
    (await database.db.select().from(communities).where(eq(communities.name, name)))[0]!;
  const count = async () =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(communities))[0]!.n;

  it('inserts every community as a seed row verified on the curation date', async () => {
    const seed = await readCommunitySeed();
    const outcome = await seedCommunities(database);

    expect(outcome).toEqual({ inserted: seed.communities.length, updated: 0, skipped: 0 });
    expect(await count()).toBe(seed.communities.length);
    const gonewild = await rowNamed('gonewild');
    const entry = seed.communities.find((community) => community.name === 'gonewild')!;
    expect(gonewild).toMatchObject({
      source: 'seed',
      seedVersion: seed.version,
      lastVerifiedAt: seed.curatedAt,
      category: entry.category,
      members: entry.members,
      promotionAllowed: 'no',
      verificationRequired: entry.verificationRequired,
      postingLimitPerDay: entry.postingLimits.perDay,
      minKarma: entry.rules.minKarma,
      sellingAllowed: entry.rules.sellingAllowed,
      titleRules: entry.rules.titleRules,
      bestPostingTimes: entry.bestPostingTimes,
      successProbability: null,
      deletedAt: null,
    });
  });

  it('changes nothing when run again with the same file', async () => {
    await seedCommunities(database);
    const before = await database.db.select().from(communities).orderBy(communities.name);

    const outcome = await seedCommunities(database);

    expect(outcome).toEqual({ inserted: 0, updated: 0, skipped: before.length });
    expect(await database.db.select().from(communities).orderBy(communities.name)).toEqual(before);
  });

  it('refreshes seed rows from a newer version and never an older one', async () => {
    await seedCommunities(database);
    const newer = await newerSeed();

    expect(await seedCommunities(database, { seed: newer })).toEqual({
      inserted: 0,
      updated: newer.communities.length,
      skipped: 0,
    });
    const realGirls = await rowNamed('RealGirls');
    const entry = newer.communities.find((community) => community.name === 'RealGirls')!;
    expect(realGirls).toMatchObject({
      members: entry.members,
      tags: entry.tags,
      seedVersion: '2099-01-01',
      lastVerifiedAt: new Date('2099-01-01T00:00:00Z'),
    });

    const outcome = await seedCommunities(database);
    expect(outcome).toEqual({ inserted: 0, updated: 0, skipped: newer.communities.length });
    expect((await rowNamed('RealGirls')).seedVersion).toBe('2099-01-01');
  });

  it('leaves admin-edited and deleted rows untouched and keeps Reddit-measured figures', async () => {
    await seedCommunities(database);
    await database.db
      .update(communities)
      .set({ source: 'admin', members: 7, promotionAllowed: 'limited' })
      .where(eq(communities.name, 'gonewild'));
    await database.db
      .update(communities)
      .set({ deletedAt: new Date('2026-12-01T00:00:00Z') })
      .where(eq(communities.name, 'RealGirls'));
    const measuredAt = new Date('2026-12-02T00:00:00Z');
    await database.db
      .update(communities)
      .set({ source: 'reddit_api', members: 42, description: 'From Reddit', lastVerifiedAt: measuredAt })
      .where(eq(communities.name, 'OnlyFans101'));
    const adminRow = await rowNamed('gonewild');
    const deletedRow = await rowNamed('RealGirls');

    const newer = await newerSeed();
    const outcome = await seedCommunities(database, { seed: newer });

    expect(outcome).toEqual({ inserted: 0, updated: newer.communities.length - 2, skipped: 2 });
    expect(await rowNamed('gonewild')).toEqual(adminRow);
    expect(await rowNamed('RealGirls')).toEqual(deletedRow);
    const redditRow = await rowNamed('OnlyFans101');
    expect(redditRow).toMatchObject({
      source: 'reddit_api',
      members: 42,
      description: 'From Reddit',
      lastVerifiedAt: measuredAt,
      seedVersion: '2099-01-01',
    });
    expect(redditRow.tags).toContain('updated');
  });

  it('does not insert a seed community whose name an admin row already holds in another case', async () => {
    const seed = await readCommunitySeed();
    const entry = seed.communities.find((community) => community.name === 'OnlyFansPromotions')!;
    await database.db.insert(communities).values({
      name: 'onlyfanspromotions',
      displayName: 'Admin copy',
      category: entry.category,
      members: 1,
      engagementRate: 1,
      growthTrend: 'stable',
      competitionLevel: 'low',
      modActivity: 'active',
      promotionAllowed: 'yes',
      verificationRequired: false,
      source: 'admin',
    });

    const outcome = await seedCommunities(database);

    expect(outcome).toEqual({ inserted: seed.communities.length - 1, updated: 0, skipped: 1 });
    expect((await rowNamed('onlyfanspromotions')).displayName).toBe('Admin copy');
  });

  it('fails before writing anything when an entry is broken, naming it', async () => {
    const raw = await rawSeed();
    raw.communities.push({ ...raw.communities[0]!, name: 'BrokenCommunity', category: 'nope' });

    await expect(seedCommunities(database, { seed: raw })).rejects.toThrow(/r\/BrokenCommunity\): category/);
    expect(await count()).toBe(0);
  });
});
