import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userSchema } from '@app/shared/user';
import { oauthAccounts, users } from '../../db/schema/index.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { TestClient } from '../../../test/test-client.js';
import {
  redditUserAgent,
  signInThroughProvider,
  signedInUserOf,
  useProviderTestApp,
} from './oauth.test-support.js';

describe.each(testDatabaseKinds())('social sign-in flow (%s)', (kind) => {
  const providers = useProviderTestApp(kind);

  it('lists every configured provider for the auth dialog', async () => {
    const response = await new TestClient(providers.testApp.app).inject({
      method: 'GET',
      url: '/api/auth/providers',
    });
    expect(response.json()).toEqual({ providers: ['google', 'facebook', 'reddit'] });
  });

  const cases = [
    {
      provider: 'google',
      scope: 'openid email profile',
      pkce: true,
      clientAuth: 'basic',
      profile: { id: 'g-100', name: 'Jane Doe', email: 'Jane.Doe@Example.com', emailVerified: true },
      expected: { username: 'Jane_Doe', email: 'jane.doe@example.com', emailVerified: true },
    },
    {
      provider: 'facebook',
      scope: 'email public_profile',
      pkce: false,
      clientAuth: 'body',
      profile: { id: 'fb-200', name: 'José Núñez', email: 'jose@example.com' },
      expected: { username: 'Jose_Nunez', email: 'jose@example.com', emailVerified: true },
    },
    {
      provider: 'reddit',
      scope: 'identity',
      pkce: false,
      clientAuth: 'basic',
      profile: { id: 'rd300', name: 'spicy_creator' },
      expected: { username: 'spicy_creator', email: 'rd300@reddit.invalid', emailVerified: false },
    },
  ] as const;

  it.each(cases)('$provider: creates the account, signs it in, and reuses it next time', async (testCase) => {
    const standIn = providers.standIns[testCase.provider];
    standIn.profile = { ...testCase.profile };
    const client = new TestClient(providers.testApp.app);

    const { start, consent, callback } = await signInThroughProvider(client, testCase.provider);
    const authorize = standIn.authorizeRequests[0]!;
    expect(start.headers.location).toMatch(new RegExp(`^${standIn.baseUrl}/`));
    expect(authorize.get('scope')).toBe(testCase.scope);
    expect(authorize.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(authorize.get('code_challenge_method')).toBe(testCase.pkce ? 'S256' : null);
    expect(consent.status).toBe(302);
    expect(standIn.tokenRequests[0]!.clientAuth).toBe(testCase.clientAuth);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/dashboard');

    const user = userSchema.parse(await signedInUserOf(client));
    expect(user).toMatchObject(testCase.expected);
    const [account] = await providers.testApp.database.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, user.id));
    expect(account).toMatchObject({ provider: testCase.provider, providerAccountId: testCase.profile.id });
    const [row] = await providers.testApp.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();

    const again = new TestClient(providers.testApp.app);
    await signInThroughProvider(again, testCase.provider);
    expect((await signedInUserOf(again)).id).toBe(user.id);
    const accounts = await providers.testApp.database.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, user.id));
    expect(accounts).toHaveLength(1);
  });

  it('sends the flow secrets as short-lived httpOnly Lax cookies on /api/auth, and clears them after', async () => {
    const client = new TestClient(providers.testApp.app);
    const { start, callback } = await signInThroughProvider(client, 'google', '?returnTo=/history');
    const setCookies = ([] as string[]).concat(start.headers['set-cookie'] ?? []);
    for (const name of ['oauth_state', 'oauth_code_verifier', 'oauth_return_to']) {
      const cookie = setCookies.find((line) => line.startsWith(`${name}=`));
      expect(cookie).toMatch(/Max-Age=600/);
      expect(cookie).toMatch(/Path=\/api\/auth/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
    }
    const cleared = ([] as string[]).concat(callback.headers['set-cookie'] ?? []);
    for (const name of ['oauth_state', 'oauth_code_verifier', 'oauth_return_to']) {
      expect(cleared.find((line) => line.startsWith(`${name}=;`))).toMatch(/Expires=Thu, 01 Jan 1970/);
    }
    expect(cleared.some((line) => line.startsWith('sid='))).toBe(true);
    expect(callback.headers.location).toBe('/history');
  });

  it('sends Reddit the configured User-Agent on the token and profile calls', async () => {
    providers.standIns.reddit.profile = { id: 'rd-ua', name: 'ua_checker' };
    const { callback } = await signInThroughProvider(new TestClient(providers.testApp.app), 'reddit');
    expect(callback.headers.location).toBe('/dashboard');
    expect(providers.standIns.reddit.userAgents).toEqual([redditUserAgent, redditUserAgent]);
  });

  it('asks Facebook for the id, name and email fields', async () => {
    providers.standIns.facebook.profile = {
      id: 'fb-fields',
      name: 'Field Check',
      email: 'fields@example.com',
    };
    const client = new TestClient(providers.testApp.app);
    await signInThroughProvider(client, 'facebook');
    expect((await signedInUserOf(client)).email).toBe('fields@example.com');
  });
});
