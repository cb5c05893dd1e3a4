/**
 * Marks a picture's pixels and encodes the copy. A small picture's mark is made as strong as its
 * quality allows (mark-embed.ts, `fittedRmsSteps`): the copy is encoded at each strength in turn,
 * strongest first, until it keeps `fittedQuality` against the unmarked pixels; when none does, it
 * is marked as before the fitting.
 */
import sharp from 'sharp';
import { comparisonSize, ssim, toGrey, type GreyImage } from '../ssim.js';
import {
  addMark,
  encodeLike,
  fittedBelow,
  fittedFloorRms,
  fittedMaxGain,
  fittedQuality,
  fittedRmsSteps,
  type MarkStrength,
  type RawPixels,
} from './mark-embed.js';

type Encoded = { data: Buffer; format: string };

/** PSNR in dB of a decoded copy against raw pixels of the same shape, over the colour samples. */
function psnrAgainst(original: RawPixels, copy: RawPixels): number {
  const { width, height, channels } = original;
  const colours = channels === 2 || channels === 4 ? channels - 1 : channels;
  let squares = 0;
  for (let offset = 0; offset < copy.data.length; offset += channels)
    for (let c = 0; c < colours; c += 1)
      squares += (copy.data[offset + c]! - original.data[offset + c]!) ** 2;
  const meanSquare = squares / (width * height * colours);
  return 10 * Math.log10((255 * 255) / Math.max(1e-9, meanSquare));
}

/**
 * Whether an encoded copy keeps `fittedQuality` against the unmarked pixels: decoded once for both
 * measures; the unmarked picture's grey is made once for all tries.
 */
function qualityCheck(original: RawPixels) {
  const size = comparisonSize(original.width, original.height);
  let originalGrey: Promise<GreyImage> | undefined;
  return async (encoded: Buffer): Promise<boolean> => {
    const { data, info } = await sharp(encoded).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    const copy = { data, width: info.width, height: info.height, channels: info.channels };
    const { width, height, channels } = original;
    // A copy that does not decode to the same shape cannot be compared: not kept at a fitted strength.
    if (copy.width !== width || copy.height !== height || copy.channels !== channels) return false;
    if (psnrAgainst(original, copy) < fittedQuality.psnr) return false;
    originalGrey ??= toGrey(original, size.width, size.height);
    const [before, after] = await Promise.all([originalGrey, toGrey(copy, size.width, size.height)]);
    return ssim(before, after) >= fittedQuality.ssim;
  };
}

async function markedCopy(pixels: RawPixels, markId: number, format: string, strength: MarkStrength) {
  const copy = { ...pixels, data: Buffer.from(pixels.data) };
  const rms = await addMark(copy, markId, strength);
  return { encoded: await encodeLike(copy, format), rms };
}

export async function markAndEncode(pixels: RawPixels, markId: number, format: string): Promise<Encoded> {
  if (pixels.width * pixels.height >= fittedBelow) {
    await addMark(pixels, markId);
    return encodeLike(pixels, format);
  }
  const keepsQuality = qualityCheck(pixels);
  let reached = Infinity;
  for (const ceiling of fittedRmsSteps) {
    // Once the gain is used up, a higher ceiling changes nothing: go on to a lower one.
    if (ceiling >= reached) continue;
    const { encoded, rms } = await markedCopy(pixels, markId, format, { ceiling, maxGain: fittedMaxGain });
    if (await keepsQuality(encoded.data)) return encoded;
    reached = rms;
  }
  return (await markedCopy(pixels, markId, format, { ceiling: fittedFloorRms, maxGain: 1 })).encoded;
}
