import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { phonePhoto, pngImage } from '../../modules/media/media.test-support.js';
import { visionCopy } from './vision-copy.js';

function decoded(dataUrl: string): Buffer {
  expect(dataUrl.startsWith('data:image/jpeg;base64,')).toBe(true);
  return Buffer.from(dataUrl.slice('data:image/jpeg;base64,'.length), 'base64');
}

describe('the copy of a photo sent to a vision model', () => {
  it('is an upright JPEG inside 768×768 with no EXIF, GPS or orientation left', async () => {
    const original = await phonePhoto(1600, 1200);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const copy = await visionCopy(original);
    const meta = await sharp(decoded(copy.dataUrl)).metadata();
    // Stored sideways (orientation 6): upright it is portrait, 1200×1600 scaled to 576×768.
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 576, 768]);
    expect([copy.width, copy.height]).toEqual([576, 768]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });

  it('never enlarges a small photo, and turns a PNG into a JPEG', async () => {
    const copy = await visionCopy(await pngImage(64, 48));
    const meta = await sharp(decoded(copy.dataUrl)).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['jpeg', 64, 48, false]);
  });

  it('refuses bytes that are not an image', async () => {
    await expect(visionCopy(Buffer.from('not an image at all'))).rejects.toThrow();
  });
});
