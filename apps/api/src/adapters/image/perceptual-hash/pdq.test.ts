import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { hashFromHex, hashToHex } from './hash-bits.js';
import { box1D, jaroszWindowSize, resizeLikePdqCli } from './pdq-downscale.js';
import { pdqBitsFromDct, pdqDistance, pdqHashes, torbenMedian } from './pdq.js';
import { decodeImage, type RawImage } from './raw-image.js';
import { syntheticPhoto } from './synthetic-images.js';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);

function firstChannel(image: RawImage): RawImage {
  const data = new Uint8Array(image.width * image.height);
  for (let i = 0; i < data.length; i++) data[i] = image.data[i * image.channels] ?? 0;
  return { data, width: image.width, height: image.height, channels: 1 };
}

describe('PDQ against values published by ThreatExchange', () => {
  it('hashes the PNG of python-threatexchange test_pdq_hasher.py to its RANDOM_IMAGE_PDQ', async () => {
    // python-threatexchange/threatexchange/tests/hashing/test_pdq_hasher.py: RANDOM_IMAGE_BASE64 -> RANDOM_IMAGE_PDQ
    const image = await decodeImage(await readFile(fixture('threatexchange-random-26x28.png')));
    expect([image.width, image.height, image.channels]).toEqual([26, 28, 4]);
    expect(hashToHex(pdqHashes(image).hash)).toBe(
      'ad64cd9875e131a177b1f2a0d6b38ae1de9ea80421e4c51dde1b0363deba3466',
    );
  });

  it('box-filters 0..15 as the worked examples in downscaling.cpp', () => {
    const input = Float32Array.from({ length: 16 }, (_, i) => i);
    const run = (window: number) => {
      const out = new Float32Array(16);
      box1D(input, out, 0, 16, 1, window);
      return Array.from(out);
    };
    // "7 and 4": the window sums published in the comment, divided by the number of samples in each.
    const sums7 = [6, 10, 15, 21, 28, 35, 42, 49, 56, 63, 70, 77, 84, 75, 65, 54];
    const counts7 = [4, 5, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 6, 5, 4];
    expect(run(7)).toEqual(sums7.map((s, i) => Math.fround(s / (counts7[i] ?? 1))));
    // "8 and 5"
    const sums8 = [10, 15, 21, 28, 36, 44, 52, 60, 68, 76, 84, 92, 84, 75, 65, 54];
    const counts8 = [5, 6, 7, 8, 8, 8, 8, 8, 8, 8, 8, 8, 7, 6, 5, 4];
    expect(run(8)).toEqual(sums8.map((s, i) => Math.fround(s / (counts8[i] ?? 1))));
  });

  it('sizes the tent as documented: 1024 pixels -> window 8, rounding up', () => {
    expect(jaroszWindowSize(1024, 64)).toBe(8);
    expect(jaroszWindowSize(1025, 64)).toBe(9);
    expect(jaroszWindowSize(512, 64)).toBe(4);
    expect(jaroszWindowSize(64, 64)).toBe(1);
  });

  it('takes the median of matrix_test.py (i + j/100 over 4x8) as 1.07', () => {
    const values: number[] = [];
    for (let i = 0; i < 4; i++) for (let j = 0; j < 8; j++) values.push(i + j * 0.01);
    expect(torbenMedian(values)).toBe(1 + 7 * 0.01);
  });

  it('prints bits like Hash256::format: word 15 first, bit k in word k/16', () => {
    const onlyFirst = new Float32Array(256);
    onlyFirst[0] = 1;
    expect(hashToHex(pdqBitsFromDct(onlyFirst))).toBe(`${'0'.repeat(63)}1`);
    const onlyLast = new Float32Array(256);
    onlyLast[255] = 1;
    expect(hashToHex(pdqBitsFromDct(onlyLast))).toBe(`8${'0'.repeat(63)}`);
    const bit17 = new Float32Array(256);
    bit17[17] = 1;
    expect(hashToHex(pdqBitsFromDct(bit17))).toBe(`${'0'.repeat(56)}00020000`);
  });
});

describe('PDQ against the C++ reference on synthetic pictures', () => {
  // Produced by compiling pdq/cpp/hashing/pdqhashing.cpp, downscaling.cpp and torben.cpp (with pdqio.cpp's
  // CImg nearest-neighbour 512x512 pre-resize) and feeding it the same pixels as PPM/PGM: hash, quality,
  // then the seven other dihedral hashes in the reference's order.
  const cases: [string, () => RawImage, string[], number][] = [
    [
      '640x480 colour (window 5 x 4)',
      () => syntheticPhoto(640, 480, 0),
      [
        '3c0cfabec1b125c4be1e4339d7c21a4f1b3cf192a0cb0e49f34be05f0ee0f5a4',
        '426d9932d86d3436c99265ec4f9ac9367263ecc16483933bcdbc227a4b6cdac3',
        '6959101414e48e6e6b4be9938297b0e50e695b38f59ea4e3a61e4af55bb51f0e',
        '3f3873188d389e9c9cc7cf461acf739c2736466b31d6399198e98cd01e397069',
        '3c0c4541c1b1db3bbe1ebcc6d7c2e5b01b3c0e6da0cbf1b6f34b1fa00ee00a5b',
        '6959afeb14e470916b4b166882974f1a0e69a4c7f59e5b1ca61eb50a5bb5a0f1',
        '6a6d664dd86dcbc9c9929a134f9a36c97263133e64836cc4cdbcd9854b6c253c',
        '17388c668d3861639cc730b91acf8c632736b99431d6c66e98e9732f1e398f96',
      ],
      100,
    ],
    [
      '1000x700 colour (CLI resize to 512x512)',
      () => syntheticPhoto(1000, 700, 1),
      [
        'e6dbb05a0934cf85b4c3497a4f7db785205a4a7897a4b583485a4a7cb787b4c6',
        'd9336db3c993b6cc364c64cc9366c8cd99333132266419b3c6ccccd8cc9b64ed',
        'b38e1af05c61652fe196e3d01a281d2f751fe0d2c2f11f291d0fe0d6e2d21f6c',
        '8c66c7199cc61c666319ce66c6336267cc669b987331b3199399667299cece47',
        'e6db4fa50934307ab4c3f6854f7d487a204ab58797a44a7c485ab583b7874b39',
        'b38ee50f5c619ad0e1965c2f1a28e2d0751f1f2dc2f1e0d61d0f1f29e2d2e193',
        'd933964cc9934933364c9b33936637329933cecd2664e6ccc6cc3327cc9b9b12',
        '8c663ce69cc6e39963193199c6339d99cc66646773314ce69399998d99ce31b8',
      ],
      100,
    ],
    [
      '127x61 colour (odd sides, window 1)',
      () => syntheticPhoto(127, 61, 1),
      [
        '67d9b04b09344f9db6c3693a4bbcb785b443485a97a4b583485a4b3cb7a7b446',
        '49b369b3cd93b64c364c664c9b2648c99b333736262659b3d64cccd84cdb266d',
        '328c1ae15c61e577e396c3901ee91d2fe116e2f0c2f11f291d0ee196e2f21f6c',
        '1ce6c31998c61ce66319cce6ce73e262ce678d9c7373e31983196672198e8cc7',
        '67d94fb40934b022b6c396c54bbc487ab443b7a597a44a7c485ab4c3b7a74ab9',
        '328ce51e5c611ad8e3963c6f1ee9e2d0e1161d0fc2f1e0d61d0f1e69e2f2e193',
        '49b3964ccd9349b3364c99b39b26b7369b32c8c92626b64cd64c33274cdbd992',
        '1ce63ce698c6e31963193319ce731d9dce66726373731ce68319998d198e7330',
      ],
      100,
    ],
    [
      '333x222 greyscale (luma = grey value)',
      () => firstChannel(syntheticPhoto(333, 222, 1)),
      [
        'e699b06a0934ce95b483697a4efdb785214a4a7897a5b583487a5bb5b583057e',
        'd9326db3c992b6c9364c64cc9364db4c9b32b936266d49b2c6c9ccda4c9b64c9',
        'b3cc1ae05c61643fe1d6a3d01ba81c2f741fe0d2c2f01f291d0ff09fe0d6aed4',
        '8c67c7199cc71c636319ce66c63171e6ce67139c7338e318939c667019cece63',
        'e6994fb50934316ab483f6854efd497a214ab58797a54a7c487aa5cab583fa81',
        'b3cce51f5c619bc0e1d65c2f1ba8e3d0741f1f2dc2f0e0d61d2f0f60e0d6502b',
        'd932964ccd924936364c9b33936425b79b3646c9666db64dc6c933254c9b9b36',
        '8c6738e69cc7e39c63193199c6318e18ce67ec6373301ce7939c998f19ce319c',
      ],
      100,
    ],
  ];

  it.each(cases)(
    '%s: hash, quality and all eight dihedral hashes bit for bit',
    (_name, make, expected, quality) => {
      const result = pdqHashes(make());
      expect(result.quality).toBe(quality);
      expect(result.dihedral.map(hashToHex)).toEqual(expected);
      expect(hashToHex(result.hash)).toBe(expected[0]);
    },
  );
});

describe('PDQ behaviour', () => {
  it('reproduces pdqio.cpp: only pictures over 512 on a side are squeezed to exactly 512x512', () => {
    const small = syntheticPhoto(512, 300, 0);
    expect(resizeLikePdqCli(small)).toBe(small);
    const tall = resizeLikePdqCli(syntheticPhoto(300, 1030, 0));
    expect([tall.width, tall.height]).toEqual([512, 512]);
  });

  it('returns the empty hash with quality 0 below 5 pixels a side, as the reference', () => {
    const result = pdqHashes(syntheticPhoto(4, 40, 0));
    expect(result.quality).toBe(0);
    expect(hashToHex(result.hash)).toBe('0'.repeat(64));
  });

  it('flips every bit for an inverted picture, since the DCT changes sign and the median with it', () => {
    const image = syntheticPhoto(320, 240, 0);
    const inverted = { ...image, data: image.data.map((v) => 255 - v) };
    expect(pdqDistance(pdqHashes(image).hash, pdqHashes(inverted).hash)).toBeGreaterThanOrEqual(250);
  });

  it('measures distance between hex hashes', () => {
    const a = hashFromHex('f'.repeat(64), 32);
    const b = hashFromHex(`${'0'.repeat(62)}ff`, 32);
    expect(pdqDistance(a, b)).toBe(248);
  });
});
