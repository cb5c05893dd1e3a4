// What a platform does to an upload before anyone compares it, and the naive baseline protection.
import sharp from 'sharp';
import { seededRandom } from '../../apps/api/src/lib/seeded-random.js';

export const platformLongSide = 1080;
export const platformQuality = 75;

/**
 * Re-processing as a platform would: orientation applied, uniform borders trimmed (sharp `.trim()`,
 * default threshold), shrunk to 1080 px on the long side (never enlarged), flattened onto white,
 * JPEG quality 75. A picture that is all border (trim has nothing left) is kept untrimmed.
 */
export async function platformReprocess(input: Buffer): Promise<{ data: Buffer; trimmed: boolean }> {
  let trimmedBuffer: Buffer | undefined;
  try {
    const { data, info } = await sharp(input)
      .autoOrient()
      .trim()
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true });
    const before = await sharp(input).metadata();
    if (info.width > 0 && info.height > 0) trimmedBuffer = data;
    if (before.autoOrient.width === info.width && before.autoOrient.height === info.height)
      trimmedBuffer = undefined;
  } catch {
    trimmedBuffer = undefined;
  }
  const data = await sharp(trimmedBuffer ?? input)
    .autoOrient()
    .resize(platformLongSide, platformLongSide, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: platformQuality })
    .toBuffer();
  return { data, trimmed: trimmedBuffer !== undefined };
}

/**
 * The baseline "protection" people reach for: Gaussian blur σ 1, uniform noise ±8 per channel
 * (seeded), JPEG re-encode at quality 85. Alpha is kept through the noise and flattened by JPEG.
 */
export async function blurNoiseReencode(input: Buffer, seed: number): Promise<Buffer> {
  const { data, info } = await sharp(input).blur(1).raw().toBuffer({ resolveWithObject: true });
  const random = seededRandom(seed);
  const colourChannels = info.channels === 2 || info.channels === 4 ? info.channels - 1 : info.channels;
  for (let i = 0; i < data.length; i += 1) {
    if (i % info.channels >= colourChannels) continue;
    data[i] = Math.max(0, Math.min(255, data[i]! + Math.floor(random() * 17) - 8));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
}
