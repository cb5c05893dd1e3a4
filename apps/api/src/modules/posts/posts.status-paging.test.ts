import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '@app/shared/errors';
import { nextCursorHeader, pagingTexts } from '@app/shared/paging';
import {
  scheduledPostListResponseSchema,
  scheduledPostListTexts,
  type ScheduledPost,
} from '@app/shared/posts';
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
  walkPages,
  type Get,
} from '../../../test/paged-list.js';

type Status = ScheduledPost['status'];

/** Earlier than every awkward timestamp: a post that arrives at the top of the soonest-first list. */
const earlierTimestamp = '2026-01-01T00:00:00.000001Z';

describe.each(testDatabaseKinds())('GET /api/posts/scheduled?status= (%s)', (kind) => {
  const testApp = useTestApp(kind);

  /**
   * A post scheduled at exactly `at`. created_at runs against the id order, so a list that broke
   * ties by creation time instead of by id would show up.
   */
  async function postAt(userId: string, status: Status, at: string) {
    const row = await newScheduledPost(testApp.db(), {
      userId,
      status,
      ...(status === 'sent' && { sentAt: new Date() }),
    });
    await stamp(testApp.db(), scheduledPosts, row.id, ['scheduled_at'], at);
    const againstId = String(0xffff - parseInt(row.id.slice(0, 4), 16)).padStart(6, '0');
    await stamp(testApp.db(), scheduledPosts, row.id, ['created_at'], `2026-01-01T00:00:00.${againstId}Z`);
    return { id: row.id, at };
  }

  /**
   * The caller has pending, sent and failed posts at awkward (tied) times; another user has the same
   * of each, and must never show up.
   */
  async function poster() {
    const { user, client } = await testApp.signedIn();
    const other = await testApp.signedIn();
    const rows: Record<Status, { id: string; at: string }[]> = { pending: [], sent: [], failed: [] };
    for (const at of awkwardTimestamps) {
      for (const status of ['pending', 'sent', 'failed'] as const) {
        rows[status].push(await postAt(user.id, status, at));
        await postAt(other.user.id, status, at);
      }
    }
    const get: Get = (url) => client.inject({ method: 'GET', url });
    return { user, get, rows };
  }

  it('walks the pending posts once each, soonest first and ties by id, the caller’s only', async () => {
    const { get, rows } = await poster();
    await expectWholeWalks(get, '/api/posts/scheduled?status=pending', inListOrder(rows.pending, 'asc'));
    const first = scheduledPostListResponseSchema.parse(
      (await get('/api/posts/scheduled?status=pending')).json(),
    );
    expect(first.map((post) => post.status)).toEqual(rows.pending.map(() => 'pending'));
  });

  it('walks the sent and failed posts once each, latest first and ties by id, the caller’s only', async () => {
    const { get, rows } = await poster();
    const done = [...rows.sent, ...rows.failed];
    await expectWholeWalks(get, '/api/posts/scheduled?status=done', inListOrder(done, 'desc'));
    const { ids } = await walkPages(get, '/api/posts/scheduled?status=done', 100);
    expect(ids).toHaveLength(awkwardTimestamps.length * 2);
  });

  it('still lists every post latest first without status, as before', async () => {
    const { get, rows } = await poster();
    const { ids } = await walkPages(get, '/api/posts/scheduled', 4);
    const all = [...rows.pending, ...rows.sent, ...rows.failed];
    expect(new Set(ids)).toEqual(new Set(all.map((row) => row.id)));
    const times = new Map(all.map((row) => [row.id, row.at]));
    const inOrder = ids.map((id) => times.get(id)!);
    expect(inOrder).toEqual([...inOrder].sort().reverse());
  });

  it('is stable when a post is scheduled soonest of all between two pages of pending posts', async () => {
    const { get, rows, user } = await poster();
    await expectStableWhenRowArrives(
      get,
      '/api/posts/scheduled?status=pending',
      inListOrder(rows.pending, 'asc'),
      async () => (await postAt(user.id, 'pending', earlierTimestamp)).id,
    );
  });

  it('is stable when a post fails between two pages of finished posts', async () => {
    const { get, rows, user } = await poster();
    await expectStableWhenRowArrives(
      get,
      '/api/posts/scheduled?status=done',
      inListOrder([...rows.sent, ...rows.failed], 'desc'),
      async () => (await postAt(user.id, 'failed', laterTimestamp)).id,
    );
  });

  it('moves a post from pending to done when it is sent', async () => {
    const { user, client } = await testApp.signedIn();
    const post = await postAt(user.id, 'pending', laterTimestamp);
    const get = async (status: string) =>
      idsOf((await client.inject({ method: 'GET', url: `/api/posts/scheduled?status=${status}` })).json());
    expect(await get('pending')).toEqual([post.id]);
    expect(await get('done')).toEqual([]);
    await testApp
      .db()
      .update(scheduledPosts)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(scheduledPosts.id, post.id));
    expect(await get('pending')).toEqual([]);
    expect(await get('done')).toEqual([post.id]);
  });

  it('answers a status that is not pending or done with 400 and the contract’s text', async () => {
    const { get } = await poster();
    for (const query of [
      'status=sent',
      'status=failed',
      'status=PENDING',
      'status=',
      'status=pending,done',
      'status=pending&status=done',
      'status=cancelled',
    ]) {
      const response = await get(`/api/posts/scheduled?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({
        message: `status: ${scheduledPostListTexts.statusInvalid}`,
        code: errorCodes.validation,
        field: 'status',
      });
    }
  });

  it('refuses a cursor of another order, and bad limits and cursors, with the contract’s texts', async () => {
    const { get } = await poster();
    const all = await get('/api/posts/scheduled?limit=1');
    const cursor = all.headers[nextCursorHeader] as string;
    expect(cursor).toBeDefined();
    const response = await get(`/api/posts/scheduled?status=pending&cursor=${cursor}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: `cursor: ${pagingTexts.cursorInvalid}`,
      field: 'cursor',
    });
    await expectPagingErrors(get, '/api/posts/scheduled?status=pending');
    await expectPagingErrors(get, '/api/posts/scheduled?status=done');
  });
});

const idsOf = (body: unknown) => (body as { id: string }[]).map((item) => item.id);
