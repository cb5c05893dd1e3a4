import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { cropAt, jpegAt, platformReencode, rescale } from './copy-transforms.js';
import { embedForensicMark, markIdBits, readForensicMark } from './forensic-mark.js';
import { decodePayload, encodePayload } from './mark-payload.js';
import { psnr, testPicture } from './test-pictures.js';

const width = 1800;
const height = 1200;

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

  it('finds nothing in unmarked pictures', async () => {
    for (const seed of [4, 5, 6]) {
      const picture = await testPicture(1400, 1000, seed);
      expect(await readForensicMark(picture)).toBeNull();
      expect(await readForensicMark(await cropAt(picture, 0.7, 0.9, 0.2, 0.4))).toBeNull();
    }
    expect(await readForensicMark(await testPicture(1400, 1000, 7, { flat: true }))).toBeNull();
  });

  it('holds the mark in a mostly flat picture as long as it is not re-compressed hard', async () => {
    const marked = await embedForensicMark(
      { data: await testPicture(width, height, 8, { flat: true }), format: 'jpeg' },
      77,
    );
    expect((await readForensicMark(marked.data))?.markId).toBe(77);
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
});
