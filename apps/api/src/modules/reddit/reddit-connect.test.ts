import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { redditAccountsResponseSchema, redditConnectedPath } from '@app/shared/reddit';
import { useTestApp } from '../../../test/use-test-app.js';
import { newUser } from '../../../test/factories/users.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { signedInClient, TestClient } from '../../../test/test-client.js';
import { redditAccounts, redditLinkStates, serviceFailures } from '../../db/schema/index.js';
import { connectAccount } from './reddit.test-support.js';

describe.each(testDatabaseKinds())('Reddit account link on %s', (kind) => {
  const testApp = useTestApp(kind, { standIns: { reddit: true } });
  const { db, reddit } = testApp;

  it('answers an authUrl for Reddit OAuth with the scopes, permanent duration and our callback', async () => {
    const client = await signedInClient(testApp.app(), db(), await newUser(db()));
    const response = await client.inject({ method: 'GET', url: '/api/reddit/connect?intent=account-link' });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json<{ authUrl: string }>().authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${reddit().baseUrl}/api/v1/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: reddit().clientId,
      response_type: 'code',
      duration: 'permanent',
      scope: 'identity submit read',
      redirect_uri: 'http://localhost:3000/api/reddit/callback',
    });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
  });

  it('links the account, keeps its refresh token only encrypted, and lands on /?reddit=connected', async () => {
    const user = await newUser(db());
    const client = await signedInClient(testApp.app(), db(), user);
    reddit().addUser('velvet_rose', {
      link_karma: 1200,
      comment_karma: 30,
      created_utc: Date.UTC(2020, 0, 2) / 1000,
    });
    const callback = await connectAccount(client, reddit(), 'velvet_rose');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(redditConnectedPath);

    const list = await client.inject({ method: 'GET', url: '/api/reddit/accounts' });
    const body = redditAccountsResponseSchema.parse(list.json());
    expect(body).toMatchObject({ limit: 1, canConnectMore: false, postingAvailable: true });
    expect(body.accounts).toEqual([
      expect.objectContaining({
        username: 'velvet_rose',
        linkKarma: 1200,
        commentKarma: 30,
        redditCreatedAt: '2020-01-02T00:00:00.000Z',
      }),
    ]);
    expect(list.body).not.toMatch(/refresh/i);

    const [row] = await db().select().from(redditAccounts).where(eq(redditAccounts.userId, user.id));
    const [refreshToken] = [...reddit().refreshTokens.keys()];
    expect(row!.refreshTokenEncrypted).not.toContain(refreshToken);
    expect(row!.refreshTokenEncrypted).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    // The state was used up.
    expect(await db().select().from(redditLinkStates).where(eq(redditLinkStates.userId, user.id))).toEqual(
      [],
    );
  });

  it('refuses a callback from another session, a replayed state and a forged state', async () => {
    const user = await newUser(db());
    const client = await signedInClient(testApp.app(), db(), user);
    reddit().addUser('some_user');
    const connect = await client.inject({ method: 'GET', url: '/api/reddit/connect?intent=account-link' });
    const back = reddit().approve(connect.json<{ authUrl: string }>().authUrl, 'some_user');

    // Same user, another session (e.g. a link opened elsewhere): refused, and the state is spent.
    const otherSession = await signedInClient(testApp.app(), db(), user);
    const elsewhere = await otherSession.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(elsewhere.headers.location).toBe('/?error=reddit_auth_failed');
    const replay = await client.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(replay.headers.location).toBe('/?error=reddit_auth_failed');

    const forged = await client.inject({ method: 'GET', url: '/api/reddit/callback?state=made-up&code=x' });
    expect(forged.headers.location).toBe('/?error=reddit_auth_failed');
    const signedOut = await new TestClient(testApp.app()).inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
    });
    expect(signedOut.headers.location).toBe('/?error=reddit_auth_failed');
    expect(await db().select().from(redditAccounts).where(eq(redditAccounts.userId, user.id))).toEqual([]);
  });

  it('a code Reddit no longer takes fails that visit only; the Setup page does not call posting broken', async () => {
    const user = await newUser(db());
    const client = await signedInClient(testApp.app(), db(), user);
    reddit().addUser('twice_used');
    const connect = await client.inject({ method: 'GET', url: '/api/reddit/connect?intent=account-link' });
    const back = reddit().approve(connect.json<{ authUrl: string }>().authUrl, 'twice_used');
    // The code is taken by someone else first (a double click, a replayed link): Reddit says invalid_grant.
    const code = back.searchParams.get('code')!;
    const taken = await fetch(`${reddit().baseUrl}/api/v1/access_token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${reddit().clientId}:${reddit().clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': reddit().userAgent,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${back.origin}${back.pathname}`,
      }),
    });
    expect(await taken.json()).toMatchObject({ access_token: expect.any(String) });
    const callback = await client.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(callback.headers.location).toBe('/?error=reddit_failed');
    expect(await db().select().from(serviceFailures)).toEqual([]);
  });

  it('sends the user back with reddit_failed when they deny access on Reddit', async () => {
    const client = await signedInClient(testApp.app(), db(), await newUser(db()));
    const connect = await client.inject({ method: 'GET', url: '/api/reddit/connect?intent=account-link' });
    const state = new URL(connect.json<{ authUrl: string }>().authUrl).searchParams.get('state');
    const denied = await client.inject({
      method: 'GET',
      url: `/api/reddit/callback?state=${state}&error=access_denied`,
    });
    expect(denied.headers.location).toBe('/?error=reddit_failed');
  });

  it('allows 1 account on Free, 3 on Starter and any number on Pro', async () => {
    for (const [tier, limit] of [
      ['free', 1],
      ['starter', 3],
      ['pro', null],
    ] as const) {
      const client = await signedInClient(testApp.app(), db(), await newUser(db(), { tier }));
      const linkable = limit ?? 4;
      for (let n = 0; n < linkable; n++) {
        const callback = await connectAccount(client, reddit(), `${tier}_account_${n}`);
        expect(callback.headers.location).toBe(redditConnectedPath);
      }
      const list = redditAccountsResponseSchema.parse(
        (await client.inject({ method: 'GET', url: '/api/reddit/accounts' })).json(),
      );
      expect(list.accounts).toHaveLength(linkable);
      expect(list.limit).toBe(limit);
      if (limit !== null) {
        const more = await client.inject({ method: 'GET', url: '/api/reddit/connect?intent=account-link' });
        expect(more.statusCode).toBe(409);
        expect(more.json().message).toBe(
          `Your plan allows ${limit} connected Reddit account${limit === 1 ? '' : 's'}. Disconnect one or upgrade your plan to add another.`,
        );
      }
    }
  });

  it('disconnects only the owner’s account: another user’s id is 404', async () => {
    const owner = await signedInClient(testApp.app(), db(), await newUser(db()));
    const stranger = await signedInClient(testApp.app(), db(), await newUser(db()));
    await connectAccount(owner, reddit(), 'owned_account');
    const { accounts } = redditAccountsResponseSchema.parse(
      (await owner.inject({ method: 'GET', url: '/api/reddit/accounts' })).json(),
    );
    const id = accounts[0]!.id;
    const theirs = await stranger.inject({ method: 'DELETE', url: `/api/reddit/accounts/${id}` });
    expect(theirs.statusCode).toBe(404);
    const bad = await owner.inject({ method: 'DELETE', url: '/api/reddit/accounts/not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    const noCsrf = await owner.inject(
      { method: 'DELETE', url: `/api/reddit/accounts/${id}` },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(reddit().refreshTokens.size).toBe(1);
    const mine = await owner.inject({ method: 'DELETE', url: `/api/reddit/accounts/${id}` });
    // Reddit was asked to forget the grant too.
    expect(reddit().refreshTokens.size).toBe(0);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ message: 'Reddit account disconnected' });
    expect(
      redditAccountsResponseSchema.parse(
        (await owner.inject({ method: 'GET', url: '/api/reddit/accounts' })).json(),
      ).accounts,
    ).toEqual([]);
  });

  it('refuses connecting for signed-out, unverified, banned and suspended users (spec 4)', async () => {
    expect(
      (
        await new TestClient(testApp.app()).inject({
          method: 'GET',
          url: '/api/reddit/connect?intent=account-link',
        })
      ).statusCode,
    ).toBe(401);
    for (const [overrides, code] of [
      [{ emailVerifiedAt: null }, 'EMAIL_NOT_VERIFIED'],
      [{ bannedAt: new Date() }, 'ACCOUNT_BANNED'],
      [{ suspendedUntil: new Date(Date.now() + 86_400_000) }, 'ACCOUNT_SUSPENDED'],
    ] as const) {
      const client = await signedInClient(testApp.app(), db(), await newUser(db(), overrides));
      const response = await client.inject({ method: 'GET', url: '/api/reddit/connect?intent=account-link' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(code);
    }
    const client = await signedInClient(testApp.app(), db(), await newUser(db()));
    const badIntent = await client.inject({ method: 'GET', url: '/api/reddit/connect?intent=sign-in' });
    expect(badIntent.statusCode).toBe(400);
    expect(badIntent.json().message).toContain('account-link');
  });
});

describe('Reddit account link without Reddit credentials', () => {
  const testApp = useTestApp('pglite');

  it('answers 503 with what is missing', async () => {
    const { client } = await testApp.signedIn();
    const response = await client.inject({ method: 'GET', url: '/api/reddit/connect?intent=account-link' });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toContain('Reddit posting is not set up');
  });

  it('says so in the accounts list, which the Reddit page shows before any form', async () => {
    const { client } = await testApp.signedIn();
    const list = await client.inject({ method: 'GET', url: '/api/reddit/accounts' });
    expect(list.statusCode).toBe(200);
    expect(redditAccountsResponseSchema.parse(list.json())).toMatchObject({
      accounts: [],
      postingAvailable: false,
    });
  });
});
