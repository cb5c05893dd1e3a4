import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessTokens, sessions } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { AddressedClient, createAccount, loggedInClient } from './auth-test-support.js';
import { hashToken } from './session-token.js';

describe.each(testDatabaseKinds())('access tokens and refresh (%s)', (kind) => {
  const testApp = useTestApp(kind);
  const db = () => testApp.db();

  /** A client with no cookies at all: only the bearer token can authenticate it. */
  const withBearer = (token: string, url = '/api/auth/user') =>
    new AddressedClient(testApp.app()).inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });

  it('authenticates a bearer token, on any route that needs a user, and stores only its hash', async () => {
    const account = await createAccount(db());
    const { body } = await loggedInClient(testApp.app(), account.username);
    expect((await withBearer(body.accessToken)).json().id).toBe(account.id);
    expect((await withBearer(body.accessToken, '/api/user/settings')).statusCode).toBe(200);
    expect((await withBearer('forged-token', '/api/user/settings')).statusCode).toBe(401);

    const [row] = await db()
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashToken(body.accessToken)));
    expect(row).toBeDefined();
    expect(JSON.stringify(await db().select().from(accessTokens))).not.toContain(body.accessToken);
  });

  it('refresh mints a new token from the session cookie and refuses without one', async () => {
    const account = await createAccount(db());
    const { client, body } = await loggedInClient(testApp.app(), account.username);
    const refreshed = await client.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json();
    expect(next.accessToken).not.toBe(body.accessToken);
    expect(Date.parse(next.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(refreshed.headers['cache-control']).toBe('no-store');
    expect((await withBearer(next.accessToken)).json().id).toBe(account.id);

    const stranger = new AddressedClient(testApp.app());
    const refused = await stranger.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      message: 'Your session has ended. Log in again.',
      code: 'UNAUTHORIZED',
    });
    // A bearer token alone cannot extend itself.
    const bearerOnly = await stranger.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${next.accessToken}` },
    });
    expect(bearerOnly.statusCode).toBe(401);
  });

  it('an expired access token no longer authenticates', async () => {
    const account = await createAccount(db());
    const { body } = await loggedInClient(testApp.app(), account.username);
    await db()
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.tokenHash, hashToken(body.accessToken)));
    expect((await withBearer(body.accessToken)).json()).toBeNull();
  });

  it('logout revokes the session, its cookie and every access token minted from it', async () => {
    const account = await createAccount(db());
    const { client, body } = await loggedInClient(testApp.app(), account.username);
    const second = (await client.inject({ method: 'POST', url: '/api/auth/refresh' })).json()
      .accessToken as string;
    expect((await client.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
    expect((await withBearer(body.accessToken)).json()).toBeNull();
    expect((await withBearer(second)).json()).toBeNull();
    expect((await client.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(0);
  });

  it('logging out with only the bearer token ends that session too', async () => {
    const account = await createAccount(db());
    const { client, body } = await loggedInClient(testApp.app(), account.username);
    const bearerOnly = new AddressedClient(testApp.app());
    const out = await bearerOnly.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await client.inject({ method: 'GET', url: '/api/auth/user' })).json()).toBeNull();
  });

  it("never shows one user's account to another, and one logout leaves the other signed in", async () => {
    const alice = await createAccount(db());
    const bob = await createAccount(db());
    const aliceSession = await loggedInClient(testApp.app(), alice.username);
    const bobSession = await loggedInClient(testApp.app(), bob.username);
    expect((await aliceSession.client.inject({ method: 'GET', url: '/api/auth/user' })).json().id).toBe(
      alice.id,
    );
    expect((await bobSession.client.inject({ method: 'GET', url: '/api/auth/user' })).json().id).toBe(bob.id);
    expect((await withBearer(bobSession.body.accessToken)).json().id).toBe(bob.id);

    await aliceSession.client.inject({ method: 'POST', url: '/api/auth/logout' });
    expect((await bobSession.client.inject({ method: 'GET', url: '/api/auth/user' })).json().id).toBe(bob.id);
    expect((await withBearer(bobSession.body.accessToken)).json().id).toBe(bob.id);
  });
});
