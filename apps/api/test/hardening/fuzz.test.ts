import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../db/test-database.js';
import type { TestApp } from '../build-test-app.js';
import { problemWith } from './fuzz-checks.js';
import { fuzzCaseFor, routeSeed, type FuzzCase } from './fuzz-requests.js';
import { startFuzzTarget, type FuzzTarget } from './fuzz-target.js';
import { routeKey, type TableRoute } from './route-table.js';

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
  let target: FuzzTarget;
  let testApp: TestApp;
  let routes: TableRoute[];

  beforeAll(async () => {
    target = await startFuzzTarget(kind);
    ({ testApp, routes } = target);
  }, 120_000);

  afterAll(() => target?.close());

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
      const headers = await target.signedInHeaders();
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
