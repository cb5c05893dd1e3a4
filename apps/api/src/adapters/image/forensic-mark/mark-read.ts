/**
 * Finds and reads the mark in a picture of unknown history. The picture is brought to the mark's
 * area (mark-tile.ts), so a plain resize leaves the pattern where it was; a crop or added border
 * changes that area, so the reader tries a range of scales around it. At each scale it folds the
 * picture's fine detail onto one 64×64 tile (summing every repeat, wherever the crop began) and
 * correlates the fold with the pilot pattern: the best peak gives the scale and the tile's offset.
 * The payload chips are then read at that offset and the checksum decides.
 */
import sharp from 'sharp';
import { maxImagePixels } from '../image-processor.js';
import { conjugateTransform, correlate } from './fft2d.js';
import { highPass, localActivity } from './grey-filters.js';
import { decodePayload, payloadBits } from './mark-payload.js';
import {
  chipLayout,
  chipValues,
  chipsPerBit,
  markArea,
  renderTile,
  tileChips,
  tileUnits,
} from './mark-tile.js';

/** Scales tried: a crop keeping 50% of the area is at √0.5 ≈ 0.71; a 10% border added, near 1.1. */
export const scaleSearch = { min: 0.7, max: 1.12, step: 1.002 };
/** Sync peaks (distinct scales) whose payload is tried before giving up. */
const candidatesTried = 3;

export interface MarkGrid {
  detail: Float32Array;
  width: number;
  height: number;
  /** Mark units per grid pixel along each axis, were the picture neither cropped nor padded. */
  unitsX: number;
  unitsY: number;
}

export interface MarkReading {
  markId: number;
  confidence: number;
}

/** The picture in grey at about the mark's area, as its normalised fine detail. */
export async function loadMarkGrid(encoded: Buffer): Promise<MarkGrid> {
  const metadata = await sharp(encoded, { limitInputPixels: maxImagePixels }).metadata();
  const fullWidth = metadata.autoOrient.width;
  const fullHeight = metadata.autoOrient.height;
  const unitsPerPixel = Math.sqrt(markArea / (fullWidth * fullHeight));
  const width = Math.max(16, Math.round(fullWidth * unitsPerPixel));
  const height = Math.max(16, Math.round(fullHeight * unitsPerPixel));
  const { data, info } = await sharp(encoded, { limitInputPixels: maxImagePixels })
    .autoOrient()
    .flatten({ background: '#808080' })
    .greyscale()
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = new Float32Array(width * height);
  for (let i = 0; i < grey.length; i += 1) grey[i] = data[i * info.channels]!;
  const detail = highPass(grey, width, height);
  // Strong edges would outvote the faint pattern: weigh detail by how busy its neighbourhood is.
  const activity = localActivity(detail, width, height, 3);
  for (let i = 0; i < detail.length; i += 1)
    detail[i] = Math.max(-3, Math.min(3, detail[i]! / (activity[i]! + 1)));
  return {
    detail,
    width,
    height,
    unitsX: (unitsPerPixel * fullWidth) / width,
    unitsY: (unitsPerPixel * fullHeight) / height,
  };
}

const tileBins = tileUnits * tileUnits;
const pilotTransform = conjugateTransform(renderTile(chipValues(null)), tileUnits);

function tileIndices(count: number, unitsPerPixel: number): Int32Array {
  const indices = new Int32Array(count);
  for (let p = 0; p < count; p += 1) {
    const unit = Math.floor((p + 0.5 - count / 2) * unitsPerPixel);
    indices[p] = ((unit % tileUnits) + tileUnits) % tileUnits;
  }
  return indices;
}

/** Sums the detail of every tile repeat into one tile, at `scale` times the nominal size. */
export function fold(grid: MarkGrid, scale: number): Float64Array {
  const tile = new Float64Array(tileBins);
  const columns = tileIndices(grid.width, grid.unitsX * scale);
  const rows = tileIndices(grid.height, grid.unitsY * scale);
  const { detail, width, height } = grid;
  for (let y = 0; y < height; y += 1) {
    const base = rows[y]! * tileUnits;
    const start = y * width;
    for (let x = 0; x < width; x += 1)
      tile[base + columns[x]!] = tile[base + columns[x]!]! + detail[start + x]!;
  }
  return tile;
}

interface SyncPeak {
  scale: number;
  score: number;
  offsetX: number;
  offsetY: number;
  tile: Float64Array;
}

/** The pilot's best alignment in a folded tile, with its height in standard deviations. */
function syncPeak(tile: Float64Array, scale: number): SyncPeak {
  const surface = correlate(tile, pilotTransform.re, pilotTransform.im, tileUnits);
  let best = 0;
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < tileBins; i += 1) {
    const value = surface[i]!;
    sum += value;
    squares += value * value;
    if (value > surface[best]!) best = i;
  }
  const mean = sum / tileBins;
  const spread = Math.sqrt(Math.max(1e-12, squares / tileBins - mean * mean));
  return {
    scale,
    score: (surface[best]! - mean) / spread,
    offsetX: best % tileUnits,
    offsetY: Math.floor(best / tileUnits),
    tile,
  };
}

/** Standard normal upper tail (Abramowitz & Stegun 7.1.26, error below 1.5e-7). */
function upperTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erfc = poly * Math.exp(-x * x);
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/** Reads the payload chips at a sync peak; the id when the checksum holds. */
function readPayload(peak: SyncPeak): MarkReading | null {
  const chipSoft = new Float64Array(tileChips * tileChips);
  for (let j = 0; j < tileChips; j += 1) {
    for (let i = 0; i < tileChips; i += 1) {
      let sum = 0;
      for (let dy = 0; dy < 2; dy += 1) {
        const row = ((2 * j + dy + peak.offsetY) % tileUnits) * tileUnits;
        for (let dx = 0; dx < 2; dx += 1) sum += peak.tile[row + ((2 * i + dx + peak.offsetX) % tileUnits)]!;
      }
      chipSoft[j * tileChips + i] = sum * chipLayout.sign[j * tileChips + i]!;
    }
  }
  const bitSoft = new Float64Array(payloadBits);
  chipLayout.bit.forEach((bit, chip) => {
    if (bit >= 0) bitSoft[bit] = bitSoft[bit]! + chipSoft[chip]!;
  });
  const markId = decodePayload(Array.from(bitSoft, (soft) => (soft > 0 ? 1 : 0)));
  if (markId === null) return null;
  // Confidence: the chance that every bit was read right, from the chips' spread around their bit.
  let squares = 0;
  chipLayout.bit.forEach((bit, chip) => {
    if (bit >= 0) squares += (chipSoft[chip]! - bitSoft[bit]! / chipsPerBit) ** 2;
  });
  const chipSpread = Math.sqrt(squares / (payloadBits * (chipsPerBit - 1)));
  let confidence = 1;
  for (const soft of bitSoft)
    confidence *= 1 - upperTail(Math.abs(soft) / (chipSpread * Math.sqrt(chipsPerBit)));
  return { markId, confidence };
}

export function findMark(grid: MarkGrid): MarkReading | null {
  const peaks: SyncPeak[] = [];
  for (let scale = scaleSearch.min; scale <= scaleSearch.max; scale *= scaleSearch.step)
    peaks.push(syncPeak(fold(grid, scale), scale));
  peaks.sort((a, b) => b.score - a.score);
  const tried: SyncPeak[] = [];
  for (const peak of peaks) {
    if (tried.length >= candidatesTried) break;
    if (tried.some((other) => Math.abs(Math.log(other.scale / peak.scale)) < 0.01)) continue;
    tried.push(peak);
    let best = peak;
    for (const nudge of [-0.0006, -0.0003, 0.0003, 0.0006]) {
      const refined = syncPeak(fold(grid, peak.scale * (1 + nudge)), peak.scale * (1 + nudge));
      if (refined.score > best.score) best = refined;
    }
    const reading = readPayload(best);
    if (reading) return reading;
  }
  return null;
}
