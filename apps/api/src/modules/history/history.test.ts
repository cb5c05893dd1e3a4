import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contentGenerations, savedContent } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newGeneration } from '../../../test/factories/content.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient } from '../../../test/test-client.js';

describe.each(testDatabaseKinds())('content history (%s)', (kind) => {
  const testApp = useTestApp(kind);

  async function userWithGenerations(count: number) {
    const { user, client } = await testApp.signedIn();
    const rows = [];
    for (let index = 0; index < count; index++) {
      rows.push(
        await newGeneration(testApp.db(), {
          userId: user.id,
          content: `body ${index}`,
          titles: [`title ${index}`],
          createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
        }),
      );
    }
    return { user, rows, client };
  }

  it("lists only the user's own items, newest first", async () => {
    const mine = await userWithGenerations(3);
    await userWithGenerations(2);
    const response = await mine.client.inject({ method: 'GET', url: '/api/content-generations' });
    expect(response.statusCode).toBe(200);
    const items = response.json<{ id: string; titles: string[] }[]>();
    expect(items.map((item) => item.titles[0])).toEqual(['title 2', 'title 1', 'title 0']);
  });

  it('pages with limit and the cursor of the previous page', async () => {
    const mine = await userWithGenerations(3);
    const first = await mine.client.inject({ method: 'GET', url: '/api/content-generations?limit=1' });
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toEqual(expect.any(String));
    const response = await mine.client.inject({
      method: 'GET',
      url: `/api/content-generations?limit=1&cursor=${cursor}`,
    });
    expect(response.json().map((item: { content: string }) => item.content)).toEqual(['body 1']);
    // offset is gone with decision 032: asking for it is a clear 400, not a silently ignored field.
    const offset = await mine.client.inject({ method: 'GET', url: '/api/content-generations?offset=1' });
    expect(offset.statusCode).toBe(400);
    expect(offset.json().field).toBe('offset');
  });

  it('deletes an own item', async () => {
    const mine = await userWithGenerations(1);
    const id = mine.rows[0]!.id;
    const response = await mine.client.inject({ method: 'DELETE', url: `/api/content-generations/${id}` });
    expect(response.statusCode).toBe(204);
    const left = await testApp.db().select().from(contentGenerations).where(eq(contentGenerations.id, id));
    expect(left).toHaveLength(0);
  });

  it("answers 404 for another user's item and leaves it alone", async () => {
    const owner = await userWithGenerations(1);
    const other = await userWithGenerations(0);
    const id = owner.rows[0]!.id;
    const response = await other.client.inject({ method: 'DELETE', url: `/api/content-generations/${id}` });
    expect(response.statusCode).toBe(404);
    const left = await testApp.db().select().from(contentGenerations).where(eq(contentGenerations.id, id));
    expect(left).toHaveLength(1);
  });

  async function userWithMixedHistory() {
    const db = testApp.db();
    const user = await newUser(db);
    const items = [
      {
        platform: 'reddit' as const,
        generationType: 'ai' as const,
        model: 'gpt-4o-mini',
        content: 'Sunset at the pier',
        titles: ['Golden hour [F]'],
        subreddit: 'gonewild',
      },
      {
        platform: 'reddit' as const,
        generationType: 'template' as const,
        content: 'Gym day',
        titles: ['Leg day done'],
        subreddit: 'fitgirls',
      },
      {
        platform: 'twitter' as const,
        generationType: 'ai' as const,
        content: 'Coffee first',
        titles: ['Morning'],
        subreddit: null,
      },
      {
        platform: 'instagram' as const,
        generationType: 'template' as const,
        model: 'offline',
        content: '100% sunset energy',
        titles: ['Sunset dump'],
        subreddit: null,
        hashtags: ['sunset'],
      },
    ];
    for (const [index, item] of items.entries()) {
      await newGeneration(db, {
        userId: user.id,
        ...item,
        createdAt: new Date(Date.UTC(2026, 1, 1 + index)),
      });
    }
    return { user, client: await signedInClient(testApp.app(), db, user) };
  }

  it('filters by search (content, titles, subreddit), platform and type', async () => {
    const { client } = await userWithMixedHistory();
    const list = async (query: string) =>
      (await client.inject({ method: 'GET', url: `/api/content-generations?${query}` }))
        .json<{ content: string }[]>()
        .map((item) => item.content);
    expect(await list('search=SUNSET')).toEqual(['100% sunset energy', 'Sunset at the pier']);
    expect(await list('search=leg%20day')).toEqual(['Gym day']);
    expect(await list('search=gonewild')).toEqual(['Sunset at the pier']);
    expect(await list('search=100%25')).toEqual(['100% sunset energy']);
    expect(await list('search=%25')).toEqual(['100% sunset energy']);
    expect(await list('platform=reddit&type=ai')).toEqual(['Sunset at the pier']);
    expect(await list('platform=all&type=template')).toEqual(['100% sunset energy', 'Gym day']);
    const first = (
      await client.inject({ method: 'GET', url: '/api/content-generations?platform=instagram' })
    ).json()[0];
    expect(first).toMatchObject({
      hashtags: ['sunset'],
      photoInstructions: null,
      generationType: 'template',
      model: 'offline',
    });
    const reddit = (
      await client.inject({ method: 'GET', url: '/api/content-generations?platform=reddit&type=ai' })
    ).json()[0];
    expect(reddit).toMatchObject({ generationType: 'ai', model: 'gpt-4o-mini' });
  });

  it('filters by TikTok like any other platform (History offers every content platform)', async () => {
    const mine = await userWithGenerations(1);
    const db = testApp.db();
    await newGeneration(db, {
      userId: mine.user.id,
      platform: 'tiktok',
      content: 'Dance break',
      titles: ['Dance'],
    });
    const other = await newUser(db);
    await newGeneration(db, { userId: other.id, platform: 'tiktok', content: 'Not yours', titles: [] });
    const list = await mine.client.inject({ method: 'GET', url: '/api/content-generations?platform=tiktok' });
    expect(list.statusCode).toBe(200);
    expect(
      list.json().map((item: { content: string; platform: string }) => [item.content, item.platform]),
    ).toEqual([['Dance break', 'tiktok']]);
    const stats = await mine.client.inject({
      method: 'GET',
      url: '/api/content-generations/stats?platform=tiktok',
    });
    expect(stats.json()).toMatchObject({ total: 2, filtered: 1 });
  });

  it('counts the four /history counters, the filtered one following the filters', async () => {
    const { client } = await userWithMixedHistory();
    await userWithGenerations(3);
    const stats = async (query = '') =>
      (await client.inject({ method: 'GET', url: `/api/content-generations/stats${query}` })).json();
    expect(await stats()).toEqual({ total: 4, aiGenerated: 2, redditPosts: 2, filtered: 4 });
    expect(await stats('?search=sunset&platform=reddit')).toEqual({
      total: 4,
      aiGenerated: 2,
      redditPosts: 2,
      filtered: 1,
    });
  });

  it('refuses unknown filter values with a clear 400', async () => {
    const mine = await userWithGenerations(0);
    const response = await mine.client.inject({
      method: 'GET',
      url: '/api/content-generations?platform=myspace',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'platform: platform must be all, reddit, twitter, instagram or tiktok',
    );
    const stats = await mine.client.inject({
      method: 'GET',
      url: '/api/content-generations/stats?type=manual',
    });
    expect(stats.statusCode).toBe(400);
    expect(stats.json().message).toBe('type: type must be all, ai or template');
  });

  describe('saved content', () => {
    it('saves content from an own history item and lists it newest first', async () => {
      const mine = await userWithGenerations(1);
      const generationId = mine.rows[0]!.id;
      const saved = await mine.client.inject({
        method: 'POST',
        url: '/api/saved-content',
        payload: { title: '  title 0 ', content: 'body 0', platform: 'reddit', generationId },
      });
      expect(saved.statusCode).toBe(201);
      expect(saved.json()).toMatchObject({
        title: 'title 0',
        content: 'body 0',
        platform: 'reddit',
        generationId,
      });
      const second = await mine.client.inject({
        method: 'POST',
        url: '/api/saved-content',
        payload: { title: 'Loose idea', content: 'No history item', platform: 'tiktok' },
      });
      expect(second.statusCode).toBe(201);
      expect(second.json().generationId).toBeNull();

      const list = await mine.client.inject({ method: 'GET', url: '/api/saved-content' });
      expect(list.json().map((item: { title: string }) => item.title)).toEqual(['Loose idea', 'title 0']);
    });

    it('pages the Saved list with limit and cursor, newest first, the owner’s items only', async () => {
      const mine = await userWithGenerations(0);
      const other = await userWithGenerations(0);
      for (const title of ['one', 'two', 'three']) {
        const response = await mine.client.inject({
          method: 'POST',
          url: '/api/saved-content',
          payload: { title, content: `${title} body`, platform: 'tiktok' },
        });
        expect(response.statusCode).toBe(201);
      }
      await other.client.inject({
        method: 'POST',
        url: '/api/saved-content',
        payload: { title: 'theirs', content: 'c', platform: 'reddit' },
      });
      const page = async (query: string) => {
        const response = await mine.client.inject({ method: 'GET', url: `/api/saved-content?${query}` });
        const titles = response.json<{ title: string }[]>().map((item) => item.title);
        return { titles, cursor: response.headers['x-next-cursor'] as string | undefined };
      };
      const first = await page('limit=2');
      expect(first.titles).toEqual(['three', 'two']);
      const second = await page(`limit=2&cursor=${first.cursor}`);
      expect(second).toEqual({ titles: ['one'], cursor: undefined });
      const tooMany = await mine.client.inject({ method: 'GET', url: '/api/saved-content?limit=101' });
      expect(tooMany.statusCode).toBe(400);
    });

    it("answers 404 when saving from another user's history item, and saves nothing", async () => {
      const owner = await userWithGenerations(1);
      const other = await userWithGenerations(0);
      const response = await other.client.inject({
        method: 'POST',
        url: '/api/saved-content',
        payload: { title: 'Mine now', content: 'x', platform: 'reddit', generationId: owner.rows[0]!.id },
      });
      expect(response.statusCode).toBe(404);
      const rows = await testApp
        .db()
        .select()
        .from(savedContent)
        .where(eq(savedContent.userId, other.user.id));
      expect(rows).toHaveLength(0);
    });

    it('keeps saved content when its history item is deleted', async () => {
      const mine = await userWithGenerations(1);
      const generationId = mine.rows[0]!.id;
      const saved = (
        await mine.client.inject({
          method: 'POST',
          url: '/api/saved-content',
          payload: { title: 't', content: 'c', platform: 'reddit', generationId },
        })
      ).json();
      await mine.client.inject({ method: 'DELETE', url: `/api/content-generations/${generationId}` });
      const list = (await mine.client.inject({ method: 'GET', url: '/api/saved-content' })).json();
      expect(list).toEqual([{ ...saved, generationId: null }]);
    });

    it("deletes own saved content; another user's id is 404 and stays", async () => {
      const owner = await userWithGenerations(0);
      const other = await userWithGenerations(0);
      const saved = (
        await owner.client.inject({
          method: 'POST',
          url: '/api/saved-content',
          payload: { title: 't', content: 'c', platform: 'twitter' },
        })
      ).json();
      const refused = await other.client.inject({ method: 'DELETE', url: `/api/saved-content/${saved.id}` });
      expect(refused.statusCode).toBe(404);
      expect((await other.client.inject({ method: 'GET', url: '/api/saved-content' })).json()).toEqual([]);
      expect(
        (await owner.client.inject({ method: 'DELETE', url: `/api/saved-content/${saved.id}` })).statusCode,
      ).toBe(204);
      expect((await owner.client.inject({ method: 'GET', url: '/api/saved-content' })).json()).toEqual([]);
      expect(
        (await owner.client.inject({ method: 'DELETE', url: `/api/saved-content/${saved.id}` })).statusCode,
      ).toBe(404);
    });

    it.each([
      [{ title: '', content: 'c', platform: 'reddit' }, 'title: title is required'],
      [
        { title: 't', content: 'c', platform: 'facebook' },
        'platform: platform must be reddit, twitter, instagram or tiktok',
      ],
      [
        { title: 't', content: 'c', platform: 'reddit', generationId: 'abc' },
        'generationId: generationId must be the id of one of your history items',
      ],
      [{ title: 't', platform: 'reddit' }, 'content: content must be text'],
    ])('refuses %j with a clear 400', async (payload, message) => {
      const mine = await userWithGenerations(0);
      const response = await mine.client.inject({ method: 'POST', url: '/api/saved-content', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });

    it('needs sign-in, and a malformed id is a 400', async () => {
      const anonymous = await testApp.app().inject({ method: 'GET', url: '/api/saved-content' });
      expect(anonymous.statusCode).toBe(401);
      const mine = await userWithGenerations(0);
      const bad = await mine.client.inject({ method: 'DELETE', url: '/api/saved-content/not-a-uuid' });
      expect(bad.statusCode).toBe(400);
    });
  });
});
