import sharp from 'sharp';
import { maxImagePixels } from './image-processor.js';

/**
 * The longest side sent to a vision model. OpenAI's "low" detail looks at 512 px anyway and local
 * models (llava, qwen2.5-vl) work at similar sizes; 768 keeps a face readable in a full-body shot.
 */
export const visionMaxSide = 768;

export interface VisionCopy {
  /** `data:image/jpeg;base64,…`, as OpenAI-compatible chat requests take an image part. */
  dataUrl: string;
  width: number;
  height: number;
}

/**
 * A small JPEG of a stored photo for an AI service: turned upright by its EXIF orientation, fit
 * inside 768×768 (never enlarged), first frame only. sharp writes no metadata unless asked with
 * withMetadata/keepExif, so camera, GPS and serials stay here — the photo leaves our server.
 */
export async function visionCopy(original: Buffer): Promise<VisionCopy> {
  const { data, info } = await sharp(original, { limitInputPixels: maxImagePixels, failOn: 'error' })
    .rotate()
    .resize({ width: visionMaxSide, height: visionMaxSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return {
    dataUrl: `data:image/jpeg;base64,${data.toString('base64')}`,
    width: info.width,
    height: info.height,
  };
}
