/**
 * Finds and reads the mark in a picture of unknown history. The picture is brought to the mark's
 * area (mark-tile.ts), so a plain resize leaves the pattern where it was; a crop, an added border
 * or a slight turn changes its scale and angle. The repeated tile shows in the picture's spectrum
 * as a lattice of peaks, which gives the likeliest scales and angles at once; at each, the
 * picture's fine detail is folded onto one 64×64 tile (summing every repeat, wherever the crop
 * began) and correlated with the pilot pattern, whose peak gives the tile's offset. The payload
 * chips are then read there and decoded (mark-code.ts), and the checksum and the codeword's
 * evidence decide (docs/decisions/053-forensic-mark-rotation-and-false-alarms.md,
 * 055-forensic-mark-error-correction.md).
 */
import sharp from 'sharp';
import { maxImagePixels } from '../image-processor.js';
import { conjugateTransform, correlate, fft2d } from './fft2d.js';
import { boxBlur, highPass, localActivity } from './grey-filters.js';
import { codedBits, decodeBits } from './mark-code.js';
import { decodePayload } from './mark-payload.js';
import {
  chipLayout,
  chipValues,
  chipsPerBit,
  markArea,
  renderTile,
  tileChips,
  tileUnits,
} from './mark-tile.js';

/**
 * Geometry searched: scales from a crop keeping 36% of the area (√0.36 = 0.6) to a 15% border
 * added, rotations of ±3°. The lattice of the tile's harmonics in the picture's spectrum gives
 * candidates on a coarse grid of these (steps of 0.4% and 0.2°); each is then folded and climbed.
 */
export const geometrySearch = {
  minScale: 0.6,
  maxScale: 1.15,
  scaleStep: 1.004,
  maxDegrees: 3,
  degreeStep: 0.2,
};
/**
 * Distinct geometries whose payload is tried on each side of the picture (as it is, then mirrored)
 * before giving up: the false-alarm bound counts twice this.
 */
export const candidatesTried = 3;
/** Payload tries per read at most, both sides together. */
export const payloadTriesPerRead = 2 * candidatesTried;
/** Geometries from the spectrum whose pilot is checked before the best are refined and tried. */
const shortlisted = 48;
/**
 * Of those, how many are climbed through the coarse strides before the payload tries are chosen.
 * The spectrum's candidate near the mark can sit 1% and a quarter degree off, where its pilot is no
 * higher than the photo's own texture gives elsewhere; only the climb shows it (about 9 standard
 * deviations against 4–6). Choosing the tries among the best 3 unclimbed pilots lost a busy photo
 * in 11 of 26 crops of 5% and 10%; among 8, 16 and 24 climbed, in 5, 2 and 0. Each climbed
 * geometry costs an unmarked read about 15 ms (docs/leak-tracing.md).
 */
export const candidatesClimbed = 24;
/** A climbed pilot this high is tried at once (a clear mark is then read without climbing the rest). */
const clearPilot = 7;
/**
 * A payload is accepted only when its checksum holds AND its codeword stands out of the noise: the
 * correlation Σ c·z of the decoded codeword with the coded bits' z-scores must reach this.
 * Unmarked, the Viterbi decoder's best codeword scores about 91 ± 6 (simulated on Gaussian noise,
 * highest 116 in 20,000; over the bench's 10,000 unmarked pictures, highest 117.6); a mark that
 * decodes at all scores about 170 or more (docs/decisions/055-forensic-mark-error-correction.md).
 */
export const bitEvidenceThreshold = 130;
/** The evidence of unmarked pictures under the Gaussian model, for the reading's confidence. */
const unmarkedEvidence = { mean: 91.1, sd: 5.9 };

/** Shortest side worth reading: about one tile at the smallest picture a mark is made for. */
export const minReadableSide = 64;

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
  // Under a tile's width on either side there is no repeat to fold, only noise to read.
  if (!(Math.min(fullWidth, fullHeight) >= minReadableSide))
    throw new RangeError(`a picture under ${minReadableSide} px cannot hold a mark`);
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
  const activity = localActivity(detail, width, height, 2);
  for (let i = 0; i < detail.length; i += 1)
    detail[i] = Math.max(-3, Math.min(3, detail[i]! / (activity[i]! + 0.5)));
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

/** Where the tile sits in the grid: `scale` times the nominal mark units, turned by `degrees`. */
export interface Geometry {
  scale: number;
  degrees: number;
  /** Where tile unit 0 starts, in fractions of a unit: the fold's bins are whole units. */
  shiftU?: number;
  shiftV?: number;
}

/**
 * Sums the detail of every tile repeat into one 64×64 tile: each grid pixel, taken about the
 * grid's centre, is turned and scaled into mark units and added at its place modulo the tile.
 * At the right geometry the repeats add up coherently, wherever the crop began.
 */
export function fold(grid: MarkGrid, geometry: Geometry): Float64Array {
  const { detail, width, height } = grid;
  const angle = (geometry.degrees * Math.PI) / 180;
  const cos = Math.cos(angle) * geometry.scale;
  const sin = Math.sin(angle) * geometry.scale;
  // u = cos·x' − sin·y', v = sin·x' + cos·y' with x', y' in nominal mark units about the centre.
  const stepUx = cos * grid.unitsX;
  const stepVx = sin * grid.unitsX;
  const tile = new Float64Array(tileBins);
  // A large multiple of the tile keeps the coordinates positive, so truncation is floor.
  const shift = tileUnits * 4096;
  for (let y = 0; y < height; y += 1) {
    const dy = (y + 0.5 - height / 2) * grid.unitsY;
    const dx = (0.5 - width / 2) * grid.unitsX;
    let u = cos * dx - sin * dy + shift + (geometry.shiftU ?? 0);
    let v = sin * dx + cos * dy + shift + (geometry.shiftV ?? 0);
    const start = y * width;
    for (let x = 0; x < width; x += 1) {
      const bin = (((v | 0) & (tileUnits - 1)) << 6) | ((u | 0) & (tileUnits - 1));
      tile[bin] = tile[bin]! + detail[start + x]!;
      u += stepUx;
      v += stepVx;
    }
  }
  return tile;
}

interface SyncPeak extends Geometry {
  score: number;
  offsetX: number;
  offsetY: number;
  tile: Float64Array;
}

/** The pilot's best alignment in a folded tile, with its height in standard deviations. */
export function syncPeak(grid: MarkGrid, geometry: Geometry): SyncPeak {
  const tile = fold(grid, geometry);
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
    ...geometry,
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

/**
 * What the payload chips at a sync peak say: each coded bit's soft value over its noise (z), the
 * 64 payload bits the Viterbi decoder makes of them, and how well that codeword fits (evidence).
 */
export function payloadEvidence(peak: { tile: Float64Array; offsetX: number; offsetY: number }) {
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
  const bitSoft = new Float64Array(codedBits);
  chipLayout.bit.forEach((bit, chip) => {
    if (bit >= 0) bitSoft[bit] = bitSoft[bit]! + chipSoft[chip]!;
  });
  // Each coded bit's noise, from the chips' spread around their bit's mean.
  let squares = 0;
  chipLayout.bit.forEach((bit, chip) => {
    if (bit >= 0) squares += (chipSoft[chip]! - bitSoft[bit]! / chipsPerBit) ** 2;
  });
  const bitNoise = Math.max(1e-12, Math.sqrt((squares / (codedBits * (chipsPerBit - 1))) * chipsPerBit));
  const z = Array.from(bitSoft, (soft) => soft / bitNoise);
  const { bits, correlation } = decodeBits(z);
  /** Σ c·z of the decoded codeword: about 91 ± 6 where there is no mark. */
  return { bits, z, evidence: correlation };
}

/** The id when the decoded payload's checksum holds and its codeword stands out, else null. */
function acceptPayload({ bits, evidence }: { bits: Uint8Array; evidence: number }): MarkReading | null {
  const markId = decodePayload(bits);
  if (markId === null || evidence < bitEvidenceThreshold) return null;
  // Confidence: how unlikely this much evidence is without a mark (the Gaussian model of decision 055).
  const unmarked = (evidence - unmarkedEvidence.mean) / unmarkedEvidence.sd;
  return { markId, confidence: 1 - upperTail(unmarked) };
}

const spectrumSize = 512;
/** Harmonics of the tile (in cycles per tile) whose lattice is looked for: where the mark's detail has its energy. */
const harmonicBand = { min: 5, max: 15 };
const harmonics = (() => {
  const list: [number, number][] = [];
  for (let n = 0; n <= harmonicBand.max; n += 1)
    for (let m = -harmonicBand.max; m <= harmonicBand.max; m += 1) {
      if (n === 0 && m <= 0) continue;
      const radius = Math.hypot(m, n);
      if (radius >= harmonicBand.min && radius <= harmonicBand.max) list.push([m, n]);
    }
  return list;
})();

/**
 * The grid's magnitude spectrum divided by its local mean: a repeated tile shows as a lattice of
 * peaks standing above their neighbourhood whatever the picture's own spectrum.
 */
function whitenedSpectrum(grid: MarkGrid): Float32Array {
  const n = spectrumSize;
  const re = new Float64Array(n * n);
  const im = new Float64Array(n * n);
  const width = Math.min(n, grid.width);
  const height = Math.min(n, grid.height);
  const left = (grid.width - width) >> 1;
  const top = (grid.height - height) >> 1;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) re[y * n + x] = grid.detail[(top + y) * grid.width + left + x]!;
  fft2d(re, im, n);
  const magnitude = new Float32Array(n * n);
  for (let i = 0; i < n * n; i += 1) magnitude[i] = Math.sqrt(re[i]! * re[i]! + im[i]! * im[i]!);
  const local = boxBlur(magnitude, n, n, 4);
  const peaks = boxBlur(magnitude, n, n, 1);
  for (let i = 0; i < n * n; i += 1) peaks[i] = peaks[i]! / (local[i]! + 1e-9);
  return peaks;
}

/** The whitened spectrum's mean over the lattice the tile would make at one geometry. */
function latticeScore(spectrum: Float32Array, grid: MarkGrid, geometry: Geometry): number {
  const n = spectrumSize;
  const angle = (geometry.degrees * Math.PI) / 180;
  // The fold maps pixel offsets to units by M = scale·R·diag(unitsX, unitsY); harmonic k of the
  // tile is at the pixel frequency Mᵀk / 64 (cycles per pixel), here in bins of the n-point FFT.
  const a = (geometry.scale * n) / tileUnits;
  const cos = Math.cos(angle) * a;
  const sin = Math.sin(angle) * a;
  let sum = 0;
  for (const [m, k] of harmonics) {
    const fx = (cos * m + sin * k) * grid.unitsX;
    const fy = (-sin * m + cos * k) * grid.unitsY;
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const wx = fx - x0;
    const wy = fy - y0;
    const c0 = x0 & (n - 1);
    const c1 = (x0 + 1) & (n - 1);
    const r0 = (y0 & (n - 1)) * n;
    const r1 = ((y0 + 1) & (n - 1)) * n;
    const top = spectrum[r0 + c0]! + wx * (spectrum[r0 + c1]! - spectrum[r0 + c0]!);
    const bottom = spectrum[r1 + c0]! + wx * (spectrum[r1 + c1]! - spectrum[r1 + c0]!);
    sum += top + wy * (bottom - top);
  }
  return sum / harmonics.length;
}

/** The best lattice geometries, one per neighbourhood, best first. */
function spectralCandidates(grid: MarkGrid, count: number): Geometry[] {
  const spectrum = whitenedSpectrum(grid);
  const scored: (Geometry & { score: number })[] = [];
  const { minScale, maxScale, scaleStep, maxDegrees, degreeStep } = geometrySearch;
  for (let degrees = -maxDegrees; degrees <= maxDegrees + 1e-9; degrees += degreeStep)
    for (let scale = minScale; scale <= maxScale; scale *= scaleStep)
      scored.push({ scale, degrees, score: latticeScore(spectrum, grid, { scale, degrees }) });
  scored.sort((p, q) => q.score - p.score);
  const distinct: Geometry[] = [];
  for (const candidate of scored) {
    if (distinct.length >= count) break;
    const apart = distinct.every(
      (other) =>
        Math.abs(Math.log(other.scale / candidate.scale)) > 0.012 ||
        Math.abs(other.degrees - candidate.degrees) > 0.5,
    );
    if (apart) distinct.push({ scale: candidate.scale, degrees: candidate.degrees });
  }
  return distinct;
}

/** Fractions of a mark unit the tile's start is tried at, on each axis, after the climb. */
const subUnitShifts = 3;

/**
 * Moves the climb may make at each stride: the spectrum's coarse candidate can sit a step off in
 * scale and in angle at once, and one move per stride left it at a ridge where the pilot is half
 * as high and the payload fails (one busy photo, read as made).
 */
const climbMoves = 3;

/**
 * Scale and angle strides of the climb, coarse to fine: the spectrum's grid steps, then halves. The
 * coarse ones are climbed for every shortlisted geometry before the payload tries are chosen, the
 * fine ones only for those tried.
 */
const coarseStrides = [
  [0.004, 0.2],
  [0.002, 0.1],
] as const;
const fineStrides = [
  [0.001, 0.05],
  [0.0005, 0.025],
] as const;

/** Climbs the pilot peak from `start` through the given strides, up to `climbMoves` moves each. */
function climb(grid: MarkGrid, start: SyncPeak, strides: readonly (readonly [number, number])[]): SyncPeak {
  let best = start;
  for (const [scaleStride, degreeStride] of strides) {
    for (let move = 0; move < climbMoves; move += 1) {
      const centre = best;
      for (const [ds, dd] of [
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
      ] as const) {
        const candidate = syncPeak(grid, {
          scale: centre.scale * (1 + ds * scaleStride),
          degrees: centre.degrees + dd * degreeStride,
        });
        if (candidate.score > best.score) best = candidate;
      }
      if (best === centre) break;
    }
  }
  return best;
}

/**
 * The fold's bins are whole mark units, so a tile that starts between two loses part of every chip
 * to its neighbours: tries it a third and two thirds of a unit over on each axis.
 */
function alignWithinUnit(grid: MarkGrid, climbed: SyncPeak): SyncPeak {
  let best = climbed;
  for (let a = 0; a < subUnitShifts; a += 1)
    for (let b = 0; b < subUnitShifts; b += 1) {
      if (a === 0 && b === 0) continue;
      const candidate = syncPeak(grid, {
        scale: climbed.scale,
        degrees: climbed.degrees,
        shiftU: a / subUnitShifts,
        shiftV: b / subUnitShifts,
      });
      if (candidate.score > best.score) best = candidate;
    }
  return best;
}

/** From a peak climbed through the coarse strides: the fine strides, then the sub-unit start. */
const finishRefine = (grid: MarkGrid, ranked: SyncPeak) =>
  alignWithinUnit(grid, climb(grid, ranked, fineStrides));

/** The coarse geometry may sit up to half a step off: climb the pilot peak to the best nearby one. */
export function refine(grid: MarkGrid, start: SyncPeak): SyncPeak {
  return finishRefine(grid, climb(grid, start, coarseStrides));
}

/** One payload tried at a candidate geometry: what the checksum and the bits' evidence said. */
export interface MarkTry {
  checksumHolds: boolean;
  evidence: number;
}

/** The grid turned over left to right: how a mirrored copy is read. */
function mirrored(grid: MarkGrid): MarkGrid {
  const { detail, width, height } = grid;
  const flipped = new Float32Array(detail.length);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) flipped[row + x] = detail[row + width - 1 - x]!;
  }
  return { ...grid, detail: flipped };
}

const byScore = (a: SyncPeak, b: SyncPeak) => b.score - a.score;

/**
 * Lets the server answer other requests between two climbs: reading a picture that holds no mark
 * takes about a second of CPU on this thread, each climb some 15 ms of it.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Up to `candidatesTried` payload tries on one side of the picture, best climbed pilots first.
 * Which geometries get a try changes nothing in the false-alarm bound, which counts the tries.
 */
async function trySide(
  grid: MarkGrid,
  geometries: Geometry[],
  tries: MarkTry[],
): Promise<MarkReading | null> {
  // The spectrum shortlists geometries; the pilot, folded at each and climbed, picks the ones worth
  // a payload try (a photo's own regular texture can outscore the mark's lattice, never its pilot).
  const starts = geometries
    .map((geometry) => syncPeak(grid, geometry))
    .sort(byScore)
    .slice(0, candidatesClimbed);
  const tried = new Set<SyncPeak>();
  const tryPayload = (ranked: SyncPeak) => {
    tried.add(ranked);
    const decoded = payloadEvidence(finishRefine(grid, ranked));
    tries.push({ checksumHolds: decodePayload(decoded.bits) !== null, evidence: decoded.evidence });
    return acceptPayload(decoded);
  };
  const ranked: SyncPeak[] = [];
  for (const start of starts) {
    await yieldToEventLoop();
    const peak = climb(grid, start, coarseStrides);
    ranked.push(peak);
    if (peak.score >= clearPilot) {
      const reading = tryPayload(peak);
      if (reading) return reading;
      if (tried.size >= candidatesTried) return null;
    }
  }
  for (const peak of ranked.sort(byScore)) {
    if (tried.size >= candidatesTried) break;
    if (tried.has(peak)) continue;
    const reading = tryPayload(peak);
    if (reading) return reading;
  }
  return null;
}

/** The reading from given candidate geometries, on the picture as it is (what the spectrum would propose). */
export function readAtCandidates(grid: MarkGrid, geometries: Geometry[]): Promise<MarkReading | null> {
  return trySide(grid, geometries, []);
}

/**
 * The reading and every payload try behind it (the bench measures the evidence on unmarked
 * pictures). A mirrored copy has the same lattice turned the other way, so when the picture as it
 * is holds no mark, the same geometries at the opposite angle are folded from it turned over left
 * to right: at most twice `candidatesTried` payload tries. The mirrored side comes second so that
 * its pilots never crowd out the right ones of a faint mark read the right way round.
 */
export async function inspectMark(
  grid: MarkGrid,
): Promise<{ reading: MarkReading | null; tries: MarkTry[] }> {
  const tries: MarkTry[] = [];
  const geometries = spectralCandidates(grid, shortlisted);
  const reading =
    (await trySide(grid, geometries, tries)) ??
    (await trySide(
      mirrored(grid),
      geometries.map((geometry) => ({ ...geometry, degrees: -geometry.degrees })),
      tries,
    ));
  return { reading, tries };
}

export async function findMark(grid: MarkGrid): Promise<MarkReading | null> {
  return (await inspectMark(grid)).reading;
}
