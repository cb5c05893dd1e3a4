import sharp, { type Sharp } from 'sharp';
import type { ProtectionLevel } from '@app/shared/media';
import { maxImagePixels } from '../image-processor.js';
import {
  compareHashes,
  hashDecodedImage,
  hashImageAtWorkingSize,
  workingHashSide,
  type ImageComparison,
  type ImageHashes,
} from '../perceptual-hash/compare-images.js';
import { rawInfo, type RawImage } from './geometry.js';
import { planProtection, type LevelRanges, type ProtectionPlan } from './protection-plan.js';
import { protectUntilUnmatched } from './protect-until-unmatched.js';
import { renderProtected, renderProtectedRaw, type ProtectedImage } from './render-protected.js';
import { seededRandom } from '../../../lib/seeded-random.js';

/** The picture to protect, upright, at full size for the stored copy and at the working size for the search. */
export interface ProtectionSource {
  full: RawImage;
  working: RawImage;
}

export interface ProtectionResult {
  image: ProtectedImage;
  /** The stored copy, decoded and measured against the original. */
  comparison: ImageComparison;
  /** The stored copy's own hashes (working size). */
  hashes: ImageHashes;
  attempts: number;
  plan: ProtectionPlan;
  originalHashes: ImageHashes;
}

export interface ProtectOptions {
  watermarkText?: string;
  /** PDQ hashes of the copies made before: the new one must match none of them. */
  earlierCopies?: Uint8Array[];
  nextSeed?: () => number;
  /** Other ranges than the product's, to measure variants (bench/imageshield). */
  ranges?: Record<ProtectionLevel, LevelRanges>;
}

async function toRaw(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as 3 | 4 };
}

/** A decoded picture with its working-size copy. */
export async function protectionSourceOf(full: RawImage): Promise<ProtectionSource> {
  const working = await toRaw(
    sharp(full.data, { raw: rawInfo(full) }).resize(workingHashSide, workingHashSide, {
      fit: 'inside',
      withoutEnlargement: true,
    }),
  );
  return { full, working };
}

/** Decodes an encoded picture upright in sRGB (first frame only: a protected copy is a still to post). */
export async function decodeForProtection(input: Buffer | string): Promise<ProtectionSource> {
  const source = sharp(input, { animated: false, limitInputPixels: maxImagePixels }).autoOrient();
  const { hasAlpha } = await source.metadata();
  const srgb = source.toColourspace('srgb');
  return protectionSourceOf(await toRaw(hasAlpha ? srgb.ensureAlpha() : srgb.removeAlpha()));
}

/**
 * Searches for a plan at the working size (each attempt costs a few milliseconds there), renders
 * the accepted plan once at full size, and measures what will be stored. Geometry and colour are
 * relative to the picture, so the full-size copy is the working-size candidate, only sharper.
 */
export async function protectImage(
  source: ProtectionSource,
  level: ProtectionLevel,
  options: ProtectOptions = {},
): Promise<ProtectionResult> {
  const originalHashes = hashDecodedImage(source.working);
  const search = await protectUntilUnmatched(
    originalHashes,
    level,
    async (budget, seed) => {
      const plan = planProtection(level, budget, seededRandom(seed), options.ranges, source.working);
      return {
        value: plan,
        hashes: hashDecodedImage(await renderProtectedRaw(source.working, plan, options.watermarkText)),
      };
    },
    { nextSeed: options.nextSeed, earlierCopies: options.earlierCopies },
  );
  const plan = search.candidate.value;
  const image = await renderProtected(source.full, plan, options.watermarkText);
  const hashes = await hashImageAtWorkingSize(image.data);
  return {
    image,
    comparison: compareHashes(originalHashes, hashes),
    hashes,
    attempts: search.attempts,
    plan,
    originalHashes,
  };
}
