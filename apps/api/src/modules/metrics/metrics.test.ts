import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicMetricsSchema } from '@app/shared/auth';
import type { Database } from '../../db/client.js';
import { analyticsEvents, contentGenerations, scheduledPosts, type UserRow } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { createUser } from '../../../test/factories.js';
import { TestClient } from '../../../test/test-client.js';

const day = 24 * 60 * 60 * 1000;

async function seedActivity(db: Database, user: UserRow) {
  const post = { userId: user.id, subreddit: 'creators', titleFinal: 'Hello', scheduledAt: new Date() };
  await db.insert(scheduledPosts).values([
    { ...post, status: 'sent', sentAt: new Date() },
    { ...post, status: 'sent', sentAt: new Date() },
    { ...post, status: 'pending' },
    { ...post, status: 'failed' },
  ]);
  await db.insert(contentGenerations).values([
    { userId: user.id, platform: 'reddit', content: 'A caption' },
    { userId: user.id, platform: 'twitter', content: 'Another caption' },
    { userId: user.id, platform: 'instagram', content: 'Third caption' },
  ]);
  const event = (type: (typeof analyticsEvents.$inferInsert)['type'], ageMs: number) => ({
    clientEventId: randomUUID(),
    type,
    sessionId: 'session-1',
    visitorHash: 'visitor-1',
    occurredAt: new Date(Date.now() - ageMs),
  });
  await db.insert(analyticsEvents).values([
    event('click', day),
    event('feature_usage', 2 * day),
    event('engagement_event', 29 * day),
    event('content_generation', 3 * day),
    event('page_view', day), // bookkeeping, not an interaction
    event('session_end', day),
    event('click', 31 * day), // outside the 30-day window
    event('click', -day), // a browser clock in the future
  ]);
}

describe.each(testDatabaseKinds())('GET /api/metrics (%s)', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(kind);
  });
  afterAll(() => testApp.close());

  const getMetrics = () => new TestClient(testApp.app).inject({ method: 'GET', url: '/api/metrics' });

  it('counts creators, sent posts plus generations, and interactions of the last 30 days', async () => {
    const db = testApp.database.db;
    const creators = [await createUser(db), await createUser(db), await createUser(db)];
    await seedActivity(db, creators[0]!);

    const response = await getMetrics();
    expect(response.statusCode).toBe(200);
    expect(publicMetricsSchema.parse(response.json())).toEqual({ creators: 3, posts: 2 + 3, engagement: 4 });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });

  it('answers from the 60-second cache instead of counting again', async () => {
    const before = (await getMetrics()).json();
    await createUser(testApp.database.db);
    expect((await getMetrics()).json()).toEqual(before);
  });
});

describe.each(testDatabaseKinds())('GET /api/metrics on an empty database (%s)', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(kind);
  });
  afterAll(() => testApp.close());

  it('answers zeros, not nulls', async () => {
    const response = await new TestClient(testApp.app).inject({ method: 'GET', url: '/api/metrics' });
    expect(response.json()).toEqual({ creators: 0, posts: 0, engagement: 0 });
  });
});
