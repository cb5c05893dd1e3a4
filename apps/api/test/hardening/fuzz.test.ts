import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/modules/auth/session.repo.js';
import { sessionCookieName } from '../../src/modules/auth/session-token.js';
import { testDatabaseKinds } from '../db/test-database.js';
import { createUser } from '../factories.js';
import type { TestApp } from '../build-test-app.js';
import { RedditStandIn } from '../stand-ins/reddit.js';
import { StripeStandIn } from '../stand-ins/stripe.js';
import { redditEnv } from '../../src/modules/reddit/reddit.test-support.js';
import { problemWith } from './fuzz-checks.js';
import { fuzzCaseFor, routeSeed, type FuzzCase } from './fuzz-requests.js';
import { buildAppWithRouteTable, routeKey, type TableRoute } from './route-table.js';

/** Fixed so failures reproduce; FUZZ_SEED=<n> explores other inputs. */
const seed = Number(process.env.FUZZ_SEED ?? 20261124);
/** At least 10,000 cases on PGlite; PostgreSQL runs fewer so the file stays within its time. */
const totalCases = { pglite: 10_000, postgres: 4_000 } as const;
const concurrency = 6;
const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * What is not fuzzed, each with the reason. Everything else in the route table is, and the test
 * checks that the two add up, so a new route is fuzzed the day it is added. Nothing is excluded by
 * path: even the Stripe webhook, whose body means nothing without a valid signature, is fuzzed
 * and must answer 400, not 500.
 */
const excludedMethods = new Map<string, string>([
  // Fastify adds a HEAD twin for every GET route: it runs the same handler as the GET (fuzzed)
  // and answers without a body, so there is nothing more to check on it.
  ['HEAD', 'the twin of a fuzzed GET route, answered without a body'],
]);
const excludedRoutes = new Map<string, string>();
const isExcluded = (route: TableRoute) =>
  excludedMethods.has(route.method) || excludedRoutes.has(routeKey(route));

describe.each(testDatabaseKinds())('fuzzing every route from its contract (%s)', (kind) => {
  let testApp: TestApp;
  let routes: TableRoute[];
  let stripe: StripeStandIn;
  let reddit: RedditStandIn;
  let distDir: string;
  let credentials: { cookie: string; csrfToken: string; userId: string };

  beforeAll(async () => {
    // Every outside service is configured (as stand-ins), so no route answers "not set up".
    stripe = await StripeStandIn.start();
    reddit = await RedditStandIn.start();
    // A built web app, so the SPA fallback answers pages instead of "not built".
    distDir = mkdtempSync(path.join(os.tmpdir(), 'fuzz-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    ({ testApp, routes } = await buildAppWithRouteTable(kind, {
      ...redditEnv(reddit),
      WEB_DIST_DIR: distDir,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_API_BASE: stripe.baseUrl,
      STRIPE_WEBHOOK_SECRET: 'whsec_fuzz0123456789',
    }));
    const db = testApp.database.db;
    // An admin on the top plan reaches the most code: no route stops it at the door.
    const user = await createUser(db, { tier: 'pro', role: 'admin', isAdmin: true });
    const csrf = await testApp.app.inject({ method: 'GET', url: '/api/csrf-token' });
    const secret = csrf.cookies.find((cookie) => cookie.name === '_csrf')!;
    credentials = {
      cookie: `_csrf=${secret.value}`,
      csrfToken: csrf.json<{ csrfToken: string }>().csrfToken,
      userId: user.id,
    };
  }, 120_000);

  afterAll(async () => {
    await testApp?.close();
    await stripe?.close();
    await reddit?.close();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });

  it('covers the whole route table except the listed exclusions', () => {
    const fuzzed = routes.filter((route) => !isExcluded(route));
    const left = routes.filter(isExcluded);
    expect(fuzzed.length + left.length).toBe(routes.length);
    expect(
      left.every((route) => excludedMethods.has(route.method) || excludedRoutes.has(routeKey(route))),
    ).toBe(true);
    // Every named exclusion must still be a route, or the list should shrink.
    for (const key of excludedRoutes.keys())
      expect(routes.map(routeKey), `exclusion ${key} is not a route any more`).toContain(key);
    expect(fuzzed.filter((route) => route.method === 'GET').length).toBe(left.length);
    expect(fuzzed.length).toBeGreaterThan(50);
    expect(routes.map(routeKey)).toEqual(
      expect.arrayContaining(['POST /api/stripe/webhook', 'PATCH /api/user/settings']),
    );
  });

  it(`answers ${totalCases[kind]} random and hostile requests without a 5xx or a leak`, async () => {
    const fuzzed = routes.filter((route) => !isExcluded(route));
    const perRoute = Math.ceil(totalCases[kind] / fuzzed.length);
    const failures: string[] = [];
    const failingRoutes = new Set<string>();
    // Which routes answered anything but an error, and whether any answer was a CSRF or sign-in refusal:
    // a fuzzer stopped at the door would pass while testing nothing.
    const routesWithSuccess = new Set<string>();
    const refusals = { csrf: 0, signedOut: 0 };
    const statuses = new Map<string, Record<number, number>>();
    const knownIds = new Set<string>();
    let sent = 0;

    for (const route of fuzzed) {
      // A fresh session per route: a logout or password change in one route's cases ends only its own.
      const { token } = await createSession(testApp.database.db, credentials.userId);
      const headers = {
        cookie: `${credentials.cookie}; ${sessionCookieName}=${token}`,
        'x-csrf-token': credentials.csrfToken,
      };
      const routeCaseSeed = routeSeed(seed, routeKey(route));
      // Sorted, so the same ids sit at the same places whatever order concurrent answers came in.
      const cases = fc.sample(fuzzCaseFor(route, [...knownIds].sort()), {
        seed: routeCaseSeed,
        numRuns: perRoute,
      });
      await inPool(cases, concurrency, async (fuzzCase: FuzzCase, index: number) => {
        const response = await testApp.app.inject({
          method: fuzzCase.method as 'GET',
          url: fuzzCase.url,
          headers: { ...headers, ...fuzzCase.headers },
          payload: fuzzCase.payload,
        });
        sent += 1;
        if (response.statusCode < 400) {
          routesWithSuccess.add(routeKey(route));
          for (const [id] of response.body.matchAll(uuidPattern)) if (knownIds.size < 200) knownIds.add(id);
        }
        if (response.statusCode === 403 && response.body.includes('"CSRF_INVALID"')) refusals.csrf += 1;
        if (response.statusCode === 401) refusals.signedOut += 1;
        const tally = statuses.get(routeKey(route)) ?? {};
        tally[response.statusCode] = (tally[response.statusCode] ?? 0) + 1;
        statuses.set(routeKey(route), tally);
        const problem = problemWith(response);
        // A few cases per route, so one broken route does not hide the others.
        if (problem && failures.filter((line) => line.startsWith(`${routeKey(route)} `)).length < 3) {
          const payload =
            fuzzCase.payload === undefined
              ? ''
              : ` payload ${JSON.stringify(String(fuzzCase.payload).slice(0, 200))}`;
          failures.push(
            `${routeKey(route)} [seed ${routeCaseSeed}, case ${index}] ${fuzzCase.method} ${fuzzCase.url.slice(0, 200)} (${fuzzCase.kind})${payload}: ${problem}: ${response.body.slice(0, 300)}`,
          );
        }
        if (problem) failingRoutes.add(routeKey(route));
      });
    }

    if (process.env.FUZZ_STATS) for (const [key, tally] of statuses) console.log(key, JSON.stringify(tally));
    expect(sent).toBeGreaterThanOrEqual(totalCases[kind]);
    expect(refusals.csrf).toBe(0);
    // Only the cases after a route that signs out (logout, password change, account deletion) are signed out.
    expect(refusals.signedOut).toBeLessThan(sent / 20);
    expect(routesWithSuccess.size).toBeGreaterThan(fuzzed.length / 3);
    expect(failures, `fuzz seed ${seed}: ${failingRoutes.size} route(s) failing`).toEqual([]);
  }, 300_000);
});

async function inPool<T>(items: T[], size: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: size }, worker));
}
