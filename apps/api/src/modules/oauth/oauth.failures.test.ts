import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { TestClient } from '../../../test/test-client.js';
import { signInThroughProvider, signedInUserOf, useProviderTestApp } from './oauth.test-support.js';

describe.each(testDatabaseKinds())('social sign-in failures (%s)', (kind) => {
  const providers = useProviderTestApp(kind);

  it('refuses a callback whose state does not match the cookie', async () => {
    const client = new TestClient(providers.testApp.app);
    const start = await client.inject({ method: 'GET', url: '/api/auth/google' });
    const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    back.searchParams.set('state', 'forged-state');
    const callback = await client.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(callback.headers.location).toBe('/?error=google_auth_failed');
    expect(providers.standIns.google.tokenRequests).toHaveLength(0);
    expect(await signedInUserOf(client)).toBeNull();
  });

  it('refuses a callback without the state cookie (e.g. a link opened in another browser)', async () => {
    const client = new TestClient(providers.testApp.app);
    const start = await client.inject({ method: 'GET', url: '/api/auth/facebook' });
    const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const stranger = new TestClient(providers.testApp.app);
    const callback = await stranger.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(callback.headers.location).toBe('/?error=facebook_auth_failed');
  });

  it('refuses a state issued for another provider', async () => {
    const client = new TestClient(providers.testApp.app);
    const start = await client.inject({ method: 'GET', url: '/api/auth/facebook' });
    const state = new URL(start.headers.location as string).searchParams.get('state');
    const callback = await client.inject({
      method: 'GET',
      url: `/api/auth/reddit/callback?code=abc&state=${state}`,
    });
    expect(callback.headers.location).toBe('/?error=reddit_auth_failed');
  });

  it('sends the browser back with google_failed when the person denies consent', async () => {
    providers.standIns.google.deny = true;
    const client = new TestClient(providers.testApp.app);
    const { back, callback } = await signInThroughProvider(client, 'google');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(callback.headers.location).toBe('/?error=google_failed');
    expect(await signedInUserOf(client)).toBeNull();
  });

  it('answers google_failed when the token exchange fails', async () => {
    providers.standIns.google.failToken = true;
    const client = new TestClient(providers.testApp.app);
    const { callback } = await signInThroughProvider(client, 'google');
    expect(callback.headers.location).toBe('/?error=google_failed');
    expect(await signedInUserOf(client)).toBeNull();
  });

  it('PKCE: the stand-in refuses the code when the verifier does not match the challenge', async () => {
    const client = new TestClient(providers.testApp.app);
    const start = await client.inject({ method: 'GET', url: '/api/auth/google' });
    const challenge = new URL(start.headers.location as string).searchParams.get('code_challenge');
    expect(challenge).toMatch(/^[\w-]{43}$/);
    client.setCookie('oauth_code_verifier', 'a-verifier-that-does-not-match-the-challenge-at-all');
    const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const callback = await client.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(providers.standIns.google.tokenRequests[0]!.form.get('code_verifier')).toBe(
      'a-verifier-that-does-not-match-the-challenge-at-all',
    );
    expect(callback.headers.location).toBe('/?error=google_failed');
  });

  it('a state is good for one callback: replaying it in the same browser fails', async () => {
    const client = new TestClient(providers.testApp.app);
    const { back, callback } = await signInThroughProvider(client, 'reddit');
    expect(callback.headers.location).toBe('/dashboard');
    const replay = await client.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(replay.headers.location).toBe('/?error=reddit_auth_failed');
  });

  it.each([
    ['/history?tab=ai', '/history?tab=ai'],
    ['/reddit/communities', '/reddit/communities'],
    ['//evil.example/path', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['https://evil.example/', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['dashboard', '/dashboard'],
  ])('returnTo %s ends at %s', async (returnTo, expected) => {
    const client = new TestClient(providers.testApp.app);
    const { callback } = await signInThroughProvider(
      client,
      'google',
      `?returnTo=${encodeURIComponent(returnTo)}`,
    );
    expect(callback.headers.location).toBe(expected);
  });
});
