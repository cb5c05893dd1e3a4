import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { watermarkOverlay } from './watermark.js';

/** 50 megapixels covers every phone and most cameras; beyond it, one decode could take gigabytes. */
export const maxImagePixels = 50_000_000;
/**
 * Frames × pixels one animation may cost. Re-encoding a GIF takes about 0.15 s per megapixel of
 * all its frames (measured here: 45 frames of 1000×1000 took 6 s), so this keeps one animated
 * upload near 3 s of a slot while 100 frames of 480×480 still pass.
 */
export const maxAnimationPixels = 24_000_000;
export const thumbnailWidth = 480;

// Cached decoded images only grow the heap of a server that rarely sees the same file twice.
sharp.cache(false);

export class UnreadableImageError extends Error {
  constructor(
    readonly reason: 'damaged' | 'too-many-pixels' | 'animation-too-large',
    cause: unknown,
  ) {
    super(reason, { cause });
  }
}

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

export interface PreparedImage {
  width: number;
  height: number;
  watermarked: boolean;
}

function readerOptions(format: ImageFormat): SharpOptions {
  return {
    limitInputPixels: maxImagePixels,
    // A truncated or corrupt file fails here instead of being stored half grey.
    failOn: 'warning',
    animated: format === 'gif' || format === 'webp',
  };
}

function translateError(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) throw new UnreadableImageError('too-many-pixels', error);
  throw new UnreadableImageError('damaged', error);
}

function encode(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 90 });
    case 'png':
      return pipeline.png();
    case 'webp':
      return pipeline.webp({ quality: 90 });
    case 'gif':
      return pipeline.gif();
    case 'avif':
      return pipeline.avif({ quality: 70 });
  }
}

/**
 * Re-encodes an upload in its own format: EXIF orientation applied, every metadata block (EXIF,
 * GPS, XMP, camera serials) dropped — creators' locations must not travel with their photos —
 * and, when asked, a visible watermark drawn on still images. The caller runs it as an image job
 * (image-job-scheduler.ts): it holds the decoded pixels in memory.
 */
export function prepareImage(
  input: string,
  output: string,
  format: ImageFormat,
  options: { watermarkText?: string } = {},
): Promise<PreparedImage> {
  return prepare(input, output, format, options);
}

/** A small WebP preview of the (first frame of the) prepared image, for grids. */
export function makeThumbnail(input: string, output: string): Promise<void> {
  return thumbnail(input, output);
}

/** Both steps of an upload, in the one image job the caller runs them in. */
export async function prepareImageWithThumbnail(
  input: string,
  output: string,
  thumbnailOutput: string,
  format: ImageFormat,
  options: { watermarkText?: string } = {},
): Promise<PreparedImage> {
  const prepared = await prepare(input, output, format, options);
  await thumbnail(output, thumbnailOutput);
  return prepared;
}

async function prepare(
  input: string,
  output: string,
  format: ImageFormat,
  options: { watermarkText?: string },
): Promise<PreparedImage> {
  try {
    const source = sharp(input, readerOptions(format)).autoOrient();
    const meta = await source.metadata();
    const frames = meta.pages ?? 1;
    const animated = frames > 1;
    // Read from the header before any frame is decoded: an animation over budget costs nothing.
    if (animated && meta.width! * (meta.pageHeight ?? meta.height!) * frames > maxAnimationPixels) {
      throw new UnreadableImageError('animation-too-large', null);
    }
    // autoOrient swaps the sides of a portrait photo stored sideways.
    const swapped = (meta.orientation ?? 1) >= 5;
    const width = swapped ? meta.height! : meta.width!;
    const height = swapped ? meta.width! : (meta.pageHeight ?? meta.height!);
    const watermarked = Boolean(options.watermarkText) && !animated;
    // sharp composites after orienting, so the mark lands in the corner the viewer sees.
    const pipeline = watermarked
      ? source.composite([watermarkOverlay(width, height, options.watermarkText!)])
      : source;
    await encode(pipeline, format).toFile(output);
    return { width, height, watermarked };
  } catch (error) {
    if (error instanceof UnreadableImageError) throw error;
    translateError(error);
  }
}

async function thumbnail(input: string, output: string): Promise<void> {
  try {
    await sharp(input, { limitInputPixels: maxImagePixels })
      .resize({ width: thumbnailWidth, height: thumbnailWidth, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(output);
  } catch (error) {
    translateError(error);
  }
}
