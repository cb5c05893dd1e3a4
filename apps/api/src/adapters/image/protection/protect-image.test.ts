import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareHashes, hashImage, hashImageAtWorkingSize } from '../perceptual-hash/compare-images.js';
import { syntheticPhoto } from '../perceptual-hash/synthetic-images.js';
import { areaKept } from './geometry.js';
import { decodeForProtection, protectImage } from './protect-image.js';
import { levelRanges, planProtection } from './protection-plan.js';
import { seededRandom } from '../../../lib/seeded-random.js';
import { requiredEvasions } from './protect-until-unmatched.js';
import { maxImagePixels } from '../image-processor.js';
import { fittedSize, frameLayout } from './render-protected.js';

let photo: Buffer;
beforeAll(async () => {
  const { data, width, height } = syntheticPhoto(960, 720, 0);
  photo = await sharp(Buffer.from(data), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
});

describe('protectImage', () => {
  it.each(['light', 'standard', 'heavy'] as const)(
    'defeats the %s level’s required hashes in the stored copy',
    async (level) => {
      const result = await protectImage(await decodeForProtection(photo), level);
      for (const name of requiredEvasions[level]) expect(result.comparison[name].matches, name).toBe(false);
      // The report's verdict holds for the stored file measured independently, at full size.
      const fullSize = compareHashes(await hashImage(photo), await hashImage(result.image.data));
      expect(fullSize.pdq.matches).toBe(false);
      expect(result.image.format).toBe('jpeg');
      const meta = await sharp(result.image.data).metadata();
      expect([meta.width, meta.height]).toEqual([result.image.width, result.image.height]);
      // The picture keeps the original's size; heavy puts it on a larger canvas.
      const picture = { width: 960, height: 720 };
      const expected = result.plan.frame ? frameLayout(960, 720, result.plan.frame) : picture;
      expect(result.plan.frame !== null).toBe(level === 'heavy');
      expect([result.image.width, result.image.height]).toEqual([expected.width, expected.height]);
      expect(areaKept(960, 720, result.plan.geometry)).toBeGreaterThanOrEqual(levelRanges[level].minKept);
    },
  );

  it('keeps heavy’s framed copy of a 48 MP photo within the pixel limit every later step reads', async () => {
    const huge = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: { r: 120, g: 90, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    const result = await protectImage(await decodeForProtection(huge), 'heavy');
    expect(result.image.width * result.image.height).toBeLessThanOrEqual(maxImagePixels);
    const meta = await sharp(result.image.data, { limitInputPixels: maxImagePixels }).metadata();
    expect([meta.width, meta.height]).toEqual([result.image.width, result.image.height]);
  }, 60_000);

  it('makes a different copy every time: a new copy does not match the earlier ones under PDQ', async () => {
    // Two random copies made without knowing of each other differ almost always, not always (this
    // test once failed that way); the service passes the earlier copies' hashes, which makes it sure.
    const source = await decodeForProtection(photo);
    const first = await protectImage(source, 'standard');
    const second = await protectImage(source, 'standard', { earlierCopies: [first.hashes.pdq.hash] });
    expect(second.plan).not.toEqual(first.plan);
    const comparison = compareHashes(
      await hashImageAtWorkingSize(first.image.data),
      await hashImageAtWorkingSize(second.image.data),
    );
    expect(comparison.pdq.matches).toBe(false);
  });

  it('keeps a transparent picture transparent, also inside the heavy frame', async () => {
    // An opaque disc on a transparent square.
    const disc = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><circle cx="300" cy="300" r="200" fill="#3a7"/></svg>',
    );
    const png = await sharp(disc).png().toBuffer();
    const result = await protectImage(await decodeForProtection(png), 'heavy', { nextSeed: () => 7 });
    expect(result.image.format).toBe('png');
    const { data, info } = await sharp(result.image.data).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    // The frame's corner is opaque backdrop; the picture's own transparent corner, inside the frame, stays clear.
    expect(alphaAt(0, 0)).toBe(255);
    const pictureWidth = Math.round(info.width / (1 + 2 * result.plan.frame!.border));
    const layout = frameLayout(pictureWidth, pictureWidth, result.plan.frame!);
    expect(alphaAt(layout.left + 6, layout.top + 6)).toBe(0);
  });

  it('carries the mark it is given without changing the verdict rules', async () => {
    const plain = await protectImage(await decodeForProtection(photo), 'light', { nextSeed: () => 11 });
    const marked = await protectImage(await decodeForProtection(photo), 'light', {
      nextSeed: () => 11,
      watermarkText: '© creator',
    });
    // The mark moves the hashes a little, so the search may stop at another attempt; at whichever
    // attempt it stops, the plan is the one the seed and budget give, mark or not.
    const { working } = await decodeForProtection(photo);
    for (const result of [plain, marked])
      expect(result.plan).toEqual(
        planProtection('light', result.attempts - 1, seededRandom(11), undefined, working),
      );
    if (marked.attempts === plain.attempts) expect(marked.plan).toEqual(plain.plan);
    expect(marked.image.data.equals(plain.image.data)).toBe(false);
  });
});

describe('fittedSize', () => {
  it('leaves a picture that fits alone, and shrinks one whose frame would pass the limit', () => {
    expect(fittedSize(4000, 3000, 50_000_000)).toEqual({ width: 4000, height: 3000 });
    const grow = (width: number, height: number) => ({ width: width + 1000, height: height + 1000 });
    const fitted = fittedSize(8000, 6000, 50_000_000, grow);
    const grown = grow(fitted.width, fitted.height);
    expect(grown.width * grown.height).toBeLessThanOrEqual(50_000_000);
    expect(grown.width * grown.height).toBeGreaterThan(49_000_000);
    expect(fitted.width / fitted.height).toBeCloseTo(8000 / 6000, 2);
    // A growth no picture can fit under ends at 1×1 instead of looping.
    expect(fittedSize(10, 10, 100, () => ({ width: 20, height: 20 }))).toEqual({ width: 1, height: 1 });
  });
});
