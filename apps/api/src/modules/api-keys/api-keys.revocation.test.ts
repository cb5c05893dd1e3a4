import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@app/shared/account';
import { apiKeyTexts, createdApiKeyResponseSchema } from '@app/shared/api-keys';
import { errorCodes } from '@app/shared/errors';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, type TestClient } from '../../../test/test-client.js';
import { apiKeys, sessions, users, type NewUserRow } from '../../db/schema/index.js';
import { AddressedClient, createAccount, knownPassword } from '../auth/auth-test-support.js';
import { issueOneTimeToken } from '../auth/one-time-token.repo.js';

/** docs/decisions/019-ban-and-credential-revocation.md: a key needs the password to be made, and ends with the events that end sessions. */
describe.each(testDatabaseKinds())('API keys end with the account events that end sign-ins (%s)', (kind) => {
  let admin: TestClient;
  const db = () => testApp.db();
  const testApp = useTestApp(kind);
  beforeAll(async () => {
    admin = await signedInClient(testApp.app(), db(), await newUser(db(), { isAdmin: true, role: 'admin' }));
  });

  async function proAccount(overrides: Partial<NewUserRow> = {}) {
    const user = await createAccount(db(), { tier: 'pro', ...overrides });
    return { user, client: await signedInClient(testApp.app(), db(), user) };
  }

  async function createKey(client: TestClient, currentPassword = knownPassword) {
    const response = await client.inject({
      method: 'POST',
      url: '/api/api-keys',
      payload: { name: 'Script', currentPassword },
    });
    expect(response.statusCode, response.body).toBe(201);
    return createdApiKeyResponseSchema.parse(response.json());
  }

  const withKey = (secret: string, options: InjectOptions = { method: 'GET', url: '/api/media' }) =>
    testApp.app().inject({ ...options, headers: { authorization: `Bearer ${secret}` } });
  const keyRows = (userId: string) => db().select().from(apiKeys).where(eq(apiKeys.userId, userId));

  async function expectRevoked(secret: string, userId: string) {
    const refused = await withKey(secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: apiKeyTexts.keyRevoked });
    expect((await keyRows(userId)).every((row) => row.revokedAt !== null)).toBe(true);
  }

  it('creating a key needs the current password: missing 400, wrong 403, and neither makes a key', async () => {
    const { user, client } = await proAccount();
    const missing = await client.inject({
      method: 'POST',
      url: '/api/api-keys',
      payload: { name: 'Script' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(apiKeyTexts.passwordRequired);
    const wrong = await client.inject({
      method: 'POST',
      url: '/api/api-keys',
      payload: { name: 'Script', currentPassword: 'Not-the-pass1' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ message: accountMessages.wrongPassword, field: 'currentPassword' });
    expect(await keyRows(user.id)).toEqual([]);
    await createKey(client);
    expect(await keyRows(user.id)).toHaveLength(1);
  });

  it('an account without a password (social sign-in only) is told to set one first', async () => {
    const user = await newUser(db(), { tier: 'pro' });
    const client = await signedInClient(testApp.app(), db(), user);
    const refused = await client.inject({
      method: 'POST',
      url: '/api/api-keys',
      payload: { name: 'Script', currentPassword: 'anything-1A' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: apiKeyTexts.passwordNotSet });
    expect(await keyRows(user.id)).toEqual([]);
  });

  it('a password reset revokes every key of the account', async () => {
    const { user, client } = await proAccount();
    const { secret } = await createKey(client);
    expect((await withKey(secret)).statusCode).toBe(200);
    const token = await issueOneTimeToken(db(), user.id, 'password_reset', 60_000);
    const reset = await new AddressedClient(testApp.app()).inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'Brand-new1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectRevoked(secret, user.id);
  });

  it('changing the password revokes every key of the account', async () => {
    const { user, client } = await proAccount();
    const { secret } = await createKey(client);
    const changed = await new AddressedClient(testApp.app()).inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { userId: user.id, currentPassword: knownPassword, newPassword: 'Brand-new1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectRevoked(secret, user.id);
  });

  it("an admin's forced password change revokes every key and ends the sessions", async () => {
    const { user, client } = await proAccount();
    const { secret } = await createKey(client);
    const forced = await admin.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/force-password-change`,
    });
    expect(forced.statusCode, forced.body).toBe(200);
    await expectRevoked(secret, user.id);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('a ban revokes every key and ends the sessions', async () => {
    const { user, client } = await proAccount();
    const first = await createKey(client);
    const second = await createKey(client);
    const banned = await admin.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/ban`,
      payload: { reason: 'spam' },
    });
    expect(banned.statusCode, banned.body).toBe(200);
    await expectRevoked(first.secret, user.id);
    await expectRevoked(second.secret, user.id);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    // Unbanning gives access back, not the keys: they stay revoked.
    await admin.inject({ method: 'POST', url: `/api/admin/users/${user.id}/unban` });
    expect((await withKey(first.secret)).statusCode).toBe(401);
  });

  it('refuses the key of an account banned outside the app (a script, psql, another process) at once', async () => {
    const { user, client } = await proAccount();
    const { secret } = await createKey(client);
    expect((await withKey(secret)).statusCode).toBe(200);
    // Written straight to the database: no route revoked the keys.
    await db().update(users).set({ bannedAt: new Date() }).where(eq(users.id, user.id));
    const refused = await withKey(secret);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: errorCodes.accountBanned,
      message: apiKeyTexts.keyOwnerRestricted,
    });
  });
});
