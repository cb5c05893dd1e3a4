import sharp from 'sharp';
import { maxImagePixels } from '../image-processor.js';

/** Interleaved 8-bit pixels as a decoder hands them over: 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA. */
export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * One full-resolution decode shared by every hash. No EXIF auto-rotation, no colour management
 * and no shrink-on-load: the reference tools (CImg/ImageMagick for PDQ, Pillow for imagehash and
 * blockhash) hash the stored pixels as decoded, and PDQ's nearest-neighbour step picks exact
 * source pixels. With the embedded ICC profile ignored, sharp's JPEG decode is byte-identical to
 * Pillow's on the blockhash test photos (applying the profile moved pixels by up to 74 levels).
 * `maxSide` trades that exactness for speed where only distances matter (ImageShield's checks).
 */
export async function decodeImage(
  input: string | Buffer,
  options: { maxSide?: number } = {},
): Promise<RawImage> {
  let pipeline = sharp(input, { limitInputPixels: maxImagePixels, ignoreIcc: true });
  // Shrink-on-load makes a large JPEG's small decode several times faster than the full one.
  if (options.maxSide)
    pipeline = pipeline.resize(options.maxSide, options.maxSide, { fit: 'inside', withoutEnlargement: true });
  const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  const channels = info.channels;
  if (channels < 1 || channels > 4) throw new Error(`unsupported channel count ${channels}`);
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
    channels: channels as RawImage['channels'],
  };
}
