import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  apiKeyListResponseSchema,
  apiKeyTexts,
  apiUsageSchema,
  createdApiKeyResponseSchema,
} from '@app/shared/api-keys';
import { schedulePostResponseSchema } from '@app/shared/posts';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { signedInClient, type TestClient } from '../../../test/test-client.js';
import { apiKeys, usageCounters, users, type NewUserRow } from '../../db/schema/index.js';
import { createAccount, knownPassword } from '../auth/auth-test-support.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { uniqueToken } from '../communities/communities.test-support.js';
import { connectAccount } from '../reddit/reddit.test-support.js';

const monthlyLimit = 5;

describe.each(testDatabaseKinds())('personal API keys on %s', (kind) => {
  const testApp = useTestApp(kind, {
    standIns: { reddit: true },
    build: { apiKeyMonthlyLimit: monthlyLimit },
  });
  const { db, reddit } = testApp;

  async function signedIn(overrides: Partial<NewUserRow> = { tier: 'pro' }) {
    const user = await createAccount(db(), overrides);
    return { user, client: await signedInClient(testApp.app(), db(), user) };
  }

  async function createKey(client: TestClient, name = 'My script') {
    const response = await client.inject({
      method: 'POST',
      url: '/api/api-keys',
      payload: { name, currentPassword: knownPassword },
    });
    expect(response.statusCode, response.body).toBe(201);
    return createdApiKeyResponseSchema.parse(response.json());
  }

  /** A request carrying only the key: no cookie, no CSRF token. */
  const withKey = (secret: string, options: InjectOptions) =>
    testApp.app().inject({
      ...options,
      headers: { ...(options.headers as Record<string, string>), authorization: `Bearer ${secret}` },
    });

  it('creates a key shown once, lists it without the secret and stores only its hash', async () => {
    const { user, client } = await signedIn();
    const created = await createKey(client, '  Zapier  ');
    expect(created.secret).toMatch(/^cs_live_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({ name: 'Zapier', revokedAt: null, lastUsedAt: null });
    expect(created.key.displayPrefix).toBe(`${created.secret.slice(0, 16)}…`);

    const listed = await client.inject({ method: 'GET', url: '/api/api-keys' });
    expect(listed.statusCode).toBe(200);
    expect(apiKeyListResponseSchema.parse(listed.json()).keys).toEqual([created.key]);
    expect(listed.body).not.toContain(created.secret);

    const rows = await db().select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(created.secret);
    expect(stored).not.toContain(created.secret.slice(16));
    expect(rows[0]!.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses Free and Starter users with the upgrade message, and admins may use keys', async () => {
    for (const tier of ['free', 'starter'] as const) {
      const { client } = await signedIn({ tier });
      for (const request of [
        { method: 'GET', url: '/api/api-keys' },
        { method: 'POST', url: '/api/api-keys', payload: { name: 'x' } },
        { method: 'GET', url: '/api/api-keys/usage' },
      ] as const) {
        const response = await client.inject(request);
        expect(response.statusCode, request.url).toBe(403);
        expect(response.json()).toMatchObject({ message: apiKeyTexts.proOnly });
      }
    }
    const { client: admin } = await signedIn({ tier: 'free', role: 'admin', isAdmin: true });
    await createKey(admin);
  });

  it('needs a session and its CSRF token to manage keys, and validates the name', async () => {
    expect((await testApp.app().inject({ method: 'GET', url: '/api/api-keys' })).statusCode).toBe(401);
    const { client } = await signedIn();
    const noCsrf = await client.inject(
      { method: 'POST', url: '/api/api-keys', payload: { name: 'x' } },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    const blank = await client.inject({ method: 'POST', url: '/api/api-keys', payload: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(apiKeyTexts.nameRequired);
    const { secret } = await createKey(client);
    // A key cannot mint or list keys: management is for the signed-in owner only.
    const byKey = await withKey(secret, { method: 'POST', url: '/api/api-keys', payload: { name: 'y' } });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json()).toMatchObject({ message: apiKeyTexts.routeNotPublic });
  });

  it('revokes a key, after which it is refused; another user cannot revoke it', async () => {
    const { client } = await signedIn();
    const { key, secret } = await createKey(client);
    const { client: other } = await signedIn();
    expect((await other.inject({ method: 'DELETE', url: `/api/api-keys/${key.id}` })).statusCode).toBe(404);
    expect((await withKey(secret, { method: 'GET', url: '/api/media' })).statusCode).toBe(200);

    const revoked = await client.inject({ method: 'DELETE', url: `/api/api-keys/${key.id}` });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).toEqual(expect.any(String));
    const refused = await withKey(secret, { method: 'GET', url: '/api/media' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: apiKeyTexts.keyRevoked });
    expect((await client.inject({ method: 'DELETE', url: '/api/api-keys/not-a-uuid' })).statusCode).toBe(400);
  });

  it('refuses unknown keys and keys of users no longer on Pro', async () => {
    const unknown = await withKey(`cs_live_${'A'.repeat(43)}`, { method: 'GET', url: '/api/media' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ message: apiKeyTexts.keyMissingOrUnknown });

    const { user, client } = await signedIn();
    const { secret } = await createKey(client);
    // Same lookup prefix, wrong secret: still unknown.
    const tampered = await withKey(`${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`, {
      method: 'GET',
      url: '/api/media',
    });
    expect(tampered.statusCode).toBe(401);

    await db().update(users).set({ tier: 'starter' }).where(eq(users.id, user.id));
    const downgraded = await withKey(secret, { method: 'GET', url: '/api/media' });
    expect(downgraded.statusCode).toBe(403);
    expect(downgraded.json()).toMatchObject({ message: apiKeyTexts.keyOwnerNotPro });
  });

  it('authenticates each public route without CSRF and as the key owner only', async () => {
    const { user, client } = await signedIn();
    const { key, secret } = await createKey(client);
    const username = `u_${uniqueToken()}`;
    reddit().addUser(username);
    await connectAccount(client, reddit(), username);
    const community = await newCommunity(db());
    reddit().addSubreddit(community.name, { allow_images: true });

    const generated = await withKey(secret, {
      method: 'POST',
      url: '/api/ai/generate',
      payload: { prompt: 'Sunset at the beach', platforms: ['reddit'] },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const history = await withKey(secret, { method: 'GET', url: '/api/content-generations' });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toHaveLength(1);
    expect((await withKey(secret, { method: 'GET', url: '/api/media' })).statusCode).toBe(200);
    const scheduledAt = new Date(Date.now() + 6 * 3_600_000).toISOString();
    const scheduled = await withKey(secret, {
      method: 'POST',
      url: '/api/posts/schedule',
      payload: { subreddit: `r/${community.name}`, title: 'From the API', body: 'Hello', scheduledAt },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(schedulePostResponseSchema.parse(scheduled.json()).post.redditUsername).toBe(username);
    const list = await withKey(secret, { method: 'GET', url: '/api/posts/scheduled' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);

    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.lastUsedAt).not.toBeNull();
    expect(user.id).toBe(row!.userId);
  });

  it('refuses the key on other routes, even alongside a valid session cookie and CSRF token', async () => {
    const { user, client } = await signedIn();
    const { secret } = await createKey(client);
    const csrfToken = await client.fetchCsrfToken();
    const headers = {
      authorization: `Bearer ${secret}`,
      cookie: client.cookieHeader(),
      'x-csrf-token': csrfToken,
    };
    const deletion = await testApp
      .app()
      .inject({ method: 'DELETE', url: '/api/user/account', headers, payload: { confirmation: 'DELETE' } });
    expect(deletion.statusCode).toBe(403);
    expect(deletion.json()).toMatchObject({ message: apiKeyTexts.routeNotPublic });
    expect(await db().select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect(
      (await testApp.app().inject({ method: 'GET', url: '/api/user/settings', headers })).statusCode,
    ).toBe(403);
    // A bad key never falls back to the cookie: without CSRF it would be a forged request.
    const badKey = await testApp.app().inject({
      method: 'POST',
      url: '/api/posts/schedule',
      headers: { authorization: `Bearer cs_live_${'B'.repeat(43)}`, cookie: client.cookieHeader() },
      payload: { subreddit: 'r/x', title: 'forged' },
    });
    expect(badKey.statusCode).toBe(401);
  });

  it('meters calls per calendar month: over the limit answers 429 with when it resets', async () => {
    const { client } = await signedIn();
    const { secret } = await createKey(client);
    const usage = async () =>
      apiUsageSchema.parse((await client.inject({ method: 'GET', url: '/api/api-keys/usage' })).json());
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
    expect(await usage()).toEqual({ used: 0, limit: monthlyLimit, resetsAt: nextMonth });

    for (let call = 0; call < monthlyLimit; call += 1) {
      expect((await withKey(secret, { method: 'GET', url: '/api/media' })).statusCode).toBe(200);
    }
    // Session calls from the app itself are not metered.
    expect((await client.inject({ method: 'GET', url: '/api/media' })).statusCode).toBe(200);
    expect(await usage()).toEqual({ used: monthlyLimit, limit: monthlyLimit, resetsAt: nextMonth });

    const over = await withKey(secret, { method: 'GET', url: '/api/media' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      code: 'RATE_LIMITED',
      resetsAt: nextMonth,
      message: apiKeyTexts.limitReached(new Date(nextMonth)),
    });
    expect(over.json().message).toMatch(/resets on \w{3} \d{1,2}, \d{4}, 00:00 UTC\.$/);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(31 * 24 * 3600);
    expect((await usage()).used).toBe(monthlyLimit);
  });

  it('keeps the monthly counter when a daily allowance clears its own old windows', async () => {
    const { user, client } = await signedIn();
    const { secret } = await createKey(client);
    await withKey(secret, { method: 'GET', url: '/api/media' });
    // A free visitor's AI generation opens a new daily window, which tidies old windows of its scope.
    await testApp.app().inject({
      method: 'POST',
      url: '/api/ai/generate',
      payload: { prompt: 'hello' },
      remoteAddress: '203.0.113.77',
    });
    const rows = await db()
      .select({ count: usageCounters.count })
      .from(usageCounters)
      .where(and(eq(usageCounters.scope, 'api.calls'), eq(usageCounters.subject, user.id)));
    expect(rows).toEqual([{ count: 1 }]);
  });
});
