import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, type TestClient } from '../../../test/test-client.js';
import { insertOutcomes, uniqueToken } from './communities.test-support.js';

describe.each(testDatabaseKinds())('communities list caching (%s)', (kind) => {
  let poster: UserRow;
  const token = uniqueToken();
  const clientFor = async (overrides = {}) =>
    signedInClient(testApp.app(), testApp.db(), await newUser(testApp.db(), overrides));
  const testApp = useTestApp(kind);
  beforeAll(async () => {
    const db = testApp.db();
    poster = await newUser(db);
    await newCommunity(db, { name: `${token}_hist` });
    await newCommunity(db, { name: `${token}_other`, category: 'fitness' });
    await insertOutcomes(db, await newUser(db), `${token}_hist`, { stayed: 8, failed: 2 });
    await insertOutcomes(db, poster, `${token}_hist`, { removed: 4, removedBy: 'moderator' });
  });
  afterEach(() => vi.restoreAllMocks());

  const get = (client: TestClient, query = '', headers: Record<string, string> = {}) =>
    client.inject({ method: 'GET', url: `/api/reddit/communities?search=${token}${query}`, headers });

  it('sends an ETag with private, no-cache and answers a matching If-None-Match with 304', async () => {
    const client = await clientFor();
    const first = await get(client);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    for (const ifNoneMatch of [etag, `"other", W/${etag}`, '*']) {
      const again = await get(client, '', { 'if-none-match': ifNoneMatch });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    expect((await get(client, '', { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('sends the cached list compressed as accepted, with the same ETag', async () => {
    const client = await clientFor();
    const plain = await get(client);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await get(client, '', { 'accept-encoding': 'gzip;q=0.5, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get(client, '', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const revalidated = await get(client, '', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
  });

  it('gives each filter its own bytes, and equal queries the same', async () => {
    const client = await clientFor();
    const all = await get(client);
    const fitness = await get(client, '&category=fitness');
    expect(fitness.json().map((community: { name: string }) => community.name)).toEqual([`${token}_other`]);
    expect(fitness.headers.etag).not.toBe(all.headers.etag);
    const upper = await client.inject({
      method: 'GET',
      url: `/api/reddit/communities?search=${token.toUpperCase()}`,
    });
    expect(upper.headers.etag).toBe(all.headers.etag);
  });

  it('shows a user with history their own figure while everyone else shares one response', async () => {
    const [first, second] = [await get(await clientFor()), await get(await clientFor())];
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toBe(first.body);

    const own = await get(await signedInClient(testApp.app(), testApp.db(), poster));
    expect(own.headers.etag).not.toBe(first.headers.etag);
    const shared = first.json().find((community: { name: string }) => community.name === `${token}_hist`);
    const mine = own.json().find((community: { name: string }) => community.name === `${token}_hist`);
    expect(shared.successBasis).toBe('outcomes');
    expect(mine.successBasis).toBe('personal');
    expect(mine.successProbability).toBeLessThan(shared.successProbability);
    // Their failures there sink the community below the one without outcomes, for them only.
    expect(own.json().map((community: { name: string }) => community.name)).toEqual([
      `${token}_other`,
      `${token}_hist`,
    ]);
  });

  it('changes the ETag at once after an admin edit', async () => {
    const client = await clientFor();
    const before = await get(client);
    const id = before.json()[0].id;
    const admin = await clientFor({ role: 'admin' });
    const edit = await admin.inject({
      method: 'PATCH',
      url: `/api/admin/communities/${id}`,
      payload: { members: 99 },
    });
    expect(edit.statusCode).toBe(200);
    const after = await get(client, '', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().find((community: { id: string }) => community.id === id).members).toBe(99);
  });

  it("sees other processes' writes within the stamp interval (2 s), not per request", async () => {
    const client = await clientFor();
    const before = await get(client);
    await newCommunity(testApp.db(), { name: `${token}_seeded` });
    expect((await get(client)).headers.etag).toBe(before.headers.etag);

    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 2_001);
    const after = await get(client);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().map((community: { name: string }) => community.name)).toContain(`${token}_seeded`);
  });
});
