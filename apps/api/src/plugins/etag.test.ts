import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.js';
import { testDatabaseKinds } from '../../test/db/test-database.js';
import { newGeneration, newSavedContent } from '../../test/factories/content.js';
import { newAsset } from '../../test/factories/media.js';
import { newScheduledPost } from '../../test/factories/posts.js';
import type { TestClient } from '../../test/test-client.js';

/** Every per-user GET that opts into revalidation (config.etag). */
const revalidated = [
  '/api/media',
  '/api/media/tags',
  '/api/storage/usage',
  '/api/analytics/me',
  '/api/content-generations',
  '/api/content-generations/stats',
  '/api/saved-content',
  '/api/posts/scheduled',
  '/api/user/settings',
];

describe.each(testDatabaseKinds())('ETag revalidation of per-user GETs (%s)', (kind) => {
  const testApp = useTestApp(kind);

  async function userWithData() {
    const { user, client } = await testApp.signedIn();
    const db = testApp.db();
    await newAsset(db, { userId: user.id, tags: ['beach'] });
    await newGeneration(db, { userId: user.id });
    await newSavedContent(db, { userId: user.id });
    await newScheduledPost(db, { userId: user.id });
    return { user, client };
  }

  const get = (client: TestClient, url: string, ifNoneMatch?: string) =>
    client.inject({ method: 'GET', url, headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });

  it('tags each answer weakly, private and no-cache, and answers the same tag with 304 and no body', async () => {
    const { client } = await userWithData();
    for (const url of revalidated) {
      const first = await get(client, url);
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/"[\w-]{32}"$/);
      expect(first.headers['cache-control'], url).toBe('private, no-cache');

      for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
        const again = await get(client, url, ifNoneMatch);
        expect(again.statusCode, `${url} with ${ifNoneMatch}`).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe('private, no-cache');
        expect(again.headers['content-type']).toBeUndefined();
      }
      expect((await get(client, url, 'W/"stale"')).statusCode, url).toBe(200);
    }
  });

  it('tags the JSON, not its encoding: compressed answers carry the same tag and revalidate with 304', async () => {
    const { user, client } = await userWithData();
    const db = testApp.db();
    // Enough rows that the page is well over the 1 KB compression threshold.
    for (let n = 0; n < 20; n++)
      await newGeneration(db, { userId: user.id, content: `Caption ${n} `.repeat(10) });
    const url = '/api/content-generations';
    const plain = await get(client, url);
    const encoded = await client.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(encoded.headers['content-encoding']).toBe('br');
    expect(encoded.headers.etag).toBe(plain.headers.etag);
    const revalidation = await client.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) },
    });
    expect(revalidation.statusCode).toBe(304);
    expect(revalidation.rawPayload.length).toBe(0);
    expect(revalidation.headers['content-encoding']).toBeUndefined();
  });

  it('answers 200 with a new tag once the data changed', async () => {
    const { user, client } = await userWithData();
    const settings = await get(client, '/api/user/settings');
    const changed = await client.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      payload: { theme: 'dark' },
    });
    expect(changed.statusCode).toBe(200);
    const after = await get(client, '/api/user/settings', String(settings.headers.etag));
    expect(after.statusCode).toBe(200);
    expect(after.json().settings.theme).toBe('dark');
    expect(after.headers.etag).not.toBe(settings.headers.etag);

    const gallery = await get(client, '/api/media');
    await newAsset(testApp.db(), { userId: user.id });
    const grown = await get(client, '/api/media', String(gallery.headers.etag));
    expect(grown.statusCode).toBe(200);
    expect(grown.json()).toHaveLength(2);
    expect(grown.headers.etag).not.toBe(gallery.headers.etag);
  });

  it('never answers 304 to another user whose answer differs', async () => {
    const alice = await userWithData();
    const bob = await userWithData();
    for (const url of [
      '/api/media',
      '/api/content-generations',
      '/api/posts/scheduled',
      '/api/saved-content',
    ]) {
      const hers = await get(alice.client, url);
      const his = await get(bob.client, url, String(hers.headers.etag));
      expect(his.statusCode, url).toBe(200);
      expect(his.headers.etag).not.toBe(hers.headers.etag);
      expect(his.body).not.toBe(hers.body);
    }
  });

  it('leaves other routes and error answers untagged', async () => {
    const { client } = await userWithData();
    const own = await get(client, '/api/auth/user');
    expect(own.statusCode).toBe(200);
    expect(own.headers.etag).toBeUndefined();
    const refused = await get(client, '/api/media?limit=0');
    expect(refused.statusCode).toBe(400);
    expect(refused.headers.etag).toBeUndefined();
    const signedOut = await testApp
      .app()
      .inject({ method: 'GET', url: '/api/media', headers: { 'if-none-match': '*' } });
    expect(signedOut.statusCode).toBe(401);
  });
});
