import { describe, expect, it } from 'vitest';
import { publicMetricsSchema } from '@app/shared/auth';
import type { Database } from '../../db/client.js';
import type { NewAnalyticsEventRow, UserRow } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newAnalyticsEvents } from '../../../test/factories/analytics.js';
import { newGenerations } from '../../../test/factories/content.js';
import { newScheduledPosts } from '../../../test/factories/posts.js';
import { newUser } from '../../../test/factories/users.js';
import { TestClient } from '../../../test/test-client.js';

const day = 24 * 60 * 60 * 1000;

async function seedActivity(db: Database, user: UserRow) {
  const post = { userId: user.id, subreddit: 'creators', titleFinal: 'Hello' };
  await newScheduledPosts(db, [
    { ...post, status: 'sent', sentAt: new Date() },
    { ...post, status: 'sent', sentAt: new Date() },
    { ...post, status: 'pending' },
    { ...post, status: 'failed' },
  ]);
  await newGenerations(db, [
    { userId: user.id, platform: 'reddit', content: 'A caption' },
    { userId: user.id, platform: 'twitter', content: 'Another caption' },
    { userId: user.id, platform: 'instagram', content: 'Third caption' },
  ]);
  const event = (type: NewAnalyticsEventRow['type'], ageMs: number) => ({
    type,
    page: null,
    sessionId: 'session-1',
    visitorHash: 'visitor-1',
    occurredAt: new Date(Date.now() - ageMs),
  });
  await newAnalyticsEvents(db, [
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
  const testApp = useTestApp(kind);

  const getMetrics = () => new TestClient(testApp.app()).inject({ method: 'GET', url: '/api/metrics' });

  it('counts creators, sent posts plus generations, and interactions of the last 30 days', async () => {
    const db = testApp.db();
    const creators = [await newUser(db), await newUser(db), await newUser(db)];
    await seedActivity(db, creators[0]!);

    const response = await getMetrics();
    expect(response.statusCode).toBe(200);
    expect(publicMetricsSchema.parse(response.json())).toEqual({ creators: 3, posts: 2 + 3, engagement: 4 });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });

  it('answers from the 60-second cache instead of counting again', async () => {
    const before = (await getMetrics()).json();
    await newUser(testApp.db());
    expect((await getMetrics()).json()).toEqual(before);
  });
});

describe.each(testDatabaseKinds())('GET /api/metrics on an empty database (%s)', (kind) => {
  const testApp = useTestApp(kind);

  it('answers zeros, not nulls', async () => {
    const response = await new TestClient(testApp.app()).inject({ method: 'GET', url: '/api/metrics' });
    expect(response.json()).toEqual({ creators: 0, posts: 0, engagement: 0 });
  });
});
