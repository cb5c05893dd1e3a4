import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { syntheticPhoto } from '../perceptual-hash/synthetic-images.js';
import {
  affineMatrix,
  applyGeometry,
  clampRegion,
  cropRegion,
  type GeometryPlan,
  type RawImage,
} from './geometry.js';

// Softened, so that a sub-pixel change of resampling phase barely shows while a whole-pixel shift does.
const photo = syntheticPhoto(800, 600, 2);
const source: RawImage = {
  data: await sharp(Buffer.from(photo.data), { raw: { width: 800, height: 600, channels: 3 } })
    .blur(2)
    .raw()
    .toBuffer(),
  width: 800,
  height: 600,
  channels: 3,
};

const plans: GeometryPlan[] = [
  {
    angleDegrees: 2.1,
    shear: 0.015,
    scaleX: 1.02,
    scaleY: 1,
    crop: { left: 0.05, right: 0.0125, top: 0.02, bottom: 0.06 },
  },
  {
    angleDegrees: -6.2,
    shear: -0.03,
    scaleX: 0.95,
    scaleY: 1,
    crop: { left: 0.02, right: 0.1, top: 0.11, bottom: 0.03 },
  },
];

/** The straightforward way: transform the whole picture, then cut the region out of the result. */
async function wholeTransformThenCrop(plan: GeometryPlan): Promise<RawImage> {
  const { data, info } = await sharp(source.data, { raw: { width: 800, height: 600, channels: 3 } })
    .affine(affineMatrix(plan), { background: '#000000', interpolator: sharp.interpolators.bilinear })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const region = clampRegion(cropRegion(800, 600, plan), info);
  const cut = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .extract(region)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: cut.data, width: cut.info.width, height: cut.info.height, channels: 3 };
}

/** Mean absolute difference per channel value, comparing `a` moved `shift` pixels right against `b`. */
function meanDifference(a: RawImage, b: RawImage, shift: number): number {
  let total = 0;
  let count = 0;
  for (let y = 0; y < a.height; y += 1) {
    for (let x = shift; x < a.width; x += 1) {
      for (let c = 0; c < 3; c += 1) {
        total += Math.abs(a.data[(y * a.width + x - shift) * 3 + c]! - b.data[(y * b.width + x) * 3 + c]!);
        count += 1;
      }
    }
  }
  return total / count;
}

describe('applyGeometry', () => {
  it.each(plans)(
    'cuts the source first and still gives the whole-transform crop (angle $angleDegrees°)',
    async (plan) => {
      const [fast, reference] = await Promise.all([
        applyGeometry(source, plan),
        wholeTransformThenCrop(plan),
      ]);
      expect([fast.width, fast.height]).toEqual([reference.width, reference.height]);
      // Only the resampling phase may differ (the cut source moves the pixel grid by under a pixel),
      // never the content's place: the difference stays well below what a two-pixel shift makes.
      expect(meanDifference(fast, reference, 0)).toBeLessThan(meanDifference(reference, reference, 2) * 0.6);
    },
  );

  it('leaves no background from the rotation inside the result', async () => {
    const bright: RawImage = { data: Buffer.alloc(800 * 600 * 3, 200), width: 800, height: 600, channels: 3 };
    for (const plan of plans) {
      const result = await applyGeometry(bright, plan);
      expect(result.data.reduce((lowest, value) => Math.min(lowest, value), 255)).toBeGreaterThan(190);
    }
  });
});
