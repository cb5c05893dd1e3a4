import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyTexts } from '@app/shared/api-keys';
import { errorCodes } from '@app/shared/errors';
import { createApiKeySecret } from '../../src/modules/api-keys/api-key-secret.js';
import { insertApiKey } from '../../src/modules/api-keys/api-keys.repo.js';
import { createSession } from '../../src/modules/auth/session.repo.js';
import { sessionCookieName } from '../../src/modules/auth/session-token.js';
import type { TestApp } from '../build-test-app.js';
import { testDatabaseKinds } from '../db/test-database.js';
import { newUser } from '../factories/users.js';
import { buildAppWithRouteTable, isStateChanging, routeKey, type TableRoute } from './route-table.js';

/**
 * The only state-changing routes that skip the CSRF check (config.csrf === false), each with the
 * reason. The test below requires this to be exactly the routes with csrf disabled: turning the
 * check off on a new route means adding it here, where a reviewer sees it.
 */
const csrfExempt = new Map<string, string>([
  [
    'POST /api/stripe/webhook',
    'called by Stripe, not a browser: it carries no cookies and is authenticated by its Stripe-Signature header',
  ],
]);
// Not a route list but a credential: a request with a personal API key (Authorization: Bearer cs_live_…)
// is authenticated by that key alone, never by cookies, so a forged cross-site request cannot carry
// it; the CSRF hook skips such requests on every route, and the session plugin refuses the key on
// routes not opened to keys (config.apiKey). Both are swept below.

const csrfMessages = [
  'Missing CSRF token. Refresh the page and try again.',
  'Invalid CSRF token. Refresh the page and try again.',
];

function isCsrfRefusal(response: LightMyRequestResponse) {
  if (response.statusCode !== 403) return false;
  return (response.json<{ code?: string }>().code ?? '') === errorCodes.csrf;
}

/** An address for the route: any id will do, the CSRF check runs before the route looks at it. */
const urlOf = (route: TableRoute) =>
  route.url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'x');
/** The same address spelled with an encoded prefix, which the router decodes to the same route. */
const encodedUrlOf = (route: TableRoute) => urlOf(route).replace(/^\/api\//, '/%61pi/');

describe.each(testDatabaseKinds())('CSRF sweep over every state-changing route (%s)', (kind) => {
  let testApp: TestApp;
  let routes: TableRoute[];
  let userId: string;
  let csrf: { cookie: string; token: string };

  beforeAll(async () => {
    // With a webhook secret, so the webhook answers for itself (a missing signature) instead of "not set up".
    ({ testApp, routes } = await buildAppWithRouteTable(kind, {
      STRIPE_WEBHOOK_SECRET: 'whsec_csrfsweep0123456789',
    }));
    userId = (await newUser(testApp.database.db, { tier: 'pro', role: 'admin', isAdmin: true })).id;
    const response = await testApp.app.inject({ method: 'GET', url: '/api/csrf-token' });
    const secret = response.cookies.find((cookie) => cookie.name === '_csrf')!;
    csrf = { cookie: `_csrf=${secret.value}`, token: response.json<{ csrfToken: string }>().csrfToken };
  }, 120_000);
  afterAll(() => testApp?.close());

  const stateChanging = () => routes.filter(isStateChanging);

  /** A signed-in browser's request: session cookie and CSRF secret cookie, token header as given. */
  async function send(route: TableRoute, token: string | undefined, url = urlOf(route)) {
    const session = await createSession(testApp.database.db, userId);
    return testApp.app.inject({
      method: route.method as 'POST',
      url,
      headers: {
        cookie: `${csrf.cookie}; ${sessionCookieName}=${session.token}`,
        ...(token === undefined ? {} : { 'x-csrf-token': token }),
      },
      payload: {},
    });
  }

  it('finds the state-changing routes in the route table', () => {
    expect(stateChanging().length).toBeGreaterThan(30);
    expect(stateChanging().map(routeKey)).toEqual(
      expect.arrayContaining([
        'PATCH /api/user/settings',
        'POST /api/auth/logout',
        'POST /api/stripe/webhook',
      ]),
    );
  });

  it('the exemption list is exactly the routes with csrf disabled', () => {
    const disabled = routes
      .filter((route) => !route.csrf)
      .map(routeKey)
      .sort();
    expect(disabled).toEqual([...csrfExempt.keys()].sort());
  });

  it('refuses every protected route without a token, or with a wrong one, however its path is spelled', async () => {
    const wrong: string[] = [];
    const cases = (route: TableRoute) =>
      [urlOf(route), encodedUrlOf(route)].flatMap((url) =>
        [undefined, 'not-a-valid-token'].map((token) => ({ url, token })),
      );
    for (const route of stateChanging().filter((candidate) => !csrfExempt.has(routeKey(candidate)))) {
      for (const { url, token } of cases(route)) {
        const response = await send(route, token, url);
        const body = response.statusCode === 403 ? response.json<{ message?: string; code?: string }>() : {};
        if (
          response.statusCode !== 403 ||
          body.code !== errorCodes.csrf ||
          !csrfMessages.includes(body.message ?? '')
        ) {
          wrong.push(
            `${routeKey(route)} at ${url} with ${token ? 'a wrong' : 'no'} token → ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('lets every route past the CSRF check with a valid token', async () => {
    const refused: string[] = [];
    for (const route of stateChanging()) {
      const response = await send(route, csrf.token);
      if (isCsrfRefusal(response)) refused.push(`${routeKey(route)} → ${response.body.slice(0, 200)}`);
    }
    expect(refused).toEqual([]);
  }, 120_000);

  it('does not ask the exempt routes for a token', async () => {
    for (const key of csrfExempt.keys()) {
      const route = routes.find((candidate) => routeKey(candidate) === key)!;
      const response = await send(route, undefined);
      expect(isCsrfRefusal(response), `${key} → ${response.statusCode} ${response.body}`).toBe(false);
      // It still refuses the unsigned body, by its own rule.
      expect(response.statusCode, key).toBe(400);
    }
  });

  it('a personal API key needs no token, and only opens the routes made for keys', async () => {
    const { secret, prefix, secretHash } = createApiKeySecret();
    await insertApiKey(testApp.database.db, { userId, name: 'CSRF sweep', prefix, secretHash });
    const wrong: string[] = [];
    for (const route of stateChanging().filter((candidate) => candidate.csrf)) {
      const response = await testApp.app.inject({
        method: route.method as 'POST',
        url: urlOf(route),
        headers: { authorization: `Bearer ${secret}` },
        payload: {},
      });
      if (isCsrfRefusal(response)) wrong.push(`${routeKey(route)} asked a key for a CSRF token`);
      const refusedAsNotPublic =
        response.statusCode === 403 &&
        response.json<{ message?: string }>().message === apiKeyTexts.routeNotPublic;
      if (route.apiKey === refusedAsNotPublic) {
        wrong.push(
          `${routeKey(route)} (apiKey: ${route.apiKey}) → ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
    }
    expect(stateChanging().some((route) => route.apiKey)).toBe(true);
    expect(wrong).toEqual([]);
  }, 120_000);
});
