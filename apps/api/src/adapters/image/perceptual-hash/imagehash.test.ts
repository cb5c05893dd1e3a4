import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { averageHash, averageHashFromPixels } from './average-hash.js';
import { dctHash, dctHashFromPixels, dctLowFrequencies } from './dct-hash.js';
import { differenceHash, differenceHashFromPixels } from './difference-hash.js';
import { hammingDistance, hashToHex } from './hash-bits.js';
import { PillowGrey, pillowGreyscale, pillowResizeLanczos } from './pillow-resample.js';
import { decodeImage } from './raw-image.js';
import { greyFromFormula, syntheticPhoto } from './synthetic-images.js';

// Expected values below were produced by Python imagehash 4.3's average_hash / dhash / phash
// definitions on Pillow 9.4 (Debian bookworm python3-pil, numpy 1.24, scipy 1.10), fed the same bytes.

const wave = () =>
  greyFromFormula(50, 37, (x, y) => 128 + 90 * Math.sin(x / 4) * Math.cos(y / 6) + ((x * 7 + y * 13) % 11));

describe('Pillow greyscale and Lanczos resize', () => {
  it('resizes 50x37 to 8x8 exactly as Pillow Image.resize(LANCZOS)', () => {
    expect(Array.from(pillowResizeLanczos(wave(), 50, 37, 8, 8))).toEqual([
      186, 201, 82, 63, 183, 204, 84, 63, 161, 168, 106, 97, 159, 170, 107, 96, 117, 114, 148, 153, 119, 112,
      147, 154, 84, 71, 181, 197, 87, 68, 178, 197, 78, 63, 186, 204, 81, 60, 184, 205, 102, 94, 162, 173,
      105, 93, 161, 173, 146, 149, 120, 116, 145, 150, 121, 116, 180, 192, 88, 72, 177, 195, 90, 72,
    ]);
  });

  it('resizes 50x37 to 9x8 exactly as Pillow', () => {
    expect(Array.from(pillowResizeLanczos(wave(), 50, 37, 9, 8))).toEqual([
      180, 212, 116, 47, 119, 214, 176, 68, 67, 158, 174, 124, 88, 126, 175, 155, 99, 99, 119, 110, 138, 158,
      137, 109, 120, 152, 152, 90, 60, 149, 212, 145, 58, 93, 193, 193, 84, 52, 151, 222, 147, 49, 89, 201,
      201, 106, 88, 143, 182, 141, 87, 109, 170, 170, 145, 152, 129, 112, 130, 153, 143, 117, 117, 174, 202,
      118, 58, 121, 204, 171, 75, 76,
    ]);
  });

  it('enlarges 5x5 to 9x8 exactly as Pillow, negative lobes clipped to 0..255', () => {
    const pixels = greyFromFormula(5, 5, (x, y) => (x * 53 + y * 31) % 256);
    expect(Array.from(pillowResizeLanczos(pixels, 5, 5, 9, 8))).toEqual([
      0, 9, 43, 78, 104, 131, 164, 193, 205, 8, 20, 54, 90, 115, 138, 179, 228, 251, 29, 44, 78, 113, 139,
      167, 199, 226, 238, 49, 65, 99, 130, 160, 209, 193, 115, 69, 66, 81, 116, 141, 176, 255, 229, 71, 0, 87,
      102, 136, 163, 197, 255, 242, 106, 15, 111, 124, 157, 209, 221, 168, 104, 77, 73, 122, 134, 167, 237,
      232, 99, 0, 43, 99,
    ]);
  });

  it('converts to "L" with Pillow\'s rounded ITU-R 601-2 weights', () => {
    const image = {
      data: Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30]),
      width: 4,
      height: 1,
      channels: 3 as const,
    };
    // (R*19595 + G*38470 + B*7471 + 0x8000) >> 16
    expect(Array.from(pillowGreyscale(image))).toEqual([76, 150, 29, 18]);
  });

  it('stays within a few levels of an exact full-resolution resize when pre-reducing a large picture', () => {
    const image = syntheticPhoto(2100, 1400, 1);
    const exact = pillowResizeLanczos(pillowGreyscale(image), 2100, 1400, 32, 32);
    const fast = new PillowGrey(image).resize(32, 32);
    const worst = Math.max(...Array.from(exact, (v, i) => Math.abs(v - (fast[i] ?? 0))));
    expect(worst).toBeLessThanOrEqual(2);
  });
});

describe('pHash DCT', () => {
  it('matches scipy.fftpack.dct(dct(x, axis=0), axis=1)[:8, :8] and its hash', () => {
    const pixels = greyFromFormula(
      32,
      32,
      (x, y) => 100 + 60 * Math.sin(x / 3 + y / 5) + 40 * Math.cos((x * y) / 50),
    );
    const scipy = [
      427536.0, 15473.359175454225, 15443.768940857317, 15547.412562824436, 11632.992307710476,
      13180.780600321445, 8208.883862157527, -2210.9833710621215, 8982.899709761077, 21372.920648639058,
      -3602.621374860762, 45002.77790741408, 9416.714197231235, -20209.77495419601, -6058.829919587722,
      -1390.4870378223757, 31861.945020309293, 11817.080063615402, 19659.07995010948, 12473.68969289372,
      -51793.21581228727, 1404.4551749239, 1276.6828600115168, -2753.4277887781213, 18718.277690738403,
      -8371.244468567387, -6096.606802281907, -31274.792043080335, 2706.197798947553, 7698.726816422655,
      -10759.751892808004, 2763.4819653650256, 13045.921798187594, -6568.989753440018, -7588.678926950207,
      12675.176008219652, -3281.7466190734635, -8876.137547361206, 7717.110675468635, -491.9812631307792,
      14283.391765356537, -13292.174557442135, 7429.705675043623, -4746.472519761005, -11296.206827946295,
      12336.902895306233, -5975.714147938767, 504.77606336764, 8405.94521802221, -8951.007750672161,
      9229.438739808164, -8980.00217092202, 7803.606767212725, -5525.722033264976, 1189.778910382111,
      1878.7032482626694, -1699.2384906692419, 951.9550955693644, -450.3517007780391, -2395.215710188614,
      -1573.226434535066, 670.9648694737192, 1670.8531936871789, -2729.1562223283563,
    ];
    const ours = dctLowFrequencies(pixels);
    scipy.forEach((value, i) => expect(ours[i]).toBeCloseTo(value, 6));
    expect(hashToHex(dctHashFromPixels(pixels))).toBe('fed8f68d92a4a902');
  });
});

describe('aHash, dHash, pHash and dHash-256 against Python imagehash', () => {
  const expected = {
    'photo 255x200': {
      make: () => syntheticPhoto(255, 200, 1),
      ahash: 'ffffffffbf000000',
      dhash: '3e3e3c36626c0d64',
      phash: 'bfb0701fad60128f',
      dhash256: '07f807f80ff807f807f807f80ff017bc1b2c3d29449b1ae3142114c10ce10861',
    },
    'photo 640x480': {
      make: () => syntheticPhoto(640, 480, 0),
      ahash: 'ffffffffd7800000',
      dhash: 'c5cccc2325062006',
      phash: 'f692037de94969a4',
      dhash256: 'e00ff033e073e063e073e033f00fce03966b9476893989692d2d2d292d2d2d2d',
    },
  };

  it.each(Object.entries(expected))('%s', (_name, { make, ...hashes }) => {
    const grey = new PillowGrey(make());
    expect(hashToHex(averageHash(grey))).toBe(hashes.ahash);
    expect(hashToHex(differenceHash(grey))).toBe(hashes.dhash);
    expect(hashToHex(dctHash(grey))).toBe(hashes.phash);
    expect(hashToHex(differenceHash(grey, 16))).toBe(hashes.dhash256);
  });

  it('decodes and hashes the ThreatExchange RGBA test PNG as imagehash does with Pillow', async () => {
    const image = await decodeImage(
      await readFile(new URL('./fixtures/threatexchange-random-26x28.png', import.meta.url)),
    );
    const grey = new PillowGrey(image);
    expect(hashToHex(averageHash(grey))).toBe('c7091c18387c1011');
    expect(hashToHex(differenceHash(grey))).toBe('0f59b130e1d9e127');
    expect(hashToHex(dctHash(grey))).toBe('8eb32ee36c5c9390');
    expect(hashToHex(differenceHash(grey, 16))).toBe(
      'c1f90f1e34774b8317051684af252d380d30bc24b004b405ad220d25ad2b6d27',
    );
  });

  it('packs bits row-major, most significant first, like imagehash str()', () => {
    const pixels = new Uint8Array(64).fill(0);
    pixels[0] = 255;
    pixels[63] = 255;
    expect(hashToHex(averageHashFromPixels(pixels))).toBe('8000000000000001');
    const ramp = greyFromFormula(9, 8, (x) => x * 10);
    expect(hashToHex(differenceHashFromPixels(ramp, 8))).toBe('ffffffffffffffff');
  });

  it('keeps a large picture within 2 bits of the exact full-resolution resize', () => {
    const image = syntheticPhoto(2100, 1400, 0);
    const fast = new PillowGrey(image);
    const grey = pillowGreyscale(image);
    const exact = (w: number, h: number) => pillowResizeLanczos(grey, 2100, 1400, w, h);
    expect(hammingDistance(averageHash(fast), averageHashFromPixels(exact(8, 8)))).toBeLessThanOrEqual(2);
    expect(
      hammingDistance(differenceHash(fast), differenceHashFromPixels(exact(9, 8), 8)),
    ).toBeLessThanOrEqual(2);
    expect(hammingDistance(dctHash(fast), dctHashFromPixels(exact(32, 32)))).toBeLessThanOrEqual(2);
  });
});
