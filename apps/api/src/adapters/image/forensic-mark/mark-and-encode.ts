/**
 * Marks a picture's pixels and encodes the copy. A small picture's mark is made as strong as its
 * quality allows (mark-embed.ts, `fittedRmsSteps`): the copy is encoded at each strength in turn,
 * strongest first, until it keeps `fittedQuality` against the unmarked pixels; when none does, it
 * is marked as before the fitting.
 */
import sharp from 'sharp';
import { comparisonSize, ssim, toGrey } from '../ssim.js';
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

/** PSNR in dB of an encoded copy against raw pixels of the same size, over the colour samples; null when they do not compare. */
async function psnrAgainst(original: RawPixels, encoded: Buffer): Promise<number | null> {
  const { data, info } = await sharp(encoded).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  const { width, height, channels } = original;
  if (info.width !== width || info.height !== height || info.channels !== channels) return null;
  const colours = channels === 2 || channels === 4 ? channels - 1 : channels;
  let squares = 0;
  for (let offset = 0; offset < data.length; offset += channels)
    for (let c = 0; c < colours; c += 1) squares += (data[offset + c]! - original.data[offset + c]!) ** 2;
  const meanSquare = squares / (width * height * colours);
  return 10 * Math.log10((255 * 255) / Math.max(1e-9, meanSquare));
}

/** Whether the encoded copy keeps `fittedQuality` against the unmarked pixels. */
async function keepsQuality(original: RawPixels, encoded: Buffer, size: { width: number; height: number }) {
  const quality = await psnrAgainst(original, encoded);
  if (quality === null) return false;
  if (quality < fittedQuality.psnr) return false;
  const [before, after] = await Promise.all([
    toGrey(original, size.width, size.height),
    toGrey(encoded, size.width, size.height),
  ]);
  return ssim(before, after) >= fittedQuality.ssim;
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
  const size = comparisonSize(pixels.width, pixels.height);
  let reached = Infinity;
  for (const ceiling of fittedRmsSteps) {
    // Once the gain is used up, a higher ceiling changes nothing: go on to a lower one.
    if (ceiling >= reached) continue;
    const { encoded, rms } = await markedCopy(pixels, markId, format, { ceiling, maxGain: fittedMaxGain });
    if (await keepsQuality(pixels, encoded.data, size)) return encoded;
    reached = rms;
  }
  return (await markedCopy(pixels, markId, format, { ceiling: fittedFloorRms, maxGain: 1 })).encoded;
}
