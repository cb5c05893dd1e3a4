import { describe, expect, it } from 'vitest';
import type { MediaAsset, MediaTagCount } from '@app/shared/media';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { json, pngImage, upload, useMediaApp } from './media.test-support.js';

describe.each(testDatabaseKinds())('media tags: filter and suggestions (%s)', (dbKind) => {
  const media = useMediaApp(dbKind, 'local');

  it('filters the list by tag whatever its case, and lists the owner’s tags with counts', async () => {
    const owner = await media.signIn();
    const stranger = await media.signIn();
    const post = async (client: typeof owner.client, filename: string, tags: string) =>
      json<{ asset: MediaAsset }>(await upload(client, { filename, content: await pngImage() }, { tags }))
        .asset;
    const beach = await post(owner.client, 'one.png', 'Beach, summer');
    const beach2 = await post(owner.client, 'two.png', 'beach');
    const gone = await post(owner.client, 'three.png', 'beach, night');
    await post(owner.client, 'four.png', '');
    await post(stranger.client, 'theirs.png', 'beach, secret');
    await owner.client.inject({ method: 'DELETE', url: `/api/media/${gone.id}` });

    const list = async (query: string) =>
      json<MediaAsset[]>(await owner.client.inject({ method: 'GET', url: `/api/media${query}` })).map(
        (a) => a.filename,
      );
    expect((await list('?tag=BEACH')).sort()).toEqual([beach.filename, beach2.filename].sort());
    expect(await list('?tag=%20summer%20')).toEqual([beach.filename]);
    // A tag is matched whole: a part of one matches nothing.
    expect(await list('?tag=bea')).toEqual([]);
    expect(await list('?tag=secret')).toEqual([]);
    expect(await list('?tag=')).toHaveLength(3);

    const tags = json<MediaTagCount[]>(await owner.client.inject({ method: 'GET', url: '/api/media/tags' }));
    expect(tags.map(({ tag, count }) => ({ tag: tag.toLowerCase(), count }))).toEqual([
      { tag: 'beach', count: 2 },
      { tag: 'summer', count: 1 },
    ]);
    const theirs = json<MediaTagCount[]>(
      await stranger.client.inject({ method: 'GET', url: '/api/media/tags' }),
    );
    expect(theirs).toEqual([
      { tag: 'beach', count: 1 },
      { tag: 'secret', count: 1 },
    ]);
  });

  it('answers bad tag filters with a clear 400 and signed-out callers with 401', async () => {
    const { client } = await media.signIn();
    const long = await client.inject({ method: 'GET', url: `/api/media?tag=${'x'.repeat(41)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('tag must be at most 40 characters');
    expect((await client.inject({ method: 'GET', url: '/api/media?tag=a&tag=b' })).statusCode).toBe(400);
    expect((await client.inject({ method: 'GET', url: '/api/media?colour=red' })).statusCode).toBe(400);
    expect((await media.app.inject({ method: 'GET', url: '/api/media/tags' })).statusCode).toBe(401);
  });
});
