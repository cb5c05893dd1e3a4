import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaAsset } from '@app/shared/media';
import { eq } from 'drizzle-orm';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { syntheticPhoto } from '../../adapters/image/perceptual-hash/synthetic-images.js';
import { users } from '../../db/schema/index.js';
import { json, upload, useMediaApp } from '../media/media.test-support.js';
import type { TestClient } from '../../../test/test-client.js';

// The renderer itself is unchanged; the spy records which text each copy was drawn with.
const drawn = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('../../adapters/image/watermark.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../adapters/image/watermark.js')>();
  return {
    ...actual,
    watermarkOverlay: (...args: Parameters<typeof actual.watermarkOverlay>) => {
      drawn.texts.push(args[2]);
      return actual.watermarkOverlay(...args);
    },
  };
});

let photo: Buffer;
beforeAll(async () => {
  const { data, width, height } = syntheticPhoto(600, 400);
  photo = await sharp(Buffer.from(data), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
});

describe.each(testDatabaseKinds())('chosen watermark text on protected copies (%s)', (dbKind) => {
  const media = useMediaApp(dbKind, 'local');
  beforeEach(() => {
    drawn.texts.length = 0;
  });

  async function uploaded(client: TestClient): Promise<MediaAsset> {
    return json<{ asset: MediaAsset }>(await upload(client, { filename: 'sunset.jpg', content: photo }))
      .asset;
  }

  const protect = (client: TestClient, id: string) =>
    client.inject({
      method: 'POST',
      url: `/api/protect-image/${id}`,
      payload: { protectionLevel: 'light', watermark: true },
    });

  it('draws the saved text on a paid plan, and the username mark again after a downgrade', async () => {
    const { client, user } = await media.signIn({ tier: 'pro' });
    const saved = await client.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      payload: { watermarkText: '  @jane.photos  ' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.watermarkText).toBe('@jane.photos');

    const asset = await uploaded(client);
    expect((await protect(client, asset.id)).statusCode).toBe(200);
    expect(drawn.texts).toContain('@jane.photos');
    expect(drawn.texts).not.toContain(`© ${user.username}`);

    // Downgraded: the username mark comes back, the saved text is kept for a later upgrade.
    await media.db.update(users).set({ tier: 'free' }).where(eq(users.id, user.id));
    drawn.texts.length = 0;
    expect((await protect(client, asset.id)).statusCode).toBe(200);
    expect(drawn.texts).toContain(`© ${user.username}`);
    expect(drawn.texts).not.toContain('@jane.photos');
    const read = await client.inject({ method: 'GET', url: '/api/user/settings' });
    expect(read.json().settings.watermarkText).toBe('@jane.photos');
  });

  it('draws the username mark on a paid plan with no saved text', async () => {
    const { client, user } = await media.signIn({ tier: 'starter' });
    const asset = await uploaded(client);
    expect((await protect(client, asset.id)).statusCode).toBe(200);
    expect(drawn.texts).toContain(`© ${user.username}`);
  });

  it('draws the saved text on an upload sent with watermark=true', async () => {
    const { client } = await media.signIn({ tier: 'starter' });
    await client.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      payload: { watermarkText: 'Sunny Studio' },
    });
    const response = await upload(client, { filename: 'sunset.jpg', content: photo }, { watermark: 'true' });
    expect(response.statusCode).toBe(201);
    expect(drawn.texts).toContain('Sunny Studio');
  });
});
