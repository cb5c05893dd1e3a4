import { describe, expect, it } from 'vitest';
import { mediaErrors, type MediaAsset } from '@app/shared/media';
import { buildApp } from '../../app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { json, pngImage, upload, useMediaApp } from './media.test-support.js';

describe.each(testDatabaseKinds())('media links across users and processes (%s)', (dbKind) => {
  const media = useMediaApp(dbKind, 'local');

  it('answers one asset to its owner and 404 to anyone else', async () => {
    const owner = await media.signIn();
    const stranger = await media.signIn();
    const { asset } = json<{ asset: MediaAsset }>(
      await upload(owner.client, { filename: 'mine.png', content: await pngImage() }),
    );
    const own = await owner.client.inject({ method: 'GET', url: `/api/media/${asset.id}` });
    expect(own.statusCode).toBe(200);
    expect(json<MediaAsset>(own)).toMatchObject({ id: asset.id, filename: 'mine.png' });
    const foreign = await stranger.client.inject({ method: 'GET', url: `/api/media/${asset.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).message).toBe(mediaErrors.notFound);
  });

  it('a link signed by one server process opens on another sharing the database', async () => {
    const { client } = await media.signIn();
    const { asset } = json<{ asset: MediaAsset }>(
      await upload(client, { filename: 'shared.png', content: await pngImage() }),
    );
    // A second process: its own app instance, the same database and data folder, no configured secret.
    const second = await buildApp({ config: media.config, database: media.database });
    try {
      const response = await second.inject({ method: 'GET', url: asset.signedUrl });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
    } finally {
      await second.close();
    }
  });

  it('writes a media link to the request log without its signature (issue 20, finding 12)', async () => {
    const { client } = await media.signIn();
    const { asset } = json<{ asset: MediaAsset }>(
      await upload(client, { filename: 'logged.png', content: await pngImage() }),
    );
    const lines: string[] = [];
    const logged = await buildApp({
      config: { ...media.config, logLevel: 'info' },
      database: media.database,
      logDestination: { write: (line) => void lines.push(line) },
    });
    try {
      expect((await logged.inject({ method: 'GET', url: asset.signedUrl })).statusCode).toBe(200);
    } finally {
      await logged.close();
    }
    const signature = new URL(asset.signedUrl, 'http://x').searchParams.get('sig')!;
    expect(signature.length).toBeGreaterThan(8);
    const requestLines = lines.filter((line) => line.includes(`/api/media/${asset.id}/file`));
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.join('\n')).toContain('sig=[redacted]');
    expect(lines.join('\n')).not.toContain(signature);
  });
});
