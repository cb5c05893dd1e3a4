import { describe, expect, it } from 'vitest';
import { mediaAssets } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newAsset } from '../../../test/factories/media.js';
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

describe.each(testDatabaseKinds())('GET /api/media is paged by cursor (%s)', (kind) => {
  const testApp = useTestApp(kind);

  async function assetAt(userId: string, at: string, values: { tags?: string[]; deleted?: boolean } = {}) {
    const row = await newAsset(testApp.db(), {
      userId,
      tags: values.tags ?? [],
      deletedAt: values.deleted ? new Date() : null,
    });
    await stamp(testApp.db(), mediaAssets, row.id, ['created_at'], at);
    return { id: row.id, at };
  }

  async function galleryOwner() {
    const { user, client } = await testApp.signedIn();
    const other = await testApp.signedIn();
    const rows = [];
    for (const [index, at] of awkwardTimestamps.entries()) {
      rows.push(await assetAt(user.id, at, { tags: index % 2 === 0 ? ['Beach'] : [] }));
      // Someone else's photo at the very same instant, and one of the owner's in the trash.
      await assetAt(other.user.id, at, { tags: ['beach'] });
      if (index % 3 === 0) await assetAt(user.id, at, { deleted: true });
    }
    const get: Get = (url) => client.inject({ method: 'GET', url });
    return { user, get, rows, other };
  }

  it('walks the whole gallery newest first at any page size: ties, microseconds, no one else’s rows', async () => {
    const { get, rows } = await galleryOwner();
    await expectWholeWalks(get, '/api/media', inListOrder(rows));
  });

  it('keeps the tag filter in the next-page link and pages within it', async () => {
    const { get, rows } = await galleryOwner();
    const tagged = rows.filter((_, index) => index % 2 === 0);
    await expectWholeWalks(get, '/api/media?tag=beach', inListOrder(tagged));
  });

  it('is stable when a photo is uploaded between two pages', async () => {
    const { get, rows, user } = await galleryOwner();
    await expectStableWhenRowArrives(
      get,
      '/api/media',
      inListOrder(rows),
      async () => (await assetAt(user.id, laterTimestamp)).id,
    );
  });

  it('answers 50 by default, and a cursor only positions: another user’s cursor shows the caller’s rows', async () => {
    const { user, get } = await testApp.signedIn().then(({ user, client }) => ({
      user,
      get: ((url) => client.inject({ method: 'GET', url })) as Get,
    }));
    const rows = [];
    for (let index = 0; index < 51; index++)
      rows.push(await assetAt(user.id, `2026-04-01T00:00:${String(index).padStart(2, '0')}.000000Z`));
    const first = await get('/api/media');
    expect(first.json()).toHaveLength(50);
    expect(first.headers['x-next-cursor']).toBeDefined();

    const stranger = await galleryOwner();
    const theirs = await walkPages(stranger.get, `/api/media?cursor=${first.headers['x-next-cursor']}`, 100);
    const strangerIds = new Set(stranger.rows.map((row) => row.id));
    expect(theirs.ids.every((id) => strangerIds.has(id))).toBe(true);
  });

  it('answers bad limits and cursors with 400 and the contract’s texts', async () => {
    const { get } = await galleryOwner();
    await expectPagingErrors(get, '/api/media');
    await expectPagingErrors(get, '/api/media?tag=beach');
  });
});
