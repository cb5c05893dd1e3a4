import { describe, it } from 'vitest';
import { contentGenerations, savedContent } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newGeneration, newSavedContent } from '../../../test/factories/content.js';
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

describe.each(testDatabaseKinds())('history and saved content are paged by cursor (%s)', (kind) => {
  const testApp = useTestApp(kind);

  async function generationAt(userId: string, at: string, platform: 'reddit' | 'tiktok' = 'reddit') {
    const row = await newGeneration(testApp.db(), { userId, platform, content: `caption ${platform}` });
    await stamp(testApp.db(), contentGenerations, row.id, ['created_at'], at);
    return { id: row.id, at };
  }

  async function savedAt(userId: string, at: string) {
    const row = await newSavedContent(testApp.db(), { userId });
    await stamp(testApp.db(), savedContent, row.id, ['created_at'], at);
    return { id: row.id, at };
  }

  async function historyOwner() {
    const { user, client } = await testApp.signedIn();
    const other = await testApp.signedIn();
    const generations = [];
    const saved = [];
    for (const [index, at] of awkwardTimestamps.entries()) {
      generations.push(await generationAt(user.id, at, index % 3 === 0 ? 'tiktok' : 'reddit'));
      saved.push(await savedAt(user.id, at));
      await generationAt(other.user.id, at, 'tiktok');
      await savedAt(other.user.id, at);
    }
    const get: Get = (url) => client.inject({ method: 'GET', url });
    return { user, get, generations, saved };
  }

  it('walks the whole history newest first at any page size, the caller’s items only', async () => {
    const { get, generations } = await historyOwner();
    await expectWholeWalks(get, '/api/content-generations', inListOrder(generations));
  });

  it('keeps search, platform and type in the next-page link and pages within them', async () => {
    const { get, generations } = await historyOwner();
    const tiktok = generations.filter((_, index) => index % 3 === 0);
    await expectWholeWalks(
      get,
      '/api/content-generations?platform=tiktok&type=ai&search=caption%20tik',
      inListOrder(tiktok),
    );
  });

  it('walks the whole Saved list newest first at any page size, the caller’s items only', async () => {
    const { get, saved } = await historyOwner();
    await expectWholeWalks(get, '/api/saved-content', inListOrder(saved));
  });

  it('is stable when an item arrives between two pages', async () => {
    const { get, generations, saved, user } = await historyOwner();
    await expectStableWhenRowArrives(
      get,
      '/api/content-generations',
      inListOrder(generations),
      async () => (await generationAt(user.id, laterTimestamp)).id,
    );
    await expectStableWhenRowArrives(
      get,
      '/api/saved-content',
      inListOrder(saved),
      async () => (await savedAt(user.id, laterTimestamp)).id,
    );
  });

  it('answers bad limits and cursors with 400 and the contract’s texts', async () => {
    const { get } = await historyOwner();
    await expectPagingErrors(get, '/api/content-generations');
    await expectPagingErrors(get, '/api/content-generations?platform=reddit');
    await expectPagingErrors(get, '/api/saved-content');
  });
});
