import type { ColourPlan } from './protection-plan.js';

export type Matrix3 = [[number, number, number], [number, number, number], [number, number, number]];

// Rec. 709 luma weights, as the CSS filter effects use them: grey stays grey under both matrices.
const lr = 0.213;
const lg = 0.715;
const lb = 0.072;

function multiply(a: Matrix3, b: Matrix3): Matrix3 {
  const row = (i: number): [number, number, number] =>
    [0, 1, 2].map((j) => a[i]![0] * b[0]![j]! + a[i]![1] * b[1]![j]! + a[i]![2] * b[2]![j]!) as [
      number,
      number,
      number,
    ];
  return [row(0), row(1), row(2)];
}

function saturationMatrix(s: number): Matrix3 {
  return [
    [lr + (1 - lr) * s, lg - lg * s, lb - lb * s],
    [lr - lr * s, lg + (1 - lg) * s, lb - lb * s],
    [lr - lr * s, lg - lg * s, lb + (1 - lb) * s],
  ];
}

function hueRotationMatrix(degrees: number): Matrix3 {
  const c = Math.cos((degrees * Math.PI) / 180);
  const s = Math.sin((degrees * Math.PI) / 180);
  return [
    [lr + c * (1 - lr) - s * lr, lg - c * lg - s * lg, lb - c * lb + s * (1 - lb)],
    [lr - c * lr + s * 0.143, lg + c * (1 - lg) + s * 0.14, lb - c * lb - s * 0.283],
    [lr - c * lr - s * (1 - lr), lg - c * lg + s * lg, lb + c * (1 - lb) + s * lb],
  ];
}

export interface ColourTransform {
  /** Hue and saturation (and the balance), or null when neither moves: the per-channel step alone is much cheaper. */
  matrix: Matrix3 | null;
  multiply: [number, number, number];
  add: [number, number, number];
}

/**
 * The colour shift as sharp applies it: an optional 3×3 matrix, then `linear` per channel
 * (brightness, balance and contrast around mid-grey). sharp's `modulate` does hue and saturation
 * through the LCh colour space, which cost about a second per 12 MP; a matrix in RGB costs a
 * tenth of that.
 */
export function colourTransform(colour: ColourPlan): ColourTransform {
  const add = 128 * (1 - colour.contrast);
  const balance = colour.balance;
  if (colour.saturation === 1 && colour.hueDegrees === 0) {
    return {
      matrix: null,
      multiply: balance.map((gain) => gain * colour.brightness * colour.contrast) as [number, number, number],
      add: [add, add, add],
    };
  }
  const tint = multiply(hueRotationMatrix(colour.hueDegrees), saturationMatrix(colour.saturation));
  const matrix = tint.map((row, i) => row.map((value) => value * balance[i]! * colour.brightness)) as Matrix3;
  return { matrix, multiply: [colour.contrast, colour.contrast, colour.contrast], add: [add, add, add] };
}
