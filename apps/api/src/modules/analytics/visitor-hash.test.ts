import { inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../test/db/test-database.js';
import { analyticsEvents, serverSecrets } from '../../db/schema/index.js';
import { createAnalyticsRateLimiter } from './analytics-ingest.rate-limit.js';
import {
  createIngestWriter,
  ingestBatch,
  maxEventAgeMs,
  type IngestDeps,
} from './analytics-ingest.service.js';
import { sampleEvent } from './analytics-ingest.test-support.js';
import { createVisitorHasher } from './visitor-hash.js';

const ip = '192.0.2.10';
const agent = 'Mozilla/5.0 (Macintosh) Safari/605';

describe.each(testDatabaseKinds())('daily visitor salt and event times on %s', (kind) => {
  let database: TestDatabase;
  const db = () => database.db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  const salts = async () =>
    (
      await db()
        .select({ name: serverSecrets.name })
        .from(serverSecrets)
        .where(like(serverSecrets.name, 'analytics-salt:%'))
    )
      .map((row) => row.name)
      .sort();

  it('rotates the salt at UTC midnight, so the same visitor hashes differently the next day', async () => {
    const hasher = createVisitorHasher(db());
    const beforeMidnight = new Date('2031-03-09T23:59:59.900Z');
    const afterMidnight = new Date('2031-03-10T00:00:00.100Z');
    const monday = await hasher.visitorHash(ip, agent, beforeMidnight);
    expect(await hasher.visitorHash(ip, agent, new Date('2031-03-09T08:00:00Z'))).toBe(monday);
    const tuesday = await hasher.visitorHash(ip, agent, afterMidnight);
    expect(tuesday).not.toBe(monday);
    expect(await hasher.addressKey(ip, afterMidnight)).not.toBe(await hasher.addressKey(ip, beforeMidnight));
    expect(await salts()).toEqual(['analytics-salt:2031-03-09', 'analytics-salt:2031-03-10']);

    // Two days later Monday's salt is gone (older than yesterday): Monday's hashes can no longer be re-made.
    await hasher.visitorHash(ip, agent, new Date('2031-03-11T00:00:01Z'));
    expect(await salts()).toEqual(['analytics-salt:2031-03-10', 'analytics-salt:2031-03-11']);
  });

  it('gives every process the same salt for the day, whichever creates it first', async () => {
    const now = new Date('2031-03-11T12:00:00Z');
    const processes = Array.from({ length: 4 }, () => createVisitorHasher(db()));
    const hashes = await Promise.all(processes.map((hasher) => hasher.visitorHash(ip, agent, now)));
    expect(new Set(hashes).size).toBe(1);
    expect(await salts()).toEqual(['analytics-salt:2031-03-10', 'analytics-salt:2031-03-11']);
  });

  it('stores events across midnight with each day’s hash and clamps forged times into the last day', async () => {
    let now = new Date('2031-04-01T23:59:59Z');
    const rateLimit = createAnalyticsRateLimiter(db(), { perSession: 100, perAddress: 100 });
    const deps: IngestDeps = {
      hasher: createVisitorHasher(db()),
      now: () => now,
      write: createIngestWriter(db(), rateLimit, () => now, { maxConcurrentWrites: 1, maxGroupSize: 10 }),
    };
    const request = (events: unknown[]) => ({ events, userId: null, ip, userAgent: agent });
    const late = sampleEvent('page_view', { timestamp: '2031-04-01T23:59:58Z' });
    const ancient = sampleEvent('click', { timestamp: '2001-01-01T00:00:00Z' });
    const future = sampleEvent('scroll_depth', { timestamp: '2099-01-01T00:00:00+02:00' });
    expect(await ingestBatch(deps, request([late, ancient, future]))).toMatchObject({
      status: 'stored',
      response: { accepted: 3 },
    });
    now = new Date('2031-04-02T00:00:01Z');
    const early = sampleEvent('page_view', { timestamp: '2031-04-02T00:00:00Z' });
    expect(await ingestBatch(deps, request([early]))).toMatchObject({
      status: 'stored',
      response: { accepted: 1 },
    });

    const rows = await db()
      .select()
      .from(analyticsEvents)
      .where(inArray(analyticsEvents.clientEventId, [late.id, ancient.id, future.id, early.id]));
    const byId = new Map(rows.map((row) => [row.clientEventId, row]));
    const firstNow = new Date('2031-04-01T23:59:59Z').getTime();
    expect(byId.get(late.id)!.occurredAt.toISOString()).toBe('2031-04-01T23:59:58.000Z');
    expect(byId.get(ancient.id)!.occurredAt.getTime()).toBe(firstNow - maxEventAgeMs);
    expect(byId.get(future.id)!.occurredAt.getTime()).toBe(firstNow);
    expect(byId.get(early.id)!.visitorHash).not.toBe(byId.get(late.id)!.visitorHash);
    expect(byId.get(ancient.id)!.visitorHash).toBe(byId.get(late.id)!.visitorHash);
  });
});
