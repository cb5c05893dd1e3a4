import { afterAll, afterEach, beforeAll } from 'vitest';
import type { OAuthProvider } from '@app/shared/auth';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import type { TestDbKind } from '../../../test/db/test-database.js';
import { OAuthProviderStandIn } from '../../../test/stand-ins/oauth-provider.js';
import type { TestClient } from '../../../test/test-client.js';

export const publicUrl = 'http://creator-studio.test';
export const redditUserAgent = 'web:creator-studio-tests:1.0 (by /u/creator-studio)';

export type StandIns = Record<OAuthProvider, OAuthProviderStandIn>;

/** One stand-in per provider, each registered with the app's callback URL. */
export async function startStandIns(): Promise<StandIns> {
  const start = (kind: OAuthProvider, extra: { requiredUserAgent?: string } = {}) =>
    OAuthProviderStandIn.start({
      kind,
      clientId: `${kind}-client-id`,
      clientSecret: `${kind}-client-secret`,
      redirectUri: `${publicUrl}/api/auth/${kind}/callback`,
      ...extra,
    });
  const [google, facebook, reddit] = await Promise.all([
    start('google'),
    start('facebook'),
    start('reddit', { requiredUserAgent: redditUserAgent }),
  ]);
  return { google, facebook, reddit };
}

export async function buildAppWithProviders(kind: TestDbKind, standIns: StandIns): Promise<TestApp> {
  return buildTestApp(kind, {
    PUBLIC_URL: publicUrl,
    ...standIns.google.env(),
    ...standIns.facebook.env(),
    ...standIns.reddit.env(),
  });
}

/**
 * Walks the browser's way: the app's start URL, the provider's consent redirect (real HTTP to the
 * stand-in), then the app's callback with the cookies the start set.
 */
export async function signInThroughProvider(client: TestClient, provider: string, query = '') {
  const start = await client.inject({ method: 'GET', url: `/api/auth/${provider}${query}` });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  const callback = await client.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  return { start, consent, back, callback };
}

/**
 * One app wired to stand-ins of all three providers for a describe block; stand-ins are reset
 * after each test. Read `standIns` and `testApp` inside tests (they are set in beforeAll).
 */
export function useProviderTestApp(kind: TestDbKind) {
  const state = {} as { standIns: StandIns; testApp: TestApp };
  beforeAll(async () => {
    state.standIns = await startStandIns();
    state.testApp = await buildAppWithProviders(kind, state.standIns);
  });
  afterEach(() => Object.values(state.standIns).forEach((standIn) => standIn.reset()));
  afterAll(async () => {
    await state.testApp.close();
    await Promise.all(Object.values(state.standIns).map((standIn) => standIn.close()));
  });
  return state;
}

export async function signedInUserOf(client: TestClient) {
  return (await client.inject({ method: 'GET', url: '/api/auth/user' })).json();
}
