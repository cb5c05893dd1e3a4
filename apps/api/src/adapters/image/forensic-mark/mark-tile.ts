/**
 * The repeating tile of the mark. It lives in "mark units": the picture scaled so its area is
 * `markArea` (about 512×384), whatever its size, so a resized copy carries the same pattern (a
 * small picture spans fewer units: `markUnitsPerPixel`).
 * A tile is 32×32 chips of 2×2 units (64×64 units). A key-seeded shuffle gives 324 chips to the
 * pilot (a fixed ±1 pattern the reader aligns on) and 5 chips to each of the payload's 140 coded
 * bits (mark-code.ts); every chip has a key-seeded sign. Between chip centres the pattern is interpolated bilinearly,
 * so it has no sharp edges for JPEG to cut or a resize to alias.
 */
import { seededRandom } from '../../../lib/seeded-random.js';
import { codedBits } from './mark-code.js';

export const markArea = 512 * 384;
/**
 * Units per pixel at most (a chip at least 2.5 pixels wide), and the smallest scale a small picture's
 * tile may then have as the reader sees it (which brings every picture to the mark's area): 0.72,
 * so that a 15% crop still leaves it inside the reader's search (0.6). Spread over the whole mark
 * area, a chip of a 384×303 picture would be 1.5 pixels wide and one of a 320×240 picture 1.25:
 * JPEG q50 or a 50% resize then wipes it out (docs/decisions/060-small-pictures-mark-strength.md).
 */
export const maxUnitsPerPixel = 0.8;
export const smallestTileScale = 0.72;

/** Mark units per pixel of a picture of this size, as the embedder lays the tile. */
export function markUnitsPerPixel(width: number, height: number): number {
  const spanningMarkArea = Math.sqrt(markArea / (width * height));
  return Math.min(spanningMarkArea, Math.max(maxUnitsPerPixel, smallestTileScale * spanningMarkArea));
}
export const tileChips = 32;
export const chipUnits = 2;
export const tileUnits = tileChips * chipUnits;
const chipCount = tileChips * tileChips;
export const chipsPerBit = 5;
export const pilotChipCount = chipCount - chipsPerBit * codedBits;
const layoutSeed = 0x2f0e51c7;

/** Per chip: -1 for a pilot chip, otherwise the coded bit it carries; and its ±1 key sign. */
export const chipLayout = (() => {
  const random = seededRandom(layoutSeed);
  const order = Array.from({ length: chipCount }, (_, i) => i);
  for (let i = chipCount - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const bit = new Int16Array(chipCount);
  const sign = new Int8Array(chipCount);
  order.forEach((chip, rank) => {
    bit[chip] = rank < pilotChipCount ? -1 : (rank - pilotChipCount) % codedBits;
  });
  for (let chip = 0; chip < chipCount; chip += 1) sign[chip] = random() < 0.5 ? -1 : 1;
  return { bit, sign };
})();

/** ±1 per chip for the coded bits of a payload; null leaves the payload chips at 0 (the reader's template). */
export function chipValues(coded: ArrayLike<number> | null): Float32Array {
  const values = new Float32Array(chipCount);
  for (let chip = 0; chip < chipCount; chip += 1) {
    const bit = chipLayout.bit[chip]!;
    const sign = chipLayout.sign[chip]!;
    if (bit < 0) values[chip] = sign;
    else if (coded) values[chip] = coded[bit] ? sign : -sign;
  }
  return values;
}

export interface AxisSampling {
  /** First chip index (0..31) and the bilinear weight of the next one, per pixel along an axis. */
  chip: Int32Array;
  weight: Float32Array;
}

/**
 * Where each of `count` pixels falls in the tile along one axis, when pixel p's centre sits at
 * (p + 0.5) × unitsPerPixel mark units. Chip k's centre is at unit 2k + 1.
 */
export function axisSampling(count: number, unitsPerPixel: number): AxisSampling {
  const chip = new Int32Array(count);
  const weight = new Float32Array(count);
  for (let p = 0; p < count; p += 1) {
    const position = ((p + 0.5) * unitsPerPixel) / chipUnits - 0.5;
    const first = Math.floor(position);
    chip[p] = ((first % tileChips) + tileChips) % tileChips;
    weight[p] = position - first;
  }
  return { chip, weight };
}

/** The pattern (about ±1) at one pixel, from the two axes' sampling. */
export function sampleChips(
  values: Float32Array,
  x: AxisSampling,
  y: AxisSampling,
  px: number,
  py: number,
): number {
  const x0 = x.chip[px]!;
  const x1 = (x0 + 1) % tileChips;
  const wx = x.weight[px]!;
  const row0 = y.chip[py]! * tileChips;
  const row1 = ((y.chip[py]! + 1) % tileChips) * tileChips;
  const wy = y.weight[py]!;
  const top = values[row0 + x0]! + wx * (values[row0 + x1]! - values[row0 + x0]!);
  const bottom = values[row1 + x0]! + wx * (values[row1 + x1]! - values[row1 + x0]!);
  return top + wy * (bottom - top);
}

/** The tile rendered at one sample per mark unit (64×64), as the reader folds a picture into. */
export function renderTile(values: Float32Array): Float64Array {
  const axis = axisSampling(tileUnits, 1);
  const tile = new Float64Array(tileUnits * tileUnits);
  for (let v = 0; v < tileUnits; v += 1)
    for (let u = 0; u < tileUnits; u += 1) tile[v * tileUnits + u] = sampleChips(values, axis, axis, u, v);
  return tile;
}
