import sharp from 'sharp';
import { maxImagePixels, UnreadableImageError } from '../image-processor.js';

/** The classifier's input side: nsfwjs's MobileNetV2 was trained on 224×224 pictures. */
export const ratingInputSize = 224;

/**
 * A photo's first frame as the classifier reads it: 224×224, RGB, 8 bits per channel, row by row.
 * Stretched rather than cropped, as nsfwjs itself resizes (a crop could cut out what matters), and
 * transparency laid on white.
 */
export async function ratingPixelsOf(image: Buffer | string): Promise<Uint8Array> {
  try {
    const { data, info } = await sharp(image, { limitInputPixels: maxImagePixels, failOn: 'error' })
      .rotate()
      .resize(ratingInputSize, ratingInputSize, { fit: 'fill' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  } catch (error) {
    throw new UnreadableImageError('damaged', error);
  }
}
