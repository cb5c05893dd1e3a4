/**
 * Adds the mark to a picture's pixels. The tile pattern (mark-tile.ts) is laid over the whole
 * picture at the size set by its area, scaled per place by how busy the picture is there
 * (texture hides a change that a flat sky shows), and the same change goes to red, green and
 * blue so it sits in the luminance that every re-encoder keeps at the best quality.
 */
import sharp from 'sharp';
import { maxImagePixels } from '../image-processor.js';
import { highPass, localActivity, boxBlur } from './grey-filters.js';
import { encodeBits } from './mark-code.js';
import { encodePayload } from './mark-payload.js';
import { axisSampling, chipValues, markArea, markUnitsPerPixel, renderTile, tileChips } from './mark-tile.js';

/**
 * Grey levels of the pattern's peak in a flat area, and its ceiling in texture; and the ceiling on
 * the whole change's root mean square (2 levels: PSNR 42 dB before the re-encode, whose own
 * loss of about 47 dB on a busy 4:2:0 photo at q97 leaves the copy above 40 dB), which busy photos
 * would otherwise pass. A small picture's ceiling is fitted instead (`fittedRmsSteps`).
 */
export const markStrength = { flat: 1.0, perActivity: 0.5, max: 5, rms: 2.0 };
/**
 * Pictures under this area (4 times the mark area, about 0.8 MP) have few pixels per chip, so
 * their mark needs all the strength the picture's quality allows: it is made at the first of these
 * root mean squares whose encoded copy keeps `fittedQuality`, tried in turn (each try costs a small
 * picture some 20–60 ms), up to `fittedMaxGain` times the strength its texture asks for. When
 * none keeps it, the mark is made as before (at most `fittedFloorRms`, no gain): below that a small
 * picture's mark no longer reads reliably even as made, and where the re-encode alone costs the
 * quality (a grainy JPEG) the grain hides the change best (docs/decisions/060-small-pictures-mark-strength.md).
 */
export const fittedBelow = 4 * markArea;
export const fittedRmsSteps = [2.4, 2.2, 2.0, 1.8];
export const fittedMaxGain = 1.5;
export const fittedFloorRms = 1.6;
/**
 * What a small picture's marked copy keeps against the unmarked pixels, its re-encode included: the
 * 40 dB and 0.98 targets with a margin (SSIM as the benches measure it: grey, long side 512; large
 * photos come out at 0.9845 at worst).
 */
export const fittedQuality = { psnr: 40.5, ssim: 0.984 };
/** JPEG quality of a marked copy: at 97 the re-encode itself costs a busy photo little (about 47 dB), leaving the mark room under 40 dB. */
export const markJpegQuality = 97;

/** Mean square of the tile pattern, for the root-mean-square ceiling. */
const patternPower = (() => {
  const tile = renderTile(chipValues(encodeBits(encodePayload(0))));
  return tile.reduce((sum, value) => sum + value * value, 0) / tile.length;
})();

export interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
  /** A JPEG source's chroma subsampling, kept on re-encoding (4:2:0 into 4:4:4 bloats, the reverse blurs colour). */
  chromaSubsampling?: string;
}

/** Linear interpolation from a coarse grid of `gridCount` cells to `count` pixels, edges clamped. */
function gridSampling(count: number, gridCount: number) {
  const index = new Int32Array(count);
  const next = new Int32Array(count);
  const weight = new Float32Array(count);
  for (let p = 0; p < count; p += 1) {
    const position = Math.min(gridCount - 1, Math.max(0, ((p + 0.5) * gridCount) / count - 0.5));
    index[p] = Math.floor(position);
    next[p] = Math.min(gridCount - 1, index[p]! + 1);
    weight[p] = position - index[p]!;
  }
  return { index, next, weight };
}

/**
 * The picture's luminance over the cells of a coarse grid: libvips shrinks the colour pixels (box
 * shrink, then a linear reduce; far quicker than a colourspace change at full size) and the grid's
 * few samples are weighed into grey here.
 */
async function greyGrid(pixels: RawPixels, gridWidth: number, gridHeight: number): Promise<Float32Array> {
  const { data, width, height, channels } = pixels;
  const shrunk = await sharp(data, { raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } })
    .resize(gridWidth, gridHeight, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  const grey = new Float32Array(gridWidth * gridHeight);
  for (let cell = 0, offset = 0; cell < grey.length; cell += 1, offset += channels)
    grey[cell] =
      channels >= 3
        ? 0.299 * shrunk[offset]! + 0.587 * shrunk[offset + 1]! + 0.114 * shrunk[offset + 2]!
        : shrunk[offset]!;
  return grey;
}

/**
 * How strong the mark may be at each cell of a grid about one cell per mark unit, and its rms: the
 * texture's own asking, times up to `maxGain`, but not over `ceiling`.
 */
async function strengthMap(
  pixels: RawPixels,
  gridWidth: number,
  gridHeight: number,
  { ceiling, maxGain }: MarkStrength,
): Promise<{ strength: Float32Array; rms: number }> {
  const grey = await greyGrid(pixels, gridWidth, gridHeight);
  const activity = localActivity(highPass(grey, gridWidth, gridHeight), gridWidth, gridHeight, 2);
  const strength = activity.map((busy) =>
    Math.min(markStrength.max, markStrength.flat + markStrength.perActivity * busy),
  );
  const smooth = boxBlur(strength, gridWidth, gridHeight, 1);
  const rms = Math.sqrt(
    (smooth.reduce((sum, value) => sum + value * value, 0) / smooth.length) * patternPower,
  );
  const gain = Math.min(maxGain, ceiling / rms);
  if (gain !== 1) smooth.forEach((value, i) => (smooth[i] = value * gain));
  return { strength: smooth, rms: rms * gain };
}

/** The mark's root mean square at most (grey levels), and how far it may exceed what the texture asks. */
export interface MarkStrength {
  ceiling: number;
  maxGain: number;
}

interface ColumnSampling {
  index: ArrayLike<number>;
  next: ArrayLike<number>;
  weight: ArrayLike<number>;
}

/** For each of `rows` rows of a grid, that row interpolated along x to `width` pixels. */
function rowsAlongX(grid: Float32Array, gridWidth: number, rows: number, columns: ColumnSampling) {
  const width = columns.index.length;
  const out = new Float32Array(rows * width);
  for (let row = 0; row < rows; row += 1) {
    const base = row * gridWidth;
    for (let x = 0; x < width; x += 1) {
      const left = grid[base + columns.index[x]!]!;
      out[row * width + x] = left + columns.weight[x]! * (grid[base + columns.next[x]!]! - left);
    }
  }
  return out;
}

/**
 * The picture's pixels with the mark added, in place, as strong as `strength` allows; answers the
 * root mean square it used. Both the pattern and the strength map
 * are bilinear, so each is interpolated along x once per grid row, and each picture row only
 * blends two of those lines: a few operations per pixel on a 12-megapixel photo.
 */
export async function addMark(
  pixels: RawPixels,
  markId: number,
  strength: MarkStrength = { ceiling: markStrength.rms, maxGain: 1 },
): Promise<number> {
  const { data, width, height, channels } = pixels;
  const chips = chipValues(encodeBits(encodePayload(markId)));
  const unitsPerPixel = markUnitsPerPixel(width, height);
  const gridWidth = Math.max(8, Math.round(width * unitsPerPixel));
  const gridHeight = Math.max(8, Math.round(height * unitsPerPixel));
  const map = await strengthMap(pixels, gridWidth, gridHeight, strength);
  const tileX = axisSampling(width, unitsPerPixel);
  const tileY = axisSampling(height, unitsPerPixel);
  const chipColumns = {
    index: tileX.chip,
    next: tileX.chip.map((chip) => (chip + 1) % tileChips),
    weight: tileX.weight,
  };
  const patternLines = rowsAlongX(chips, tileChips, tileChips, chipColumns);
  const strengthLines = rowsAlongX(map.strength, gridWidth, gridHeight, gridSampling(width, gridWidth));
  const gridY = gridSampling(height, gridHeight);
  const colours = channels === 2 || channels === 4 ? channels - 1 : channels;
  // The change is rounded once per pixel: adding a rounded change to whole grey levels is the same
  // as rounding their sum. Most pixels then change by a level or two, or not at all.
  const change = new Int16Array(width);
  const clamped = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  // Read through a plain byte view: a Node Buffer's element access is slower in a hot loop.
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.length);
  // On a large photo a chip spans 12 pixels or more and the change is as smooth; it is worked out
  // once per 2×2 pixels there, which changes no rounded level that matters and saves most of the work.
  const block = unitsPerPixel <= 1 / 6 ? 2 : 1;
  for (let y = 0; y < height; y += 1) {
    if (y % block === 0) {
      const pattern0 = tileY.chip[y]! * width;
      const pattern1 = ((tileY.chip[y]! + 1) % tileChips) * width;
      const patternWeight = tileY.weight[y]!;
      const strength0 = gridY.index[y]! * width;
      const strength1 = gridY.next[y]! * width;
      const strengthWeight = gridY.weight[y]!;
      for (let x = 0; x < width; x += block) {
        const p = patternLines[pattern0 + x]!;
        const q = strengthLines[strength0 + x]!;
        change[x] = Math.round(
          (q + strengthWeight * (strengthLines[strength1 + x]! - q)) *
            (p + patternWeight * (patternLines[pattern1 + x]! - p)),
        );
      }
      if (block === 2) for (let x = 1; x < width; x += 2) change[x] = change[x - 1]!;
    }
    // A clamped view clips on assignment, without a branch per sample.
    let offset = y * width * channels;
    for (let x = 0; x < width; x += 1, offset += channels) {
      const delta = change[x]!;
      if (delta === 0) continue;
      for (let c = 0; c < colours; c += 1) clamped[offset + c] = bytes[offset + c]! + delta;
    }
  }
  return map.rms;
}

/** Decodes a picture upright (EXIF orientation applied) as 8-bit pixels. */
export async function decodeUpright(encoded: Buffer): Promise<RawPixels> {
  const { chromaSubsampling } = await sharp(encoded, { limitInputPixels: maxImagePixels }).metadata();
  const { data, info } = await sharp(encoded, { limitInputPixels: maxImagePixels })
    .autoOrient()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels, chromaSubsampling };
}

/** Encodes in the picture's own format at high quality; formats without a good lossless or near-lossless writer here become PNG. */
export async function encodeLike(
  pixels: RawPixels,
  format: string,
): Promise<{ data: Buffer; format: string }> {
  const { width, height, channels } = pixels;
  const image = sharp(pixels.data, { raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } });
  switch (format.toLowerCase()) {
    case 'jpeg':
    case 'jpg':
      return {
        data: await image
          .jpeg({
            quality: markJpegQuality,
            chromaSubsampling: pixels.chromaSubsampling === '4:2:0' ? '4:2:0' : '4:4:4',
          })
          .toBuffer(),
        format: 'jpeg',
      };
    case 'webp':
      return { data: await image.webp({ quality: 95 }).toBuffer(), format: 'webp' };
    default:
      return { data: await image.png().toBuffer(), format: 'png' };
  }
}
