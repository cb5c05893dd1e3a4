import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsBatchResponseSchema,
  analyticsEventKinds,
  analyticsMaxBodyBytes,
  analyticsTexts,
} from '@app/shared/analytics';
import { buildApp } from '../../app.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, TestClient } from '../../../test/test-client.js';
import { analyticsEvents, serverSecrets, usageCounters } from '../../db/schema/index.js';
import { awayFromMinuteEdge, clientId, sampleEvent } from './analytics-ingest.test-support.js';

const perSession = 3;
const perAddress = 6;
let addressCounter = 1;
/** Each test sends from its own address, so the per-address limit of one test never touches another. */
const newAddress = () => `198.51.100.${addressCounter++}`;

describe.each(testDatabaseKinds())('POST /api/analytics/events on %s', (kind) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await buildTestApp(kind, {
      ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_SESSION: String(perSession),
      ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_IP: String(perAddress),
      // One write at a time, so concurrent requests are sure to be stored in shared groups.
      ANALYTICS_WRITES_IN_FLIGHT: '1',
    });
    app = testApp.app;
  });
  afterAll(() => testApp?.close());

  function post(
    client: TestClient,
    events: unknown,
    address = newAddress(),
    headers: Record<string, string> = {},
  ) {
    return client.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: { events },
      remoteAddress: address,
      headers,
    });
  }

  const rowsOf = (ids: string[]) =>
    db().select().from(analyticsEvents).where(inArray(analyticsEvents.clientEventId, ids));

  it('keeps every valid kind and drops bad events, listing each by index with a readable reason', async () => {
    const good = analyticsEventKinds.map((type) => sampleEvent(type, { sessionId: clientId() }));
    const bad = [
      sampleEvent('scroll_depth', { data: { depth: 140 } }),
      sampleEvent('page_end', { data: { path: 'no-slash', timeOnPage: 1, scrollDepth: 1, exitPage: true } }),
      { ...sampleEvent(), type: 'mouse_move' },
      'not an event',
      { ...sampleEvent('click'), id: 'bad id with spaces!' },
      { ...sampleEvent('feature_usage'), timestamp: 'yesterday' },
    ];
    // Good and bad interleaved, so the indexes must be the positions in the batch.
    const events = [
      good[0],
      bad[0],
      ...good.slice(1, 5),
      bad[1],
      bad[2],
      ...good.slice(5),
      bad[3],
      bad[4],
      bad[5],
    ];
    const response = await post(new TestClient(app), events);
    expect(response.statusCode, response.body).toBe(200);
    const body = analyticsBatchResponseSchema.parse(response.json());
    expect(body).toMatchObject({ accepted: good.length, duplicates: 0, rejected: bad.length });
    const badIndexes = bad.map((event) => events.indexOf(event));
    expect(body.errors.map((error) => error.index)).toEqual(badIndexes);
    const messages = body.errors.map((error) => error.message);
    expect(messages[0]).toMatch(/^data\.depth: /);
    expect(messages[1]).toMatch(/^data\.path: Paths start with \//);
    expect(messages[2]).toBe(`type: must be one of ${analyticsEventKinds.join(', ')}`);
    expect(messages[3]).toMatch(/^Each event must be an object/);
    expect(messages[4]).toMatch(/^id: Ids may only contain/);
    expect(messages[5]).toMatch(/^timestamp: /);

    const rows = await rowsOf(good.map((event) => event.id));
    expect(rows.map((row) => row.type).sort()).toEqual([...analyticsEventKinds].sort());
    const click = rows.find((row) => row.type === 'click')!;
    expect(click.data).toEqual({ element: 'button', href: '/pricing', text: 'Upgrade', type: 'cta' });
    expect(click).toMatchObject({
      page: '/dashboard',
      eventType: 'navigation',
      referrer: null,
      userId: null,
    });
  });

  it('drops unknown data keys instead of storing them', async () => {
    const event = sampleEvent('scroll_depth', { data: { depth: 75, secret: 'x'.repeat(20) } });
    expect((await post(new TestClient(app), [event])).statusCode).toBe(200);
    const [row] = await rowsOf([event.id]);
    expect(row!.data).toEqual({ depth: 75 });
  });

  it('counts a re-sent batch as duplicates, and an id repeated inside one batch once', async () => {
    const client = new TestClient(app);
    const events = [sampleEvent('page_view'), sampleEvent('click')];
    const first = await post(client, events);
    expect(first.json()).toEqual({ accepted: 2, duplicates: 0, ignored: 0, rejected: 0, errors: [] });
    const again = await post(client, [...events, sampleEvent('scroll_depth', { id: events[0]!.id })]);
    expect(again.json()).toEqual({ accepted: 0, duplicates: 3, ignored: 0, rejected: 0, errors: [] });
    const fresh = sampleEvent('page_view');
    const withinBatch = await post(client, [fresh, { ...fresh }]);
    expect(withinBatch.json()).toMatchObject({ accepted: 1, duplicates: 1 });
    expect(await rowsOf([...events.map((event) => event.id), fresh.id])).toHaveLength(3);
  });

  it('takes the user from the session, never from the body', async () => {
    const user = await newUser(db());
    const other = await newUser(db());
    const client = await signedInClient(app, db(), user);
    const event = { ...sampleEvent('feature_usage'), userId: other.id };
    const response = await post(client, [event]);
    expect(response.json()).toMatchObject({ accepted: 1 });
    const [row] = await rowsOf([event.id]);
    expect(row!.userId).toBe(user.id);
  });

  it('stores nothing for a user who turned usage analytics off, even from a tab that still sends', async () => {
    const user = await newUser(db());
    const client = await signedInClient(app, db(), user);
    const off = await client.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      payload: { usageAnalytics: false },
    });
    expect(off.statusCode).toBe(200);
    const events = [sampleEvent('page_view'), sampleEvent('click')];
    const response = await post(client, events);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 0, duplicates: 0, ignored: 2, rejected: 0, errors: [] });
    expect(await rowsOf(events.map((event) => event.id))).toEqual([]);

    const on = await client.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      payload: { usageAnalytics: true },
    });
    expect(on.statusCode).toBe(200);
    const again = await post(client, events);
    expect(again.json()).toMatchObject({ accepted: 2, ignored: 0 });
  });

  it('counts signed-out visitors with no user, after they fetched a CSRF token like the tracker does', async () => {
    const client = new TestClient(app);
    await client.fetchCsrfToken();
    const event = sampleEvent('page_view', { userId: (await newUser(db())).id });
    const response = await post(client, [event]);
    expect(response.statusCode).toBe(200);
    const [row] = await rowsOf([event.id]);
    expect(row!.userId).toBeNull();
    expect(row!.visitorHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a call without the CSRF header with 403 and stores nothing', async () => {
    const event = sampleEvent();
    const response = await new TestClient(app).inject(
      {
        method: 'POST',
        url: '/api/analytics/events',
        payload: { events: [event] },
        remoteAddress: newAddress(),
      },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CSRF_INVALID' });
    expect(await rowsOf([event.id])).toHaveLength(0);
  });

  it('refuses an empty batch and one of 51 events with 400 and the shared texts', async () => {
    const client = new TestClient(app);
    const empty = await post(client, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(analyticsTexts.batchEmpty);
    const tooMany = Array.from({ length: 51 }, () => sampleEvent());
    const large = await post(client, tooMany);
    expect(large.statusCode).toBe(400);
    expect(large.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(large.json().message).toContain(analyticsTexts.batchTooLarge);
    expect(await rowsOf(tooMany.map((event) => event.id))).toHaveLength(0);
    const missing = await client.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: {},
      remoteAddress: newAddress(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^events: /);
  });

  it('refuses a body over 64 KiB with 413 and says to send fewer events', async () => {
    const events = Array.from({ length: 40 }, () =>
      sampleEvent('click', { data: { element: 'a', href: `/${'x'.repeat(2000)}` } }),
    );
    const payload = JSON.stringify({ events });
    expect(Buffer.byteLength(payload)).toBeGreaterThan(analyticsMaxBodyBytes);
    const response = await new TestClient(app).inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload,
      headers: { 'content-type': 'application/json' },
      remoteAddress: newAddress(),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: analyticsTexts.bodyTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    expect(await rowsOf(events.map((event) => event.id))).toHaveLength(0);
  });

  it('limits batches per session with 429, Retry-After and the shared text; the refused batch is not stored', async () => {
    await awayFromMinuteEdge();
    const client = new TestClient(app);
    const sessionId = clientId();
    const address = newAddress();
    for (let n = 0; n < perSession; n++) {
      expect((await post(client, [sampleEvent('page_view', { sessionId })], address)).statusCode).toBe(200);
    }
    const refusedEvent = sampleEvent('page_view', { sessionId });
    const refused = await post(client, [refusedEvent], address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: analyticsTexts.rateLimited, code: 'RATE_LIMITED' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await rowsOf([refusedEvent.id])).toHaveLength(0);
    // Another tab on the same address still gets through.
    expect(
      (await post(client, [sampleEvent('page_view', { sessionId: clientId() })], address)).statusCode,
    ).toBe(200);
  });

  it('answers each of many concurrent batches on its own although they are written together', async () => {
    await awayFromMinuteEdge();
    const optedOut = await newUser(db());
    const optedOutClient = await signedInClient(app, db(), optedOut);
    const off = await optedOutClient.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      payload: { usageAnalytics: false },
    });
    expect(off.statusCode).toBe(200);
    const member = await newUser(db());
    const memberClient = await signedInClient(app, db(), member);
    // Fetched before the concurrent sends, which would otherwise each fetch (and replace) one.
    await memberClient.fetchCsrfToken();
    const visitor = async () => {
      const client = new TestClient(app);
      await client.fetchCsrfToken();
      return client;
    };

    // The same event id in two batches (a tab re-sending while its first send is still in flight).
    const shared = sampleEvent('click');
    const limitedSession = clientId();
    const batches = [
      { client: await visitor(), events: [sampleEvent('page_view'), shared] },
      { client: await visitor(), events: [sampleEvent('page_view'), { ...shared }] },
      { client: optedOutClient, events: [sampleEvent('page_view'), sampleEvent('click')] },
      { client: memberClient, events: [sampleEvent('feature_usage'), sampleEvent('page_end')] },
      // One tab over its per-session limit: each batch from its own address, so only that limit applies.
      ...Array.from({ length: perSession + 2 }, () => ({
        client: memberClient,
        events: [sampleEvent('page_view', { sessionId: limitedSession })],
      })),
    ];
    const responses = await Promise.all(batches.map((batch) => post(batch.client, batch.events)));

    const [first, second, ignored, stored, ...limited] = responses.map((response) => response.json());
    expect(first.accepted + second.accepted).toBe(3);
    expect(first.duplicates + second.duplicates).toBe(1);
    expect(ignored).toEqual({ accepted: 0, duplicates: 0, ignored: 2, rejected: 0, errors: [] });
    expect(stored).toEqual({ accepted: 2, duplicates: 0, ignored: 0, rejected: 0, errors: [] });
    const limitedCodes = responses.slice(4).map((response) => response.statusCode);
    expect(limitedCodes.filter((code) => code === 200)).toHaveLength(perSession);
    expect(limitedCodes.filter((code) => code === 429)).toHaveLength(2);
    expect(limited.filter((body) => body.accepted === 1)).toHaveLength(perSession);

    // Exactly the answered rows are stored, each with its own request's user.
    const rows = await rowsOf(batches.flatMap((batch) => batch.events.map((event) => event.id)));
    const stored200 = limitedCodes.filter((code) => code === 200).length;
    expect(rows).toHaveLength(3 + 2 + stored200);
    const byUser = (userId: string | null) => rows.filter((row) => row.userId === userId).length;
    expect(byUser(optedOut.id)).toBe(0);
    expect(byUser(member.id)).toBe(2 + stored200);
    expect(byUser(null)).toBe(3);
  });

  it('limits batches per address across sessions', async () => {
    await awayFromMinuteEdge();
    const client = new TestClient(app);
    const address = newAddress();
    for (let n = 0; n < perAddress; n++) {
      expect(
        (await post(client, [sampleEvent('page_view', { sessionId: clientId() })], address)).statusCode,
      ).toBe(200);
    }
    const refused = await post(client, [sampleEvent('page_view', { sessionId: clientId() })], address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(
      (await post(client, [sampleEvent('page_view', { sessionId: clientId() })], newAddress())).statusCode,
    ).toBe(200);
  });

  it('two servers on one database share the limits', async () => {
    await awayFromMinuteEdge();
    const second = await buildApp({ config: testApp.config, database: testApp.database });
    await second.ready();
    try {
      const one = new TestClient(app);
      const two = new TestClient(second);
      const sessionId = clientId();
      const address = newAddress();
      const results: number[] = [];
      for (const client of [one, two, one, two]) {
        results.push((await post(client, [sampleEvent('click', { sessionId })], address)).statusCode);
      }
      expect(results).toEqual([200, 200, 200, 429]);
    } finally {
      await second.close();
    }
  });

  it('never stores the address or the user agent, only a salted hash', async () => {
    const address = '203.0.113.77';
    const agent = 'Mozilla/5.0 (X11; Linux) UniqueBrowser/987.654';
    const client = new TestClient(app);
    const event = sampleEvent('page_view', { userAgent: agent, url: `http://localhost/?ip=${address}` });
    const response = await post(client, [event], address, { 'user-agent': agent });
    expect(response.statusCode).toBe(200);
    const twin = sampleEvent('click');
    await post(client, [twin], address, { 'user-agent': agent });
    const otherAgent = sampleEvent('click');
    await post(client, [otherAgent], address, { 'user-agent': 'curl/8.0' });

    const [row] = await rowsOf([event.id]);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(address);
    expect(stored).not.toContain('UniqueBrowser');
    expect(stored).not.toContain('Mozilla');
    expect(row!.visitorHash).toMatch(/^[0-9a-f]{64}$/);
    // Same address and browser on the same day: the same visitor; another browser: another.
    const [twinRow] = await rowsOf([twin.id]);
    const [otherRow] = await rowsOf([otherAgent.id]);
    expect(twinRow!.visitorHash).toBe(row!.visitorHash);
    expect(otherRow!.visitorHash).not.toBe(row!.visitorHash);
    // Nor anywhere else the endpoint writes.
    const counters = JSON.stringify(await db().select().from(usageCounters));
    expect(counters).not.toContain(address);
    const salts = await db()
      .select()
      .from(serverSecrets)
      .where(eq(serverSecrets.name, `analytics-salt:${new Date().toISOString().slice(0, 10)}`));
    expect(salts).toHaveLength(1);
  });
});
