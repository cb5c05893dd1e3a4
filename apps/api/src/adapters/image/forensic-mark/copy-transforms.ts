/**
 * What happens to a copy between us and the place it is found, for the mark's tests and bench.
 * Each takes an encoded picture and returns the found one.
 */
import sharp from 'sharp';

async function size(input: Buffer) {
  const { width, height } = (await sharp(input).metadata()).autoOrient;
  return { width, height };
}

/** A crop keeping `keepWidth` × `keepHeight` of the picture, its top left at a fraction of the room left. */
export async function cropAt(input: Buffer, keepWidth: number, keepHeight: number, atX: number, atY: number) {
  const { width, height } = await size(input);
  const cropWidth = Math.round(width * keepWidth);
  const cropHeight = Math.round(height * keepHeight);
  return sharp(input)
    .autoOrient()
    .extract({
      left: Math.round((width - cropWidth) * atX),
      top: Math.round((height - cropHeight) * atY),
      width: cropWidth,
      height: cropHeight,
    })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** The re-encode an outside evaluator saw on a platform: 3% of border trimmed, 1280 px long side, JPEG q80. */
export async function platformReencode(input: Buffer) {
  const trimmed = await cropAt(input, 0.94, 0.94, 0.5, 0.5);
  return sharp(trimmed)
    .resize(1280, 1280, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export async function jpegAt(input: Buffer, quality: number) {
  return sharp(input).jpeg({ quality }).toBuffer();
}

/** Resized by a factor (both sides), then saved as JPEG q90 or, for a screenshot, PNG. */
export async function rescale(input: Buffer, factor: number, as: 'jpeg' | 'png' = 'jpeg') {
  const { width, height } = await size(input);
  const resized = sharp(input).resize(Math.round(width * factor), Math.round(height * factor), {
    fit: 'fill',
  });
  return as === 'png' ? resized.png().toBuffer() : resized.jpeg({ quality: 90 }).toBuffer();
}

/** Brighter by a factor plus an offset in grey levels, JPEG q90. */
export async function brighten(input: Buffer, gain: number, offset: number) {
  return sharp(input).linear(gain, offset).jpeg({ quality: 90 }).toBuffer();
}

export async function rotate(input: Buffer, degrees: number) {
  return sharp(input).rotate(degrees, { background: '#000000' }).jpeg({ quality: 90 }).toBuffer();
}

export async function mirror(input: Buffer) {
  return sharp(input).flop().jpeg({ quality: 90 }).toBuffer();
}

/** The pipeline the mark's targets name: 3% of border trimmed unevenly, 1080 px long side, JPEG q75. */
export async function platformPipeline(input: Buffer) {
  const trimmed = await cropAt(input, 0.97, 0.97, 0.3, 0.7);
  return sharp(trimmed)
    .resize(1080, 1080, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 75 })
    .toBuffer();
}

export async function webpAt(input: Buffer, quality: number) {
  return sharp(input).webp({ quality }).toBuffer();
}

/** Long side brought to `pixels` (never enlarged), JPEG q90. */
export async function resizeLongSide(input: Buffer, pixels: number) {
  return sharp(input)
    .resize(pixels, pixels, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Contrast scaled by `gain` about mid-grey, JPEG q90. */
export async function contrast(input: Buffer, gain: number) {
  return sharp(input)
    .linear(gain, 128 * (1 - gain))
    .jpeg({ quality: 90 })
    .toBuffer();
}
