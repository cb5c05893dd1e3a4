import { describe, expect, it } from 'vitest';
import { scheduledPostListResponseSchema } from '@app/shared/posts';
import { scheduledPosts } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newScheduledPost } from '../../../test/factories/posts.js';
import {
  awkwardTimestamps,
  expectPagingErrors,
  expectStableWhenRowArrives,
  expectWholeWalks,
  inListOrder,
  laterTimestamp,
  stamp,
  type Get,
} from '../../../test/paged-list.js';

describe.each(testDatabaseKinds())('GET /api/posts/scheduled is paged by cursor (%s)', (kind) => {
  const testApp = useTestApp(kind);

  /** scheduled_at and created_at both at `at`, so only the id breaks the tie. */
  async function postAt(userId: string, at: string, createdAt = at) {
    const row = await newScheduledPost(testApp.db(), { userId, status: 'sent', sentAt: new Date() });
    await stamp(testApp.db(), scheduledPosts, row.id, ['scheduled_at'], at);
    await stamp(testApp.db(), scheduledPosts, row.id, ['created_at'], createdAt);
    return { id: row.id, at };
  }

  async function poster() {
    const { user, client } = await testApp.signedIn();
    const other = await testApp.signedIn();
    const rows = [];
    for (const at of awkwardTimestamps) {
      rows.push(await postAt(user.id, at));
      await postAt(other.user.id, at);
    }
    const get: Get = (url) => client.inject({ method: 'GET', url });
    return { user, get, rows };
  }

  it('walks every post once, latest scheduled time first, the caller’s only', async () => {
    const { get, rows } = await poster();
    await expectWholeWalks(get, '/api/posts/scheduled', inListOrder(rows));
    const first = await get('/api/posts/scheduled?limit=3');
    expect(scheduledPostListResponseSchema.parse(first.json())).toHaveLength(3);
  });

  it('orders posts of one scheduled time by when they were made, across page boundaries', async () => {
    const { user, client } = await testApp.signedIn();
    const at = '2026-05-01T08:00:00.000000Z';
    const made = [
      '2026-04-01T00:00:00.000003Z',
      '2026-04-01T00:00:00.000001Z',
      '2026-04-01T00:00:00.000002Z',
    ];
    const rows = [];
    for (const createdAt of made) rows.push({ ...(await postAt(user.id, at, createdAt)), at: createdAt });
    await expectWholeWalks(
      (url) => client.inject({ method: 'GET', url }),
      '/api/posts/scheduled',
      inListOrder(rows),
    );
  });

  it('is stable when a post is scheduled between two pages', async () => {
    const { get, rows, user } = await poster();
    await expectStableWhenRowArrives(
      get,
      '/api/posts/scheduled',
      inListOrder(rows),
      async () => (await postAt(user.id, laterTimestamp)).id,
    );
  });

  it('answers bad limits and cursors with 400 and the contract’s texts', async () => {
    const { get } = await poster();
    await expectPagingErrors(get, '/api/posts/scheduled');
  });
});
