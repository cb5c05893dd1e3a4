import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockhash } from './blockhash.js';
import { hashToHex } from './hash-bits.js';
import { decodeImage, type RawImage } from './raw-image.js';
import { syntheticPhoto } from './synthetic-images.js';

function solid(width: number, height: number, rgba: [number, number, number, number]): RawImage {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { data, width, height, channels: 4 };
}

describe('blockhash-256 against published values', () => {
  it('hashes Babylonian.png to blockhash-js test/data/Babylonian_16_2.txt', async () => {
    // commonsmachinery/blockhash-js commit 2084417 (band medians), transparent pixels counted as white.
    const image = await decodeImage(
      await readFile(new URL('./fixtures/blockhash-babylonian.png', import.meta.url)),
    );
    expect(image.channels).toBe(4);
    expect(hashToHex(blockhash(image))).toBe(
      'fe7ffe7ffe7ffc7ffc7ffc7ffc000000e107e187f89fe007c00ff81ff81ff83f',
    );
  });

  // The photos of blockhash-js test/data (Getty Open Content, Wikimedia Commons, openclipart, NASA) are
  // 0.2-0.6 MB each, too large to commit. Point BLOCKHASH_TESTDATA at an unpacked copy (the `blockhash`
  // npm tarball ships them) to check them all; puffy_white is left out because its published file predates
  // the band-median algorithm (the Python reference on Pillow gives our value, 4 bits from the file).
  const testData = process.env.BLOCKHASH_TESTDATA;
  const published: Record<string, string> = {
    '00002701.jpg': 'f81bf99ffb803400e07f8c7d049f058706013e233fe33fe11f600e638ea30def',
    '00011601.jpg': '3fff1ca004e80fe81fe00fe01fe81de8fffb0ffb00610031003b03ff80df01ff',
    '00094701.jpg': '03ff007d02da33f325e366690581b79fd103f307fc0474f93ff31e117f550700',
    '00106901.jpg': 'ff80fe80fc01fe01ff00ff00ff00ff00fec0fd20f0e0fac0ecf0e7f0e7e0e040',
    '00133601.jpg': '00000fe07ff8fff81ff8399831983bcc35ac303c384c3ffc8ef00660c003ffff',
    '00136101.jpg': '000083f887fe8fff0fe00fe00ff80ff807fc07f807f803f803e003e007e0ffff',
    '00631701.jpg': 'fffff803bd018001886382e78f7382afceef8e71813187070001800fc0ffffff',
    '00631801.jpg': 'ffffc001bfa182018aa186e1877786e78623827385399fcf0001800fc0ffffff',
    '01109801.jpg': 'f80ff80ff007f007f007f183f4c3c5c3c7c3c7e3c1e3c007c007c007e007ffff',
    '06855701.jpg': 'fefd0fff000f0003037f03bc01bc11ff01fe01be01bd03ff007f007f0ffd0bf0',
    '24442301.jpg': 'ffff8101bf0192059005860f9d8fbfa99f818f818f999e198fc182e18001ffff',
    '32499201.jpg': '0002001f1fff1fff7ff71ff301f300007f9278f0f8700fc0ff98cc88c1cc03fc',
    'clipper_ship.jpg': '00007ff07ff07fe07fe67ff07560600077fe701e7f5e000079fd40410001ffff',
    'emptyBasket.png': 'fffffe07e00380009f899f818f0b8c4b9f9fd00fcc07cc03c003e00fe07ff1ff',
  };
  it.skipIf(!testData || !existsSync(testData)).each(Object.entries(published))('%s', async (file, hash) => {
    expect(hashToHex(blockhash(await decodeImage(join(testData ?? '', file))))).toBe(hash);
  });
});

describe('blockhash-256 against the Python reference (blockhash-python core.py on Pillow)', () => {
  const rgba = () => {
    const photo = syntheticPhoto(100, 60, 0);
    const data = new Uint8Array(100 * 60 * 4);
    for (let i = 0; i < 6000; i++) {
      data.set(photo.data.subarray(i * 3, i * 3 + 3), i * 4);
      data[i * 4 + 3] = i % 100 > 60 && i / 100 < 25 ? 0 : 200;
    }
    return { data, width: 100, height: 60, channels: 4 as const };
  };
  it.each([
    [
      '123x77, both sides split',
      () => syntheticPhoto(123, 77, 0),
      '3e007f007f387f38ffb8ff107f006300eb3ffa1fe00fc00094a5b7b514a0b7a5',
    ],
    [
      '160x90, width even',
      () => syntheticPhoto(160, 90, 1),
      '80ff807f807f007f807f007f807f80ffcfff87ff00780030fe01ffbf0000fe03',
    ],
    [
      '37x21, blocks about 2 pixels',
      () => syntheticPhoto(37, 21, 1),
      '80ff807f807f007f807f807f807f00ffefffc7ff013800000879ffff1803c483',
    ],
    [
      '100x60 RGBA with a transparent corner',
      rgba,
      '007f087f087f187f3e7f3c7f1c3f0000e33ffa1fe01fc00095a597f514a495a5',
    ],
  ])('%s', (_name, make, expected) => {
    expect(hashToHex(blockhash(make()))).toBe(expected);
  });
});

describe('blockhash-256 on hand-computable pictures', () => {
  it('marks the bright half of a half-black, half-white picture', () => {
    const image = solid(32, 32, [0, 0, 0, 255]);
    for (let y = 0; y < 32; y++)
      for (let x = 16; x < 32; x++) image.data.fill(255, (y * 32 + x) * 4, (y * 32 + x) * 4 + 3);
    expect(hashToHex(blockhash(image))).toBe('00ff'.repeat(16));
  });

  it('resolves all-equal bands by brightness: white and transparent give ones, black zeros', () => {
    expect(hashToHex(blockhash(solid(48, 40, [255, 255, 255, 255])))).toBe('f'.repeat(64));
    expect(hashToHex(blockhash(solid(48, 40, [0, 0, 0, 0])))).toBe('f'.repeat(64));
    expect(hashToHex(blockhash(solid(48, 40, [0, 0, 0, 255])))).toBe('0'.repeat(64));
  });
});
