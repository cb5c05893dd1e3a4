import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { testDatabaseKinds } from '../db/test-database.js';
import { TestClient } from '../test-client.js';
import {
  allIdKinds,
  bodyIdCases,
  fillParams,
  idRoutes,
  idsOf,
  type IdsByKind,
} from './cross-user-id-routes.js';
import { routesOf, type CollectedRoute } from './cross-user-route-table.js';
import { idsIn, snapshotOf } from './cross-user-snapshot.js';
import { seedTwoUsers, type SeededUser } from './seed-two-users.js';

// Every server built in this file collects its route table as buildApp registers it.
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const { collectingFastify } = await import('./cross-user-route-table.js');
  const wrapped = collectingFastify(actual.default);
  return { ...actual, default: wrapped, fastify: wrapped };
});

const isAdminRoute = (route: CollectedRoute) =>
  route.url === '/api/admin' || route.url.startsWith('/api/admin/');
const label = (route: CollectedRoute) => `${route.method} ${route.url}`;

describe.each(testDatabaseKinds())('one user cannot reach another user’s data (%s)', (dbKind) => {
  let testApp: TestApp;
  let dataDir: string;
  let routes: CollectedRoute[];
  let alice: SeededUser;
  let bob: SeededUser;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cross-user-'));
    testApp = await buildTestApp(dbKind, { DATA_DIR: dataDir });
    routes = routesOf(testApp.app);
    ({ alice, bob } = await seedTwoUsers({
      app: testApp.app,
      db: testApp.database.db,
      config: testApp.config,
    }));
  }, 120_000);
  afterAll(async () => {
    await testApp?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const db = () => testApp.database.db;
  const send = (client: TestClient, method: string, url: string, payload?: Record<string, unknown>) =>
    client.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });

  const idsByKind = async (person: SeededUser) =>
    Object.fromEntries(
      await Promise.all(allIdKinds.map(async (kind) => [kind, await idsOf(db(), kind, person.user.id)])),
    ) as IdsByKind;

  it('the route table was collected and every parameterised route is mapped to the kind of id it takes', () => {
    expect(routes.length).toBeGreaterThan(50);
    const unmapped = routes
      .filter((route) => route.url.includes(':') && !isAdminRoute(route) && !idRoutes[label(route)])
      .map(label);
    expect(
      unmapped,
      'add these routes to idRoutes in apps/api/test/hardening/cross-user-id-routes.ts',
    ).toEqual([]);
    const gone = Object.keys(idRoutes).filter((key) => !routes.some((route) => label(route) === key));
    expect(gone, 'these idRoutes entries name no route any more').toEqual([]);
  });

  it('every route taking an id answers 404 to someone else’s id, and none of the owner’s rows change', async () => {
    const before = await snapshotOf(db(), alice.user);
    const aliceIds = await idsByKind(alice);
    for (const kind of allIdKinds)
      expect(aliceIds[kind].length, `alice has no ${kind} to try`).toBeGreaterThan(0);

    const failures: string[] = [];
    for (const route of routes.filter(
      (candidate) => candidate.url.includes(':') && !isAdminRoute(candidate),
    )) {
      const mapping = idRoutes[label(route)]!;
      if ('notAnId' in mapping) {
        const response = await send(bob.client, route.method, fillParams(route.url, mapping.example));
        if (response.statusCode >= 500) failures.push(`${label(route)} → ${response.statusCode}`);
        continue;
      }
      if ('signedLink' in mapping) {
        // Unsigned, someone else's id must be indistinguishable from an id nobody has.
        const unknown = await send(bob.client, route.method, mapping.url(randomUUID()));
        for (const id of aliceIds[mapping.signedLink]) {
          const response = await send(bob.client, route.method, mapping.url(id));
          if (response.statusCode !== unknown.statusCode || response.body !== unknown.body) {
            failures.push(
              `${label(route)} with alice's ${id} → ${response.statusCode} ${response.body}, unknown id → ${unknown.statusCode}`,
            );
          }
        }
        continue;
      }
      const urlFor = (id: string) => (mapping.url ? mapping.url(id) : fillParams(route.url, { id }));
      // Not even the wording may tell "someone else's" from "nobody's".
      const unknown = await send(bob.client, route.method, urlFor(randomUUID()), mapping.payload);
      for (const id of aliceIds[mapping.kind]) {
        const response = await send(bob.client, route.method, urlFor(id), mapping.payload);
        if (response.statusCode !== 404 || response.body !== unknown.body)
          failures.push(
            `${label(route)} with alice's ${mapping.kind} → ${response.statusCode} ${response.body.slice(0, 200)}; unknown id → ${unknown.statusCode} ${unknown.body.slice(0, 200)}`,
          );
        else expect(response.json<{ code?: string }>().code, label(route)).toBe('NOT_FOUND');
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshotOf(db(), alice.user)).toEqual(before);
  }, 60_000);

  it('ids inside request bodies must be the caller’s own: someone else’s answer 404 and change nothing', async () => {
    const before = await snapshotOf(db(), alice.user);
    const [aliceIds, bobIds] = [await idsByKind(alice), await idsByKind(bob)];
    const failures: string[] = [];
    for (const sample of bodyIdCases) {
      const response = await send(
        bob.client,
        sample.method,
        sample.url(bobIds),
        sample.payload(aliceIds, bobIds),
      );
      if (response.statusCode !== 404)
        failures.push(`${sample.what} → ${response.statusCode} ${response.body.slice(0, 200)}`);
      // With the caller's own ids the same call gets past the lookup: the 404 above was the ownership check.
      const control = await send(
        bob.client,
        sample.method,
        sample.url(bobIds),
        sample.payload(bobIds, bobIds),
      );
      if (control.statusCode === 404)
        failures.push(`${sample.what}, with own ids → 404 ${control.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshotOf(db(), alice.user)).toEqual(before);
  }, 60_000);

  it('every /api/admin route answers 403 to a signed-in non-admin, 401 to a signed-out client, and never to an API key', async () => {
    const adminRoutes = routes.filter(isAdminRoute);
    expect(adminRoutes.length).toBeGreaterThan(10);
    const before = await snapshotOf(db(), alice.user);
    const failures: string[] = [];
    const signedOut = new TestClient(testApp.app);
    for (const route of adminRoutes) {
      // Alice's own id where an id goes: the most tempting target.
      const url = route.url.replace(/:\w+/g, alice.user.id);
      const asBob = await send(bob.client, route.method, url, {});
      if (asBob.statusCode !== 403) failures.push(`${label(route)} as a user → ${asBob.statusCode}`);
      const anonymous = await send(signedOut, route.method, url, {});
      if (anonymous.statusCode !== 401) failures.push(`${label(route)} signed out → ${anonymous.statusCode}`);
      // A personal API key is no way in either.
      const byKey = await testApp.app.inject({
        method: route.method as 'GET',
        url,
        headers: { authorization: `Bearer ${bob.apiKeySecret}` },
      });
      if (![401, 403].includes(byKey.statusCode))
        failures.push(`${label(route)} with an API key → ${byKey.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshotOf(db(), alice.user)).toEqual(before);
  }, 60_000);

  it('no list or page without an id shows someone else’s rows', async () => {
    const aliceMarkers = [
      ...idsIn(await snapshotOf(db(), alice.user)),
      alice.user.email,
      alice.user.username,
      ...alice.uniqueTexts,
    ];
    const getRoutes = routes.filter(
      (route) => route.method === 'GET' && !route.url.includes(':') && !route.url.includes('*'),
    );
    const leaks: string[] = [];
    for (const route of getRoutes) {
      const response = await send(bob.client, 'GET', route.url);
      const seen = aliceMarkers.filter((marker) =>
        response.body.toLowerCase().includes(marker.toLowerCase()),
      );
      if (seen.length) leaks.push(`${route.url} shows ${seen.join(', ')}`);
    }
    expect(leaks).toEqual([]);

    // Bob's API key reaches the public API's routes: they show only Bob's rows too.
    const apiKeyRoutes = [
      ...getRoutes.map((route) => route.url),
      '/api/posts/scheduled',
      '/api/media',
      '/api/content-generations',
    ];
    for (const url of new Set(apiKeyRoutes)) {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${bob.apiKeySecret}` },
      });
      const seen = aliceMarkers.filter((marker) =>
        response.body.toLowerCase().includes(marker.toLowerCase()),
      );
      if (seen.length) leaks.push(`${url} with an API key shows ${seen.join(', ')}`);
    }
    const byKey = await testApp.app.inject({
      method: 'GET',
      url: '/api/media',
      headers: { authorization: `Bearer ${bob.apiKeySecret}` },
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(leaks).toEqual([]);

    // The check can see ids: Bob's own lists and downloads do show Bob's rows.
    const bobIds = [...idsIn(await snapshotOf(db(), bob.user)), ...bob.uniqueTexts];
    for (const url of [
      '/api/media',
      '/api/content-generations',
      '/api/saved-content',
      '/api/api-keys',
      '/api/tax/income',
      '/api/tax/expenses',
      '/api/posts/scheduled',
      '/api/reddit/accounts',
      '/api/user/export',
      '/api/tax/export.csv',
    ]) {
      const body = (await send(bob.client, 'GET', url)).body;
      expect(
        bobIds.some((id) => body.includes(id)),
        `${url} shows none of bob's own rows`,
      ).toBe(true);
    }
  }, 60_000);
});
