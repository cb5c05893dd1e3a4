import { beforeAll, describe, expect, it } from 'vitest';
import { communityListResponseSchema } from '@app/shared/communities';
import { errorCodes } from '@app/shared/errors';
import type { NewUserRow } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, TestClient } from '../../../test/test-client.js';
import { insertOutcomes, uniqueToken } from './communities.test-support.js';
import { successProbability } from './success-score.js';

const day = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds())('GET /api/reddit/communities (%s)', (kind) => {
  let client: TestClient;
  // Rows written straight to the database show after the catalog's stamp check (up to 2 s), so every
  // fixture is in place before the first request.
  const tokens = {
    order: uniqueToken(),
    filters: uniqueToken(),
    deleted: uniqueToken(),
    outcomes: uniqueToken(),
  };
  const testApp = useTestApp(kind);
  beforeAll(async () => {
    const db = testApp.db();
    client = await signedInClient(testApp.app(), db, await newUser(db));

    const { order, filters, deleted, outcomes } = tokens;
    await newCommunity(db, { name: `${order}_b`, promotionAllowed: 'no' });
    await newCommunity(db, { name: `${order}_c` });
    await newCommunity(db, { name: `${order}_a` });
    await newCommunity(db, { name: `${filters}_gw`, category: 'gonewild', verificationRequired: true });
    await newCommunity(db, { name: `${filters}_fit`, category: 'fitness', promotionAllowed: 'limited' });
    await newCommunity(db, { name: `${filters}_cos`, category: 'cosplay', displayName: 'Cosplay FANS' });
    await newCommunity(db, {
      name: `${filters}_x`,
      description: `Find ${filters.toUpperCase()}-friendly folks`,
    });
    await newCommunity(db, { name: `${deleted}_gone`, deletedAt: new Date() });
    await newCommunity(db, { name: `${deleted}_private`, missingSince: new Date('2026-01-02T03:04:05Z') });
    await newCommunity(db, { name: `${outcomes}_Out` });
    await insertOutcomes(db, await newUser(db), `${outcomes}_out`.toUpperCase(), {
      stayed: 1,
      removed: 9,
      removedBy: 'reddit',
      failed: 7,
      recent: 3,
      pending: 5,
    });
  });

  const list = async (query: string, as = client) => {
    const response = await as.inject({ method: 'GET', url: `/api/reddit/communities?${query}` });
    expect(response.statusCode).toBe(200);
    return communityListResponseSchema.parse(response.json());
  };
  const names = async (query: string) => (await list(query)).map((community) => community.name);

  it("answers the spec's shape, best success first, then by name", async () => {
    const token = tokens.order;
    const found = await list(`search=${token}`);
    expect(found.map((community) => community.name)).toEqual([`${token}_a`, `${token}_c`, `${token}_b`]);
    expect(found[0]).toMatchObject({
      successProbability: 92,
      postingLimits: { perDay: null, cooldownHours: null },
      rules: { minKarma: null, sellingAllowed: 'unknown', titleRules: [] },
      missingSince: null,
    });
  });

  it('filters by category, promotion and verification, and searches name, display name and description', async () => {
    const token = tokens.filters;
    expect(await names(`search=${token}&category=gonewild`)).toEqual([`${token}_gw`]);
    expect(await names(`search=${token}&promotion=limited`)).toEqual([`${token}_fit`]);
    expect(await names(`search=${token}&verification=required`)).toEqual([`${token}_gw`]);
    expect(await names(`search=${token}&verification=not-required`)).toHaveLength(3);
    expect(await names(`search=${token}&category=all&promotion=`)).toHaveLength(4);
    expect(await names(`search=${token}_cos`)).toEqual([`${token}_cos`]);
    expect((await names(`search=cosplay%20fans`)).includes(`${token}_cos`)).toBe(true);
    expect(await names(`search=${token.toUpperCase()}-FRIENDLY`)).toEqual([`${token}_x`]);
  });

  it('leaves out deleted communities and flags missing ones', async () => {
    const token = tokens.deleted;
    const found = await list(`search=${token}`);
    expect(found.map((community) => [community.name, community.missingSince])).toEqual([
      [`${token}_private`, '2026-01-02T03:04:05.000Z'],
    ]);
  });

  it('leans on the outcomes of posts sent through the product, matching the subreddit case-insensitively', async () => {
    const response = await client.inject({
      method: 'GET',
      url: `/api/reddit/communities?search=${tokens.outcomes}`,
    });
    const [found] = response.json();
    // Failed sends and posts younger than 24 hours are not evidence either way.
    expect(found.successProbability).toBe(successProbability(found, { stayed: 1, failed: 0, removed: 9 }));
    expect(found.successProbability).toBeLessThan(successProbability(found));
    expect(found.successBasis).toBe('outcomes');
    expect(found.success).toMatchObject({ posts: 10, ownPosts: 0 });
    expect(found.success.low).toBeLessThan(found.successProbability);
    expect(found.success.high).toBeGreaterThan(found.successProbability);
    expect(found.success.reasons[0]).toBe(
      '10 posts by creators on this server: 1 stayed up, 9 removed by the spam filter',
    );
  });

  it.each([
    ['category=nope', 'category'],
    ['promotion=maybe', 'promotion'],
    ['verification=yes', 'verification'],
    [`search=${'x'.repeat(101)}`, 'search'],
    ['sort=members', 'sort'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await client.inject({ method: 'GET', url: `/api/reddit/communities?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: errorCodes.validation, field });
    expect(response.json().message).toContain(field);
  });

  it('answers 401 signed out', async () => {
    const response = await new TestClient(testApp.app()).inject({
      method: 'GET',
      url: '/api/reddit/communities',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(errorCodes.unauthorized);
  });

  it.each<[string, Partial<NewUserRow>, string]>([
    ['unverified', { emailVerifiedAt: null }, errorCodes.emailNotVerified],
    ['banned', { bannedAt: new Date() }, errorCodes.accountBanned],
    ['suspended', { suspendedUntil: new Date(Date.now() + day) }, errorCodes.accountSuspended],
  ])('refuses a %s user with 403 and the matching code', async (_label, overrides, code) => {
    const db = testApp.db();
    const restricted = await signedInClient(testApp.app(), db, await newUser(db, overrides));
    const response = await restricted.inject({ method: 'GET', url: '/api/reddit/communities' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(code);
  });
});
