import { describe, expect, it } from 'vitest';
import { colourTransform, type ColourTransform } from './colour-matrix.js';
import type { ColourPlan } from './protection-plan.js';

/** What sharp does with the transform: the matrix (if any), then `linear` per channel. */
function apply({ matrix, multiply, add }: ColourTransform, rgb: [number, number, number]): number[] {
  const mixed = matrix ? matrix.map((row) => row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]) : rgb;
  return mixed.map((value, i) => value * multiply[i]! + add[i]!);
}
const neutral: ColourPlan = { brightness: 1, saturation: 1, hueDegrees: 0, contrast: 1, balance: [1, 1, 1] };

describe('colourTransform', () => {
  it('is the identity for a neutral plan, without a matrix', () => {
    const transform = colourTransform(neutral);
    expect(transform.matrix).toBeNull();
    expect(apply(transform, [200, 100, 30])).toEqual([200, 100, 30]);
  });

  it('uses the per-channel step alone for brightness, balance and contrast', () => {
    const transform = colourTransform({
      ...neutral,
      brightness: 1.05,
      balance: [1.01, 1, 0.98],
      contrast: 1.02,
    });
    expect(transform.matrix).toBeNull();
    const [r, g, b] = apply(transform, [100, 100, 100]);
    expect(r).toBeCloseTo((100 * 1.01 * 1.05 - 128) * 1.02 + 128, 6);
    expect(g).toBeCloseTo((100 * 1.05 - 128) * 1.02 + 128, 6);
    expect(b).toBeLessThan(g!);
  });

  it('keeps greys grey under hue and saturation shifts, and scales them by the brightness', () => {
    const transform = colourTransform({ ...neutral, hueDegrees: 9, saturation: 0.9, brightness: 1.05 });
    expect(transform.matrix).not.toBeNull();
    for (const value of apply(transform, [120, 120, 120])) expect(value).toBeCloseTo(126, 0);
  });

  it('moves colours when the hue turns, and desaturates toward their luma', () => {
    const red: [number, number, number] = [220, 40, 40];
    const turned = apply(colourTransform({ ...neutral, hueDegrees: 12 }), red);
    expect(turned[0]).toBeLessThan(220);
    expect(Math.abs(turned[2]! - 40) + Math.abs(turned[1]! - 40)).toBeGreaterThan(10);
    const grey = apply(colourTransform({ ...neutral, saturation: 0 }), red);
    expect(Math.max(...grey) - Math.min(...grey)).toBeLessThan(1e-9);
  });

  it('turns contrast around mid-grey', () => {
    const transform = colourTransform({ ...neutral, contrast: 1.1, hueDegrees: 5 });
    expect(apply(transform, [128, 128, 128])[0]).toBeCloseTo(128, 0);
    expect(apply(transform, [200, 200, 200])[0]).toBeGreaterThan(200);
  });
});
