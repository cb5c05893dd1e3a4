import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { cropAt, jpegAt, mirror, platformReencode, rescale, rotate } from './copy-transforms.js';
import { embedForensicMark, markIdBits, readForensicMark } from './forensic-mark.js';
import { decodePayload, encodePayload } from './mark-payload.js';
import { bitEvidenceThreshold, payloadEvidence } from './mark-read.js';
import { seededRandom } from '../../../lib/seeded-random.js';
import { psnr, testPicture } from './test-pictures.js';

const width = 1800;
const height = 1200;

/**
 * An unmarked picture is the slowest read: every shortlisted geometry of both sides is climbed
 * before the payload tries are chosen (mark-read.ts), about 1 s each where a mark reads in 0.2 s.
 */
const unmarkedReadsTimeoutMs = 120_000;

describe('forensic mark', () => {
  it('reads back every id from the marked copy, invisibly (PSNR ≥ 38 dB), jpeg stays jpeg', async () => {
    const original = await testPicture(width, height, 1);
    for (const markId of [0, 1, 0x5a5a_1234_beef, 2 ** markIdBits - 1]) {
      const marked = await embedForensicMark({ data: original, format: 'jpeg' }, markId);
      expect(marked.format).toBe('jpeg');
      expect((await sharp(marked.data).metadata()).format).toBe('jpeg');
      expect(await psnr(original, marked.data)).toBeGreaterThanOrEqual(38);
      const reading = await readForensicMark(marked.data);
      expect(reading?.markId).toBe(markId);
      expect(reading!.confidence).toBeGreaterThan(0.9);
    }
  });

  it('survives the platform re-encode, JPEG q70, a 50% resize and a crop at an offset', async () => {
    const markId = 123_456_789_012;
    const marked = (
      await embedForensicMark({ data: await testPicture(width, height, 2), format: 'jpeg' }, markId)
    ).data;
    const found = {
      platform: await platformReencode(marked),
      jpeg70: await jpegAt(marked, 70),
      half: await rescale(marked, 0.5),
      crop: await jpegAt(await cropAt(marked, 0.78, 0.78, 0.37, 0.81), 85),
    };
    for (const [name, copy] of Object.entries(found))
      expect((await readForensicMark(copy))?.markId, name).toBe(markId);
  });

  it('reads a small picture (320×240) after JPEG q50, WebP q75 and an uneven 15% crop', async () => {
    // Spread over the whole mark area its chips were 1.25 pixels wide, and JPEG q50 or WebP wiped them out.
    for (const seed of [1, 2, 3]) {
      const markId = 5000 + seed;
      const marked = (
        await embedForensicMark({ data: await testPicture(320, 240, seed), format: 'jpeg' }, markId)
      ).data;
      const found = {
        'JPEG q50': await jpegAt(marked, 50),
        'WebP q75': await sharp(marked).webp({ quality: 75 }).toBuffer(),
        'crop 15%': await jpegAt(await cropAt(marked, 0.85, 0.85, 0.7, 0.2), 90),
      };
      for (const [name, copy] of Object.entries(found))
        expect((await readForensicMark(copy))?.markId, `seed ${seed}, ${name}`).toBe(markId);
    }
  });

  it('keeps png as png, alpha included', async () => {
    const original = await sharp(await testPicture(900, 700, 3, { format: 'png' }))
      .ensureAlpha(0.8)
      .png()
      .toBuffer();
    const marked = await embedForensicMark({ data: original, format: 'png' }, 42);
    const metadata = await sharp(marked.data).metadata();
    expect([marked.format, metadata.format, metadata.hasAlpha]).toEqual(['png', 'png', true]);
    expect((await readForensicMark(marked.data))?.markId).toBe(42);
  });

  it('finds nothing in unmarked pictures', { timeout: unmarkedReadsTimeoutMs }, async () => {
    for (const seed of [4, 5]) {
      const picture = await testPicture(1100, 800, seed);
      expect(await readForensicMark(picture)).toBeNull();
      expect(await readForensicMark(await cropAt(picture, 0.7, 0.9, 0.2, 0.4))).toBeNull();
    }
    expect(await readForensicMark(await testPicture(1100, 800, 7, { flat: true }))).toBeNull();
  });

  it('holds the mark in a mostly flat picture, also after the platform re-encode', async () => {
    const flat = await testPicture(width, height, 8, { flat: true });
    const marked = await embedForensicMark({ data: flat, format: 'jpeg' }, 77);
    expect(await psnr(flat, marked.data)).toBeGreaterThanOrEqual(38);
    expect((await readForensicMark(marked.data))?.markId).toBe(77);
    expect((await readForensicMark(await platformReencode(marked.data)))?.markId).toBe(77);
  });

  it('rejects a payload whose checksum does not match', () => {
    const bits = encodePayload(987_654_321);
    expect(decodePayload(bits)).toBe(987_654_321);
    for (const flipped of [0, 20, 47, 50, 63]) {
      const damaged = Uint8Array.from(bits);
      damaged[flipped]! ^= 1;
      expect(decodePayload(damaged)).toBeNull();
    }
    const otherId = encodePayload(987_654_322);
    const mixed = Uint8Array.from(bits.slice(0, 48)).join('') + Array.from(otherId.slice(48)).join('');
    expect(decodePayload(Array.from(mixed, Number))).toBeNull();
    expect(() => encodePayload(2 ** markIdBits)).toThrow(RangeError);
    expect(() => encodePayload(-1)).toThrow(RangeError);
    expect(() => encodePayload(1.5)).toThrow(RangeError);
  });

  it('survives a slight rotation either way, WebP q75 and uneven crops of 5–15%', async () => {
    const markId = 0x1234_5678_9abc;
    const marked = (
      await embedForensicMark({ data: await testPicture(1200, 800, 9), format: 'jpeg' }, markId)
    ).data;
    const found = {
      'rotate 1°': await rotate(marked, 1),
      'rotate −1.5°': await rotate(marked, -1.5),
      'webp q75': await sharp(marked).webp({ quality: 75 }).toBuffer(),
      'crop 5%': await jpegAt(await cropAt(marked, 0.95, 0.95, 0.1, 0.8), 85),
      'crop 15%': await jpegAt(await cropAt(marked, 0.85, 0.85, 0.8, 0.25), 85),
      'rotate 1° then JPEG q70': await jpegAt(await rotate(marked, 1), 70),
    };
    for (const [name, copy] of Object.entries(found))
      expect((await readForensicMark(copy))?.markId, name).toBe(markId);
  });

  it('reads a mirrored copy, also turned, cropped and re-encoded', async () => {
    const markId = 0x0bad_cafe_f00d;
    const marked = (
      await embedForensicMark({ data: await testPicture(1500, 1000, 15), format: 'jpeg' }, markId)
    ).data;
    const found = {
      mirrored: await mirror(marked),
      'mirrored, turned 1° and JPEG q70': await jpegAt(await rotate(await mirror(marked), 1), 70),
      'mirrored and cropped 10%': await jpegAt(await cropAt(await mirror(marked), 0.9, 0.9, 0.7, 0.2), 85),
    };
    for (const [name, copy] of Object.entries(found))
      expect((await readForensicMark(copy))?.markId, name).toBe(markId);
  });

  it('answers "no mark" for input it cannot read or that is too small to hold one', async () => {
    const tinyPng = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const small = await testPicture(40, 30, 11);
    const marked = (await embedForensicMark({ data: await testPicture(600, 400, 12), format: 'jpeg' }, 5))
      .data;
    for (const input of [
      Buffer.alloc(0),
      Buffer.from('not a picture at all'),
      tinyPng,
      small,
      marked.subarray(0, 200),
    ])
      expect(await readForensicMark(input)).toBeNull();
  });

  it(
    'reads no id from unmarked pictures turned, cropped or re-encoded',
    { timeout: unmarkedReadsTimeoutMs },
    async () => {
      for (const seed of [13, 14]) {
        const picture = await testPicture(900, 600, seed);
        for (const copy of [
          await rotate(picture, 1),
          await sharp(picture).webp({ quality: 75 }).toBuffer(),
          await jpegAt(await cropAt(picture, 0.9, 0.85, 0.3, 0.6), 70),
        ])
          expect(await readForensicMark(copy)).toBeNull();
      }
    },
  );

  it('weighs the codeword: noise reads about 91 of evidence, under the threshold a mark must pass', () => {
    const random = seededRandom(21);
    const sums: number[] = [];
    for (let trial = 0; trial < 200; trial += 1) {
      const tile = Float64Array.from({ length: 64 * 64 }, () => random() - 0.5);
      sums.push(payloadEvidence({ tile, offsetX: trial % 64, offsetY: 7 }).evidence);
    }
    const mean = sums.reduce((a, b) => a + b, 0) / sums.length;
    expect(mean).toBeGreaterThan(84);
    expect(mean).toBeLessThan(98);
    expect(Math.max(...sums)).toBeLessThan(bitEvidenceThreshold);
  });
});
