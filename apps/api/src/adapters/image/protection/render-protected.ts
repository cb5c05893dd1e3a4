import sharp, { type Sharp } from 'sharp';
import { watermarkSvg } from '../watermark.js';
import { applyGeometry, type RawImage } from './geometry.js';
import type { FramePlan, ProtectionPlan } from './protection-plan.js';

export interface ProtectedImage {
  data: Buffer;
  format: 'jpeg' | 'png';
  width: number;
  height: number;
}

function rawOptions(image: RawImage) {
  return { raw: { width: image.width, height: image.height, channels: image.channels } };
}

async function toRaw(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as 3 | 4 };
}

export async function decodeRaw(input: Buffer | string): Promise<RawImage> {
  // Only the first frame of an animation: a protected copy is a still to post.
  const source = sharp(input, { animated: false, limitInputPixels: 50_000_000 }).autoOrient();
  const { hasAlpha } = await source.metadata();
  return toRaw(hasAlpha ? source.ensureAlpha() : source.removeAlpha());
}

/**
 * A new canvas around the picture, filled with a blurred, darkened copy of itself: it moves every
 * hash's frame of reference, and unlike a plain border it cannot be trimmed away automatically.
 */
async function frame(image: RawImage, plan: FramePlan): Promise<RawImage> {
  const border = Math.round(Math.max(image.width, image.height) * plan.border);
  const width = image.width + 2 * border;
  const height = image.height + 2 * border;
  // Blurred small, then enlarged: the same soft backdrop for a fraction of the work.
  const small = await sharp(image.data, rawOptions(image))
    .resize(96, 96, { fit: 'fill' })
    .blur(4)
    .modulate({ brightness: 0.55, saturation: 0.8 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const background = await sharp(small.data, { raw: { width: 96, height: 96, channels: small.info.channels } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const left = Math.round(border + plan.offsetX * border * 0.8);
  const top = Math.round(border + plan.offsetY * border * 0.8);
  const picture = await sharp(image.data, rawOptions(image)).png({ compressionLevel: 1 }).toBuffer();
  const framed = sharp(background).composite([{ input: picture, left, top }]);
  return toRaw(image.channels === 3 ? framed.removeAlpha() : framed);
}

/** Geometry, then colour, then (heavy) the frame, then the visible watermark, encoded once at the end. */
export async function renderProtected(source: RawImage, plan: ProtectionPlan, watermarkText?: string): Promise<ProtectedImage> {
  let image = await applyGeometry(source, plan.geometry);
  const { brightness, saturation, hueDegrees, contrast } = plan.colour;
  image = await toRaw(
    sharp(image.data, rawOptions(image))
      .modulate({ brightness, saturation, hue: Math.round(hueDegrees) })
      .linear(contrast, 128 * (1 - contrast)),
  );
  if (plan.frame) image = await frame(image, plan.frame);

  let output = sharp(image.data, rawOptions(image));
  if (watermarkText) output = output.composite([{ input: watermarkSvg(image.width, image.height, watermarkText, plan.watermarkCorner) }]);
  const format = image.channels === 4 ? 'png' : 'jpeg';
  const data = format === 'png' ? await output.png().toBuffer() : await output.jpeg({ quality: 90 }).toBuffer();
  return { data, format, width: image.width, height: image.height };
}
