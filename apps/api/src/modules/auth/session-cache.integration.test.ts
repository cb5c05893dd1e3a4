import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { withAdminClient } from '../../../test/db/postgres-admin.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { useTestApp } from '../../../test/use-test-app.js';

// A long time to live, so that only an announced change can explain a fresh answer.
const longTtl = { SESSION_CACHE_TTL_MS: '60000' };

describe.each(testDatabaseKinds())('signed-in sessions kept in memory (%s)', (kind) => {
  const setup = useTestApp(kind, { env: longTtl });
  const currentUser = async (client: Awaited<ReturnType<typeof setup.signedIn>>['client']) =>
    (await client.inject({ method: 'GET', url: '/api/auth/user' })).json<{
      id: string;
      tier: string;
    } | null>();

  it('answers a known session from memory: a session row removed without announcement still works', async () => {
    const { user, client } = await setup.signedIn();
    expect((await currentUser(client))?.id).toBe(user.id);
    // Only a database administrator could do this: delete the row with the announcing trigger off.
    await setup.db().transaction(async (tx) => {
      await tx.execute('alter table sessions disable trigger sessions_notify_auth_change');
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      await tx.execute('alter table sessions enable trigger sessions_notify_auth_change');
    });
    expect((await currentUser(client))?.id).toBe(user.id);
  });

  it("sees this process's own change to the user at once", async () => {
    const { user, client } = await setup.signedIn({ tier: 'free' });
    expect((await currentUser(client))?.tier).toBe('free');
    await setup.db().update(users).set({ tier: 'pro' }).where(eq(users.id, user.id));
    expect((await currentUser(client))?.tier).toBe('pro');
    const adminList = () => client.inject({ method: 'GET', url: '/api/admin/users' });
    expect((await adminList()).statusCode).toBe(403);
    await setup.db().update(users).set({ isAdmin: true, role: 'admin' }).where(eq(users.id, user.id));
    expect((await adminList()).statusCode).toBe(200);
    await setup.db().update(users).set({ isAdmin: false, role: 'user' }).where(eq(users.id, user.id));
    expect((await adminList()).statusCode).toBe(403);
  });

  it('refuses a session at once after signing out', async () => {
    const { user, client } = await setup.signedIn();
    expect((await currentUser(client))?.id).toBe(user.id);
    const cookie = client.cookieHeader();
    expect((await client.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
    const again = await setup.app().inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(again.json()).toBeNull();
  });

  it('forgets a session whose row was deleted', async () => {
    const { user, client } = await setup.signedIn();
    expect((await currentUser(client))?.id).toBe(user.id);
    await setup.db().delete(sessions).where(eq(sessions.userId, user.id));
    expect(await currentUser(client)).toBeNull();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'sessions kept in memory, changed by another process (postgres)',
  () => {
    const setup = useTestApp('postgres', { env: longTtl });
    // A connection of its own, as another server process or psql would have.
    const otherProcess = <T>(work: (client: pg.Client) => Promise<T>) =>
      withAdminClient(setup.databaseUrl()!, work);

    it("sees another connection's change to the user within moments", async () => {
      const { user, client } = await setup.signedIn({ tier: 'free' });
      const tier = async () =>
        (await client.inject({ method: 'GET', url: '/api/auth/user' })).json<{ tier: string }>().tier;
      expect(await tier()).toBe('free');
      await otherProcess((other) => other.query(`update users set tier = 'pro' where id = $1`, [user.id]));
      await vi.waitFor(async () => expect(await tier()).toBe('pro'), { timeout: 2_000, interval: 20 });
    });

    it('trusts nothing it cached while its listening connection is down, and listens again', async () => {
      const { user, client } = await setup.signedIn({ tier: 'free' });
      const tier = async () =>
        (await client.inject({ method: 'GET', url: '/api/auth/user' })).json<{ tier: string }>().tier;
      expect(await tier()).toBe('free');
      await otherProcess(async (other) => {
        const { rowCount } = await other.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'auth_changed listener' and datname = current_database()`,
        );
        expect(rowCount).toBe(1);
        await other.query(`update users set tier = 'starter' where id = $1`, [user.id]);
      });
      expect(await tier()).toBe('starter');
      await vi.waitFor(
        () =>
          otherProcess(async (other) => {
            const { rowCount } = await other.query(
              `select 1 from pg_stat_activity where application_name = 'auth_changed listener' and datname = current_database()`,
            );
            expect(rowCount).toBe(1);
          }),
        { timeout: 5_000, interval: 100 },
      );
      await otherProcess((other) => other.query(`update users set tier = 'pro' where id = $1`, [user.id]));
      await vi.waitFor(async () => expect(await tier()).toBe('pro'), { timeout: 2_000, interval: 20 });
    });
  },
);
