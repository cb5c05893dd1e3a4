import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, referralApplications, users, type UserRow } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newAuditEntry } from '../../../test/factories/audit-log.js';
import { newReferralApplication } from '../../../test/factories/referrals.js';
import { newUser } from '../../../test/factories/users.js';
import {
  awkwardTimestamps,
  expectPagingErrors,
  expectWholeWalks,
  idsOfArray,
  inListOrder,
  stamp,
  walkPages,
  type Get,
  type IdsOf,
} from '../../../test/paged-list.js';
import { signedInClient } from '../../../test/test-client.js';

describe.each(testDatabaseKinds())('admin lists are paged by cursor (%s)', (kind) => {
  const testApp = useTestApp(kind);
  const db = () => testApp.db();
  let get: Get;
  let asUser: Get;
  let adminGet: (url: string, ifNoneMatch: string) => ReturnType<Get>;
  beforeAll(async () => {
    const admin = await signedInClient(testApp.app(), db(), await newUser(db(), { isAdmin: true }));
    const user = await signedInClient(testApp.app(), db(), await newUser(db()));
    get = (url) => admin.inject({ method: 'GET', url });
    adminGet = (url, ifNoneMatch) =>
      admin.inject({ method: 'GET', url, headers: { 'if-none-match': ifNoneMatch } });
    asUser = (url) => user.inject({ method: 'GET', url });
  });

  async function userAt(at: string, username?: string): Promise<UserRow & { at: string }> {
    const row = await newUser(db(), username ? { username } : {});
    await stamp(db(), users, row.id, ['created_at'], at);
    return { ...row, at };
  }

  /**
   * A list of a whole table (other tests' rows are in it too): each row exactly once, as many as
   * the table holds, and this test's rows in the promised order.
   */
  async function expectWalksTable(url: string, idsOf: IdsOf, tableCount: number, mine: string[]) {
    const own = new Set(mine);
    for (const limit of [1, 3, 100]) {
      const { ids } = await walkPages(get, url, limit, idsOf);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(tableCount);
      expect(ids.filter((id) => own.has(id))).toEqual(mine);
    }
  }

  const usersOf: IdsOf = (body) => idsOfArray((body as { users: unknown }).users);
  const entriesOf: IdsOf = (body) => idsOfArray((body as { entries: unknown }).entries);

  it('/api/admin/users walks the matches newest first, keeps q in the link, and totals them', async () => {
    const token = crypto.randomUUID().slice(0, 8);
    const rows = [];
    for (const [index, at] of awkwardTimestamps.entries())
      rows.push(await userAt(at, `paged_${token}_${index}`));
    await userAt(awkwardTimestamps[0]!);
    await expectWholeWalks(get, `/api/admin/users?q=${token}`, inListOrder(rows), usersOf);
    const page = await get(`/api/admin/users?q=${token}&limit=2`);
    expect(page.json().total).toBe(rows.length);
    await expectPagingErrors(get, `/api/admin/users?q=${token}`);
  });

  it('/api/admin/audit-log walks the whole log newest first, with the total', async () => {
    const mine = [];
    for (const at of awkwardTimestamps) {
      const entry = await newAuditEntry(db());
      await stamp(db(), adminAuditLog, entry.id, ['created_at'], at);
      mine.push({ id: entry.id, at });
    }
    const [{ value }] = (await db().select({ value: count() }).from(adminAuditLog)) as [{ value: number }];
    await expectWalksTable('/api/admin/audit-log', entriesOf, value, inListOrder(mine));
    expect((await get('/api/admin/audit-log?limit=1')).json().total).toBe(value);
    await expectPagingErrors(get, '/api/admin/audit-log');
  });

  it('/api/admin/leads/applications walks the pending queue oldest first', async () => {
    const referrer = await newUser(db());
    const mine = [];
    for (const at of awkwardTimestamps) {
      const application = await newReferralApplication(db(), { referrer, applicant: await newUser(db()) });
      await stamp(db(), referralApplications, application.id, ['created_at'], at);
      mine.push({ id: application.id, at });
    }
    const reviewed = await newReferralApplication(db(), {
      referrer,
      applicant: await newUser(db()),
      status: 'rejected',
    });
    const [{ value }] = (await db()
      .select({ value: count() })
      .from(referralApplications)
      .where(eq(referralApplications.status, 'pending_review'))) as [{ value: number }];
    await expectWalksTable('/api/admin/leads/applications', idsOfArray, value, inListOrder(mine, 'asc'));
    expect((await walkPages(get, '/api/admin/leads/applications', 100)).ids).not.toContain(reviewed.id);
    await expectPagingErrors(get, '/api/admin/leads/applications');
  });

  it('/api/admin/leads/signups walks every account newest first', async () => {
    const mine = [];
    for (const at of awkwardTimestamps) mine.push(await userAt(at));
    const [{ value }] = (await db().select({ value: count() }).from(users)) as [{ value: number }];
    await expectWalksTable('/api/admin/leads/signups', idsOfArray, value, inListOrder(mine));
    await expectPagingErrors(get, '/api/admin/leads/signups');
  });

  it('every paged admin list still requires an admin, and revalidates by ETag for the admin only', async () => {
    for (const url of [
      '/api/admin/users',
      '/api/admin/audit-log',
      '/api/admin/leads/applications',
      '/api/admin/leads/signups',
    ]) {
      expect((await asUser(url)).statusCode, url).toBe(403);
      expect((await asUser(`${url}?cursor=%21`)).statusCode, url).toBe(403);
      const first = await get(`${url}?limit=2`);
      expect(first.headers.etag, url).toMatch(/^W\/"[\w-]+"$/);
      const unchanged = await adminGet(`${url}?limit=2`, String(first.headers.etag));
      expect(unchanged.statusCode, url).toBe(304);
      const again = await testApp.app().inject({
        method: 'GET',
        url: `${url}?limit=2`,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      // Without the admin's session the tag is worth nothing: 401 before any body is made.
      expect(again.statusCode).toBe(401);
    }
  });
});
