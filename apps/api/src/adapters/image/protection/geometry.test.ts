import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ProtectionLevel } from '@app/shared/media';
import { syntheticPhoto } from '../perceptual-hash/synthetic-images.js';
import { seededRandom } from '../../../lib/seeded-random.js';
import { applyGeometry, areaKept, outputMapping, type GeometryPlan, type RawImage } from './geometry.js';
import { levelRanges, planProtection } from './protection-plan.js';

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
    crop: { left: 0.01, right: 0.0025, top: 0.004, bottom: 0.012 },
  },
  {
    angleDegrees: -6.2,
    shear: -0.03,
    scaleX: 0.95,
    scaleY: 1,
    crop: { left: 0.004, right: 0.02, top: 0.02, bottom: 0.006 },
  },
];

/** A picture whose every pixel says where it came from: red grows with x, green with y. */
function gradient(width: number, height: number): RawImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      data[i] = 20 + Math.floor((x * 200) / width);
      data[i + 1] = 20 + Math.floor((y * 200) / height);
      data[i + 2] = 128;
    }
  }
  return { data, width, height, channels: 3 };
}

/** A creator's 6028×3391 photo at a tenth, a 4:3 landscape, a 2:3 portrait and a square. */
const sizes = [
  { width: 603, height: 339 },
  { width: 800, height: 600 },
  { width: 400, height: 600 },
  { width: 500, height: 500 },
];
const levels: ProtectionLevel[] = ['light', 'standard', 'heavy'];

describe('applyGeometry', () => {
  it.each(plans)('gives a picture of the original’s size (angle $angleDegrees°)', async (plan) => {
    const result = await applyGeometry(source, plan);
    expect([result.width, result.height]).toEqual([800, 600]);
  });

  it.each(plans)(
    'puts every output pixel where the plan’s mapping says it comes from (angle $angleDegrees°)',
    async (plan) => {
      const image = gradient(603, 339);
      const result = await applyGeometry(image, plan);
      const { matrix, tx, ty } = outputMapping(603, 339, plan);
      const [a, b, c, d] = matrix;
      const det = a * d - b * c;
      for (const [x, y] of [
        [100, 100],
        [300, 170],
        [500, 250],
        [60, 290],
      ] as const) {
        const [u, v] = [x - tx, y - ty];
        const [sx, sy] = [(d * u - b * v) / det, (a * v - c * u) / det];
        const i = (y * 603 + x) * 3;
        // One level of the gradient is three source pixels across and under two down: within two levels is within a few pixels.
        expect(Math.abs(result.data[i]! - (20 + (sx * 200) / 603))).toBeLessThan(2);
        expect(Math.abs(result.data[i + 1]! - (20 + (sy * 200) / 339))).toBeLessThan(2);
      }
    },
  );

  it('fills the tilt’s corners with the picture’s own edge, never a fill colour', async () => {
    const bright: RawImage = { data: Buffer.alloc(800 * 600 * 3, 200), width: 800, height: 600, channels: 3 };
    for (const plan of plans) {
      const result = await applyGeometry(bright, plan);
      expect(result.data.reduce((lowest, value) => Math.min(lowest, value), 255)).toBeGreaterThan(190);
      // On a picture with content, the corner pixels are that content (the gradient starts at 20).
      const textured = await applyGeometry(gradient(800, 600), plan);
      for (const [x, y] of [
        [0, 0],
        [799, 0],
        [0, 599],
        [799, 599],
      ] as const) {
        const i = (y * 800 + x) * 3;
        expect(textured.data[i + 2]).toBe(128);
        expect(Math.min(textured.data[i]!, textured.data[i + 1]!)).toBeGreaterThanOrEqual(19);
      }
    }
  });
});

describe('areaKept', () => {
  it('is the whole picture without an edit, and loses about what a tilt pushes out', () => {
    const none: GeometryPlan = {
      angleDegrees: 0,
      shear: 0,
      scaleX: 1,
      scaleY: 1,
      crop: { left: 0, right: 0, top: 0, bottom: 0 },
    };
    expect(areaKept(603, 339, none)).toBeCloseTo(1, 6);
    // A 10 % crop on one side keeps 90 %.
    expect(areaKept(603, 339, { ...none, crop: { ...none.crop, left: 0.1 } })).toBeCloseTo(0.9, 6);
    // A tilt by θ about the centre pushes out θ·(w² + h²)/(4·w·h) of the picture.
    const theta = (3 * Math.PI) / 180;
    const expected = 1 - (theta * (603 ** 2 + 339 ** 2)) / (4 * 603 * 339);
    expect(areaKept(603, 339, { ...none, angleDegrees: 3 })).toBeCloseTo(expected, 2);
  });

  it.each(levels)('stays at or above the %s level’s minimum on every shape, also on retries', (level) => {
    for (const size of sizes) {
      for (let seed = 1; seed <= 25; seed += 1) {
        for (let budget = 0; budget < 4; budget += 1) {
          const plan = planProtection(level, budget, seededRandom(seed), undefined, size);
          expect(areaKept(size.width, size.height, plan.geometry)).toBeGreaterThanOrEqual(
            levelRanges[level].minKept,
          );
        }
      }
    }
  });
});
