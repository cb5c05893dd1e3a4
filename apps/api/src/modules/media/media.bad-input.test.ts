import sharp, { type Raw } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@app/shared/errors';
import { mediaErrors, type MediaAsset } from '@app/shared/media';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import type { TestClient } from '../../../test/test-client.js';
import { maxAnimationPixels } from '../../adapters/image/image-processor.js';
import {
  animatedGif,
  json,
  phonePhoto,
  pngImage,
  upload,
  useMediaApp,
  type StorageKind,
  type UploadFile,
} from './media.test-support.js';

const combinations = testDatabaseKinds().flatMap((db) =>
  (['local', 's3'] as StorageKind[]).map((storage) => [db, storage] as const),
);

/** A Windows executable's first bytes (DOS stub + PE header), as a renamed .exe starts. */
function windowsExecutable(): Buffer {
  const exe = Buffer.alloc(1024);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  exe.writeUInt16LE(0x14c, 0x84);
  return exe;
}

const svg = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

/**
 * 51 frames of 800×600: each frame is small and the whole is under the 50-megapixel still limit,
 * but re-encoding all frames would cost seconds of an image slot. Plain frames (black and white in
 * turn: identical neighbours would be merged into one) keep the file tiny.
 */
let longAnimation: Buffer;
beforeAll(async () => {
  const [width, height, frames] = [800, 600, 51];
  const pixels = Buffer.concat(
    Array.from({ length: frames }, (_, frame) => Buffer.alloc(width * height * 3, frame % 2 ? 255 : 0)),
  );
  longAnimation = await sharp(pixels, {
    raw: { width, height: height * frames, channels: 3, pageHeight: height } as Raw,
    limitInputPixels: false,
  })
    .gif({ loop: 0, colours: 2, effort: 1, dither: 0 })
    .toBuffer();
});

describe.each(combinations)('media upload refusals (%s database, %s storage)', (dbKind, storageKind) => {
  const media = useMediaApp(dbKind, storageKind);
  let client: TestClient;
  beforeAll(async () => {
    ({ client } = await media.signIn());
  });

  async function expectRefused(
    file: UploadFile | UploadFile[] | null,
    status: number,
    message: string,
    fields: Record<string, string> = {},
  ) {
    const keysBefore = await media.storedKeys();
    const response = await upload(client, file, fields);
    expect(response.statusCode).toBe(status);
    expect(json(response).message).toBe(message);
    expect(await media.storedKeys()).toEqual(keysBefore);
    expect(await media.tempFiles()).toEqual([]);
    expect(
      json<MediaAsset[]>(await client.inject({ method: 'GET', url: '/api/media' })).filter((asset) =>
        asset.filename.startsWith('bad-'),
      ),
    ).toEqual([]);
    return response;
  }

  it('refuses a zero-byte file', async () => {
    await expectRefused(
      { filename: 'bad-empty.jpg', content: Buffer.alloc(0), contentType: 'image/jpeg' },
      400,
      mediaErrors.emptyFile,
    );
  });

  it('refuses a truncated JPEG as damaged', async () => {
    const photo = await phonePhoto(800, 600);
    await expectRefused(
      { filename: 'bad-half.jpg', content: photo.subarray(0, Math.floor(photo.length / 2)) },
      400,
      mediaErrors.damagedImage,
    );
  });

  it('refuses an executable named .png, whatever the browser claims', async () => {
    const response = await expectRefused(
      { filename: 'bad-cute.png', content: windowsExecutable(), contentType: 'image/png' },
      415,
      mediaErrors.unsupportedType,
    );
    expect(json(response).code).toBe(errorCodes.unsupportedMediaType);
  });

  it('refuses SVG because it can carry scripts', async () => {
    await expectRefused(
      { filename: 'bad-logo.svg', content: svg, contentType: 'image/svg+xml' },
      415,
      mediaErrors.svgRefused,
    );
    await expectRefused(
      { filename: 'bad-logo.png', content: Buffer.from(svg.toString().replace('<?xml version="1.0"?>', '')) },
      415,
      mediaErrors.svgRefused,
    );
  });

  it('refuses a decompression bomb by its pixel count', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: 'white' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    await expectRefused({ filename: 'bad-bomb.png', content: bomb }, 400, mediaErrors.tooManyPixels(50));
  });

  it('refuses an animation whose frames together are over the work budget, before decoding them', async () => {
    const { pages, width, pageHeight } = await sharp(longAnimation, { animated: true }).metadata();
    expect(pages! * width! * pageHeight!).toBeGreaterThan(maxAnimationPixels);
    expect(pages! * width! * pageHeight!).toBeLessThan(50_000_000);
    expect(longAnimation.length).toBeLessThan(100_000);
    const response = await expectRefused(
      { filename: 'bad-long.gif', content: longAnimation },
      400,
      mediaErrors.animationTooLarge(24),
    );
    expect(json(response).code).toBe(errorCodes.validation);
  });

  it('refuses files over 50 MB with 413', async () => {
    const response = await expectRefused(
      { filename: 'bad-huge.mp4', content: Buffer.alloc(50 * 1024 * 1024 + 1) },
      413,
      mediaErrors.tooLarge,
    );
    expect(json(response).code).toBe(errorCodes.payloadTooLarge);
  });

  it('refuses a request without a file, with two files, or that is not a form upload', async () => {
    await expectRefused(null, 400, mediaErrors.noFile, { tags: 'x' });
    const png = await pngImage();
    await expectRefused(
      [
        { filename: 'bad-1.png', content: png },
        { filename: 'bad-2.png', content: png },
      ],
      400,
      mediaErrors.oneFileOnly,
    );
    const asJson = await client.inject({ method: 'POST', url: '/api/media/upload', payload: { file: 'x' } });
    expect(asJson.statusCode).toBe(415);
    expect(json(asJson).message).toMatch(/multipart\/form-data/);
  });

  it('refuses a bad watermark flag', async () => {
    await expectRefused(
      { filename: 'bad-flag.png', content: await pngImage() },
      400,
      'Tags must be at most 1000 characters and watermark "true" or "false".',
      { watermark: 'yes' },
    );
  });

  it('stores a PNG named .jpg as the PNG it is', async () => {
    const response = await upload(client, {
      filename: 'holiday.jpg',
      content: await pngImage(),
      contentType: 'image/jpeg',
    });
    expect(response.statusCode).toBe(201);
    expect(json<{ asset: MediaAsset }>(response).asset).toMatchObject({
      filename: 'holiday.png',
      mime: 'image/png',
    });
  });

  it('keeps a 10,000-pixel-wide panorama whole', async () => {
    const panorama = await sharp({
      create: { width: 10_000, height: 400, channels: 3, background: { r: 90, g: 140, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    const response = await upload(client, { filename: 'panorama.jpg', content: panorama });
    expect(response.statusCode).toBe(201);
    expect(json<{ asset: MediaAsset }>(response).asset).toMatchObject({ width: 10_000, height: 400 });
  });

  it('keeps animated GIFs animated', async () => {
    const response = await upload(client, { filename: 'wave.gif', content: await animatedGif() });
    expect(response.statusCode).toBe(201);
    const { asset } = json<{ asset: MediaAsset }>(response);
    expect(asset).toMatchObject({ mime: 'image/gif', width: 40, height: 30 });
    const stored = await media.app.inject({ method: 'GET', url: asset.signedUrl });
    expect((await sharp(stored.rawPayload, { animated: true }).metadata()).pages).toBe(3);
  });

  it('never lets a file name choose where the file goes', async () => {
    for (const name of [
      '../../../etc/passwd.png',
      '..\\..\\windows\\win.ini.png',
      '/abs/path.png',
      '\u0000evil\u0007.png',
      '....png',
    ]) {
      const response = await upload(client, { filename: name, content: await pngImage() });
      expect(response.statusCode).toBe(201);
      const { asset } = json<{ asset: MediaAsset }>(response);
      // eslint-disable-next-line no-control-regex -- asserting that no control character survives
      expect(asset.filename).not.toMatch(/[/\\\u0000-\u001f]/);
      expect(asset.filename.endsWith('.png')).toBe(true);
    }
    const keys = await media.storedKeys();
    expect(
      keys.every((key) =>
        /^[0-9a-f-]{36}\/[0-9a-f-]{36}\/(original\.png|original\.jpg|original\.gif|thumbnail\.webp)$/.test(
          key,
        ),
      ),
    ).toBe(true);
  });
});
