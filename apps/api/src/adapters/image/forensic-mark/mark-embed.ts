/**
 * Adds the mark to a picture's pixels. The tile pattern (mark-tile.ts) is laid over the whole
 * picture at the size set by its area, scaled per place by how busy the picture is there
 * (texture hides a change that a flat sky shows), and the same change goes to red, green and
 * blue so it sits in the luminance that every re-encoder keeps at the best quality.
 */
import sharp from 'sharp';
import { maxImagePixels } from '../image-processor.js';
import { highPass, localActivity, boxBlur } from './grey-filters.js';
import { encodePayload } from './mark-payload.js';
import { axisSampling, chipValues, markArea, sampleChips } from './mark-tile.js';

/** Grey levels of the pattern's peak in a flat area, and its ceiling in texture. */
export const markStrength = { flat: 1.2, perActivity: 0.5, max: 5 };

export interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
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

/** How strong the mark may be at each cell of a grid about one cell per mark unit. */
async function strengthMap(pixels: RawPixels, gridWidth: number, gridHeight: number): Promise<Float32Array> {
  const { width, height, channels } = pixels;
  const { data, info } = await sharp(pixels.data, {
    raw: { width, height, channels: channels as 1 | 2 | 3 | 4 },
  })
    .removeAlpha()
    .greyscale()
    .resize(gridWidth, gridHeight, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = new Float32Array(gridWidth * gridHeight);
  for (let i = 0; i < grey.length; i += 1) grey[i] = data[i * info.channels]!;
  const activity = localActivity(highPass(grey, gridWidth, gridHeight), gridWidth, gridHeight, 2);
  const strength = activity.map((busy) =>
    Math.min(markStrength.max, markStrength.flat + markStrength.perActivity * busy),
  );
  return boxBlur(strength, gridWidth, gridHeight, 1);
}

/** The picture's pixels with the mark added (in place). */
export async function addMark(pixels: RawPixels, markId: number): Promise<void> {
  const { data, width, height, channels } = pixels;
  const chips = chipValues(encodePayload(markId));
  const unitsPerPixel = Math.sqrt(markArea / (width * height));
  const gridWidth = Math.max(8, Math.round(width * unitsPerPixel));
  const gridHeight = Math.max(8, Math.round(height * unitsPerPixel));
  const strength = await strengthMap(pixels, gridWidth, gridHeight);
  const tileX = axisSampling(width, unitsPerPixel);
  const tileY = axisSampling(height, unitsPerPixel);
  const gridX = gridSampling(width, gridWidth);
  const gridY = gridSampling(height, gridHeight);
  const colours = channels === 2 || channels === 4 ? channels - 1 : channels;
  for (let y = 0; y < height; y += 1) {
    const row0 = gridY.index[y]! * gridWidth;
    const row1 = gridY.next[y]! * gridWidth;
    const wy = gridY.weight[y]!;
    let offset = y * width * channels;
    for (let x = 0; x < width; x += 1, offset += channels) {
      const x0 = gridX.index[x]!;
      const x1 = gridX.next[x]!;
      const wx = gridX.weight[x]!;
      const top = strength[row0 + x0]! + wx * (strength[row0 + x1]! - strength[row0 + x0]!);
      const bottom = strength[row1 + x0]! + wx * (strength[row1 + x1]! - strength[row1 + x0]!);
      const change = (top + wy * (bottom - top)) * sampleChips(chips, tileX, tileY, x, y);
      for (let c = 0; c < colours; c += 1) {
        const value = data[offset + c]! + change;
        data[offset + c] = value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
      }
    }
  }
}

/** Decodes a picture upright (EXIF orientation applied) as 8-bit pixels. */
export async function decodeUpright(encoded: Buffer): Promise<RawPixels> {
  const { data, info } = await sharp(encoded, { limitInputPixels: maxImagePixels })
    .autoOrient()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
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
      return { data: await image.jpeg({ quality: 95 }).toBuffer(), format: 'jpeg' };
    case 'webp':
      return { data: await image.webp({ quality: 95 }).toBuffer(), format: 'webp' };
    default:
      return { data: await image.png().toBuffer(), format: 'png' };
  }
}
