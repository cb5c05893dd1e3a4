// ImageShield: does a protected copy still match its original once a platform has re-processed it,
// how much does it cost the picture, and how long does it take? Over real photographs fetched from
// Debian's archive into bench/.photos/ (lomiri-wallpapers-16.04/20.04, python3-skimage; CC-BY,
// CC-BY-SA, CC0, public domain; never committed) and generated edge cases. Protocol per image and
// level: the production path (decodeForProtection, then protectImage: the search at 512 px and the
// full-size render, no watermark), then platform re-processing (trim borders, 1080 px long
// side, JPEG q75), then every hash compared with the original's. Quality is aligned SSIM: the
// output against the original put through the same affine geometry and crop alone (for heavy,
// only the picture inside the frame). Baseline in the same run: blur σ 1 + noise ±8 + JPEG q85.
//
// Env knobs (for variants, not used by `npm run bench`):
//   IMAGESHIELD_RANGES='{"light":{"angle":[2,3]}}'  level ranges merged over production's
//   IMAGESHIELD_LEVELS=light,standard              levels to run
//   IMAGESHIELD_PHOTO_LIMIT=6                       only the first that many photos (for iterating)
//   IMAGESHIELD_PHOTOS_ONLY=1                       skip the edge cases, the baseline and the two-copy check
//   IMAGESHIELD_COPY_PAIRS=10                       extra: that many pairs of standard copies per photo (shrunk to 1 MP), PDQ between them
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchThresholds, type HashName, type ProtectionLevel } from '@app/shared/media';
import sharp from 'sharp';
import {
  compareHashes,
  hashImage,
  type ImageComparison,
  type ImageHashes,
} from '../apps/api/src/adapters/image/perceptual-hash/compare-images.js';
import { applyGeometry, areaKept } from '../apps/api/src/adapters/image/protection/geometry.js';
import {
  frameLayout,
  pictureSizeInCopy,
} from '../apps/api/src/adapters/image/protection/render-protected.js';
import {
  levelRanges,
  type LevelRanges,
  type ProtectionPlan,
} from '../apps/api/src/adapters/image/protection/protection-plan.js';
import { edgeCases } from './imageshield/edge-cases.js';
import { ensurePhotos, debianPackages } from './imageshield/photos.js';
import { blurNoiseReencode, platformReprocess } from './imageshield/platform.js';
import {
  loadOpenCv,
  minInliers,
  orbFeatures,
  orbLongSide,
  orbMatch,
  orbUnavailable,
  type Loaded,
  type OrbFeatures,
  type OrbMatch,
} from './imageshield/orb.js';
import { protectForBench, type ProtectRun, type Ranges } from './imageshield/protect.js';
import { comparisonSize, ssim, toGrey, type GreyImage } from '../apps/api/src/adapters/image/ssim.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = path.join(root, 'bench', '.photos');
const hashes: HashName[] = ['pdq', 'phash', 'dhash', 'ahash', 'dhash256', 'blockhash256'];
const hashLabels: Record<HashName, string> = {
  pdq: 'PDQ',
  phash: 'pHash',
  dhash: 'dHash',
  ahash: 'aHash',
  dhash256: 'dH-256',
  blockhash256: 'bh-256',
};
const allLevels: ProtectionLevel[] = ['light', 'standard', 'heavy'];
/** Photos above this are shrunk to it first; it is also the unit of the timing column. */
const twelveMp = 12_000_000;
/** Photos below this are too small for a per-pixel time to say much about a 12 MP one. */
const timingMinPixels = 4_000_000;

interface Target {
  evasion: Partial<Record<HashName, number>>;
  ssimMedian: number;
  ssimMin?: number;
  msPer12Mp: number;
}

/** The issue's table. */
const targets: Record<ProtectionLevel, Target> = {
  light: {
    evasion: { pdq: 0.95, dhash256: 0.95, blockhash256: 0.9, phash: 0.5 },
    ssimMedian: 0.97,
    ssimMin: 0.92,
    msPer12Mp: 600,
  },
  standard: {
    evasion: { pdq: 1, dhash256: 1, blockhash256: 1, phash: 0.9, dhash: 0.7 },
    ssimMedian: 0.97,
    ssimMin: 0.93,
    msPer12Mp: 800,
  },
  heavy: {
    evasion: { pdq: 1, dhash256: 1, blockhash256: 1, phash: 1, dhash: 0.9, ahash: 0.6 },
    ssimMedian: 0.95,
    msPer12Mp: 1500,
  },
};

interface Measured {
  /** Hash verdicts after platform re-processing. */
  platform: ImageComparison;
  /** Hash verdicts on the output as produced (what the product's report shows). */
  direct?: ImageComparison;
  alignedSsim: number;
  plainSsim: number;
  ms: number;
  /** Protection only: the retry loop without the decode and the original's hashes. */
  /** CPU time of the whole call (user + system, every thread). */
  cpuMs?: number;
  pixels: number;
  attempts?: number;
  trimmed: boolean;
  /** Share of the original's pixels present in the output (protection only; the frame is not counted). */
  kept?: number;
  /** ORB + RANSAC of the re-processed copy against the original (absent without OpenCV). */
  orb?: OrbMatch;
}

/** OpenCV and the original's ORB features, when OpenCV is there. */
interface OrbContext {
  opencv: Loaded;
  original: OrbFeatures;
}

async function orbOf(context: OrbContext | undefined, reposted: Buffer): Promise<OrbMatch | undefined> {
  if (!context) return undefined;
  const copy = await orbFeatures(context.opencv.cv, reposted);
  try {
    return orbMatch(context.opencv.cv, context.original, copy);
  } finally {
    copy.free();
  }
}

interface ImageInput {
  name: string;
  data: Buffer;
  width: number;
  height: number;
  kind: 'photo' | 'edge';
  note: string;
}

// ---------------------------------------------------------------------------------------------
// Helpers

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function seedsFor(name: string, salt: number): () => number {
  let seed = salt * 7919;
  for (const char of name) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) >>> 0;
  seed &= 0x3fffffff;
  return () => (seed += 1);
}

const pct = (share: number) => (Number.isNaN(share) ? '   –' : `${Math.round(share * 100)}%`.padStart(4));
const fix3 = (value: number) => (Number.isNaN(value) ? '  –  ' : value.toFixed(3));
const mp = (pixels: number) => `${(pixels / 1e6).toFixed(1)} MP`;

async function sizeOf(data: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(data).metadata();
  return { width: meta.width, height: meta.height };
}

/** A photo as the bench uploads it: unchanged up to 12 MP, else shrunk to 12 MP (JPEG q92). */
async function preparePhoto(
  file: string,
): Promise<{ data: Buffer; width: number; height: number; fileWidth: number; fileHeight: number }> {
  const data = await readFile(file);
  const { width, height } = await sizeOf(data);
  if (width * height <= twelveMp * 1.01) return { data, width, height, fileWidth: width, fileHeight: height };
  const scale = Math.sqrt(twelveMp / (width * height));
  const target = { width: Math.round(width * scale), height: Math.round(height * scale) };
  const shrunk = await sharp(data)
    .resize(target.width, target.height, { fit: 'fill', kernel: 'lanczos3' })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { data: shrunk, ...target, fileWidth: width, fileHeight: height };
}

/** The protected picture without its frame (heavy), as raw pixels. */
async function pictureArea(
  output: Buffer,
  plan: ProtectionPlan,
  pictureWidth: number,
  pictureHeight: number,
) {
  const { data, info } = await sharp(output).raw().toBuffer({ resolveWithObject: true });
  if (!plan.frame) return { data, width: info.width, height: info.height, channels: info.channels };
  // A picture near the pixel limit is shrunk inside its frame (pictureSizeInCopy).
  const inside = pictureSizeInCopy(pictureWidth, pictureHeight, plan.frame);
  const { left, top } = frameLayout(inside.width, inside.height, plan.frame);
  const picture = await sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  })
    .extract({ left, top, ...inside })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: picture.data,
    width: picture.info.width,
    height: picture.info.height,
    channels: picture.info.channels,
  };
}

const originalGreys = new Map<string, Promise<GreyImage>>();

/** Plain SSIM: both pictures squeezed to the original's comparison size, nothing aligned. */
async function plainSsim(image: ImageInput, candidate: Buffer): Promise<number> {
  const size = comparisonSize(image.width, image.height);
  if (!originalGreys.has(image.name))
    originalGreys.set(image.name, toGrey(image.data, size.width, size.height));
  return ssim(await originalGreys.get(image.name)!, await toGrey(candidate, size.width, size.height));
}

/** `originalHashes`: the bench's own full-size measurement of the original, not the product's working-size one. */
async function measureProtection(
  image: ImageInput,
  run: ProtectRun,
  originalHashes: ImageHashes,
  orb?: OrbContext,
): Promise<Measured> {
  const reference = await applyGeometry(run.source, run.plan.geometry);
  const picture = await pictureArea(run.image.data, run.plan, reference.width, reference.height);
  const size = comparisonSize(reference.width, reference.height);
  const alignedSsim = ssim(
    await toGrey(reference, size.width, size.height),
    await toGrey(picture, size.width, size.height),
  );
  const reposted = await platformReprocess(run.image.data);
  return {
    platform: compareHashes(originalHashes, await hashImage(reposted.data)),
    direct: run.comparison,
    alignedSsim,
    plainSsim: await plainSsim(image, run.image.data),
    ms: run.ms,
    cpuMs: run.cpuMs,
    pixels: image.width * image.height,
    attempts: run.attempts,
    trimmed: reposted.trimmed,
    kept: areaKept(run.source.width, run.source.height, run.plan.geometry),
    orb: await orbOf(orb, reposted.data),
  };
}

async function measureBaseline(image: ImageInput, originalHashes: ImageHashes): Promise<Measured> {
  const started = performance.now();
  const output = await blurNoiseReencode(image.data, 1);
  const ms = performance.now() - started;
  const reposted = await platformReprocess(output);
  const quality = await plainSsim(image, output);
  return {
    platform: compareHashes(originalHashes, await hashImage(reposted.data)),
    direct: compareHashes(originalHashes, await hashImage(output)),
    alignedSsim: quality,
    plainSsim: quality,
    ms,
    pixels: image.width * image.height,
    trimmed: reposted.trimmed,
  };
}

/** Control: the unprotected original through the same platform re-processing. */
async function measureControl(
  image: ImageInput,
  originalHashes: ImageHashes,
  orb?: OrbContext,
): Promise<Measured> {
  const reposted = await platformReprocess(image.data);
  return {
    platform: compareHashes(originalHashes, await hashImage(reposted.data)),
    alignedSsim: NaN,
    plainSsim: NaN,
    ms: NaN,
    pixels: image.width * image.height,
    trimmed: reposted.trimmed,
    orb: await orbOf(orb, reposted.data),
  };
}

// ---------------------------------------------------------------------------------------------
// Tables

interface Row {
  label: string;
  results: Measured[];
  comparison: 'platform' | 'direct';
}

const column = (text: string, width: number) => text.padStart(width);

function evasionShare(results: Measured[], name: HashName, comparison: 'platform' | 'direct'): number {
  const usable = results.filter((r) => r[comparison]);
  return usable.filter((r) => !r[comparison]![name].matches).length / usable.length;
}

function msPer12Mp(results: Measured[], key: 'ms' | 'cpuMs' = 'ms'): number {
  return median(
    results
      .filter((r) => r.pixels >= timingMinPixels && r[key] !== undefined)
      .map((r) => (r[key]! * twelveMp) / r.pixels),
  );
}

function printLevelTable(level: ProtectionLevel, rows: Row[], gate: Measured[]): void {
  const target = targets[level];
  const header =
    column('', 42) +
    hashes.map((name) => column(hashLabels[name], 7)).join('') +
    column('SSIMal med', 12) +
    column('min', 7) +
    column('plain', 7) +
    column('ms/12MP', 9) +
    column('tries', 7) +
    column('kept med', 10) +
    column('min', 6) +
    column('ORB', 6) +
    column('inl med', 8);
  console.log(
    `\n${level.toUpperCase()}${level === 'heavy' ? ' (aligned SSIM on the picture inside the frame, no overlay)' : ''}`,
  );
  console.log(header);
  for (const row of rows) {
    if (row.results.length === 0) continue;
    const attempts = row.results.filter((r) => r.attempts !== undefined).map((r) => r.attempts!);
    const kept = row.results.filter((r) => r.kept !== undefined).map((r) => r.kept!);
    // The local-feature verdict is about the copy after re-processing, whatever the row's comparison.
    const orbs = row.comparison === 'platform' ? row.results.flatMap((r) => (r.orb ? [r.orb] : [])) : [];
    console.log(
      `${row.label} (n=${row.results.length})`.padEnd(42) +
        hashes.map((name) => column(pct(evasionShare(row.results, name, row.comparison)), 7)).join('') +
        column(fix3(median(row.results.map((r) => r.alignedSsim))), 12) +
        column(fix3(Math.min(...row.results.map((r) => r.alignedSsim))), 7) +
        column(fix3(median(row.results.map((r) => r.plainSsim))), 7) +
        column(
          Number.isNaN(msPer12Mp(row.results)) ? '–' : Math.round(msPer12Mp(row.results)).toString(),
          9,
        ) +
        column(
          attempts.length ? (attempts.reduce((a, b) => a + b, 0) / attempts.length).toFixed(2) : '–',
          7,
        ) +
        column(kept.length ? median(kept).toFixed(3) : '–', 10) +
        column(kept.length ? Math.min(...kept).toFixed(3) : '–', 6) +
        column(orbs.length ? pct(orbs.filter((o) => o.matched).length / orbs.length) : '–', 6) +
        column(orbs.length ? String(median(orbs.map((o) => o.inliers))) : '–', 8),
    );
  }
  const targetCells = hashes.map((name) =>
    column(target.evasion[name] === undefined ? '–' : `≥${Math.round(target.evasion[name]! * 100)}%`, 7),
  );
  console.log(
    'target'.padEnd(42) +
      targetCells.join('') +
      column(`≥${target.ssimMedian}`, 12) +
      column(target.ssimMin === undefined ? '–' : `≥${target.ssimMin}`, 7) +
      column('', 7) +
      column(`≤${target.msPer12Mp}`, 9),
  );
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const ssimMedian = median(gate.map((r) => r.alignedSsim));
  const ssimMin = Math.min(...gate.map((r) => r.alignedSsim));
  const ms = msPer12Mp(gate);
  console.log(
    'ImageShield photos vs target'.padEnd(42) +
      hashes
        .map((name) =>
          column(
            target.evasion[name] === undefined
              ? ''
              : verdict(evasionShare(gate, name, 'platform') >= target.evasion[name]! - 1e-9),
            7,
          ),
        )
        .join('') +
      column(verdict(ssimMedian >= target.ssimMedian), 12) +
      column(target.ssimMin === undefined ? '' : verdict(ssimMin >= target.ssimMin), 7) +
      column('', 7) +
      column(verdict(ms <= target.msPer12Mp), 9),
  );
}

/**
 * More pairs of standard copies than the main run makes, on photos shrunk to 1 MP (the geometry,
 * not the resolution, decides the distance between copies), to put a number on how often two
 * copies still match each other.
 */
async function copyPairStudy(images: ImageInput[], pairs: number, ranges?: Ranges): Promise<void> {
  const rows: Array<{ distance: number; sameSign: boolean }> = [];
  for (const image of images.filter((i) => i.kind === 'photo')) {
    const scale = Math.min(1, Math.sqrt(1e6 / (image.width * image.height)));
    const small = await sharp(image.data)
      .resize(Math.round(image.width * scale), Math.round(image.height * scale))
      .jpeg({ quality: 92 })
      .toBuffer();
    for (let pair = 0; pair < pairs; pair += 1) {
      const a = await protectForBench(small, 'standard', seedsFor(image.name, 1000 + 2 * pair), ranges);
      const b = await protectForBench(small, 'standard', seedsFor(image.name, 1001 + 2 * pair), ranges);
      const distance = compareHashes(await hashImage(a.image.data), await hashImage(b.image.data)).pdq
        .distance;
      rows.push({
        distance,
        sameSign: Math.sign(a.plan.geometry.angleDegrees) === Math.sign(b.plan.geometry.angleDegrees),
      });
    }
  }
  const failed = rows.filter((r) => r.distance <= matchThresholds.pdq);
  console.log(
    `
Copy-pair study: ${rows.length} pairs of standard copies (${pairs} per photo, ≤1 MP): PDQ evades in ${pct(1 - failed.length / rows.length).trim()} ` +
      `(${failed.length} match, ${failed.filter((r) => r.sameSign).length} of them with both tilts the same way); ` +
      `distance median ${median(rows.map((r) => r.distance))}, 5th percentile ${[...rows].sort((x, y) => x.distance - y.distance)[Math.floor(rows.length * 0.05)]!.distance}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Main

function rangesFromEnv(): { ranges?: Ranges; description?: string } {
  const raw = process.env.IMAGESHIELD_RANGES;
  if (!raw) return {};
  const override = JSON.parse(raw) as Partial<Record<ProtectionLevel, Partial<LevelRanges>>>;
  const merged = Object.fromEntries(
    allLevels.map((level) => [level, { ...levelRanges[level], ...(override[level] ?? {}) }]),
  ) as Record<ProtectionLevel, LevelRanges>;
  return { ranges: merged, description: JSON.stringify(override) };
}

async function main(): Promise<void> {
  const levels =
    (process.env.IMAGESHIELD_LEVELS?.split(',').filter(Boolean) as ProtectionLevel[] | undefined) ??
    allLevels;
  const copyPairs = Number(process.env.IMAGESHIELD_COPY_PAIRS ?? 0);
  const photosOnly = process.env.IMAGESHIELD_PHOTOS_ONLY === '1';
  const variant = rangesFromEnv();
  const startedAt = performance.now();
  const startLoad = loadavg()[0]!;
  console.log(
    `ImageShield: protection vs platform re-processing (${debianPackages.join(', ')}), sharp ${sharp.versions.sharp}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const opencv = await loadOpenCv();
  console.log(
    opencv
      ? `ORB column: OpenCV ${opencv.cv.getBuildInformation?.().match(/General configuration for OpenCV ([\d.]+)/)?.[1] ?? '(wasm)'}, ` +
          `ORB 1000 keypoints at ${orbLongSide} px, BFMatcher Hamming, ratio 0.75, RANSAC 5 px; "ORB" = share of copies matched (≥${minInliers} inliers on a plausible homography)`
      : `ORB column skipped: ${orbUnavailable()}`,
  );
  if (variant.ranges) {
    console.log(`VARIANT ranges (merged over production's): ${variant.description}`);
  }

  let photoFiles;
  try {
    photoFiles = await ensurePhotos(cacheDir);
  } catch (error) {
    console.error(`\nCannot get the benchmark photos: ${(error as Error).message}`);
    console.error(
      `Needs Debian's archive reachable and apt-get/dpkg-deb (run as root, or fill ${path.relative(root, cacheDir)}/ by hand).`,
    );
    process.exit(1);
  }

  const images: ImageInput[] = [];
  const photoLimit = Number(process.env.IMAGESHIELD_PHOTO_LIMIT ?? 0);
  // Every other photo, so that a subset still mixes the wallpapers and scikit-image's photos.
  const chosen = photoLimit > 0 ? photoFiles.filter((_, i) => i % 2 === 0).slice(0, photoLimit) : photoFiles;
  console.log(`\n${chosen.length} photographs (files >12 MP shrunk to 12 MP before upload):`);
  for (const photo of chosen) {
    const prepared = await preparePhoto(photo.file);
    images.push({
      name: photo.name,
      data: prepared.data,
      width: prepared.width,
      height: prepared.height,
      kind: 'photo',
      note: photo.source,
    });
    const shrunk =
      prepared.fileWidth !== prepared.width ? ` (file ${prepared.fileWidth}×${prepared.fileHeight})` : '';
    console.log(
      `  ${photo.name.padEnd(42)} ${`${prepared.width}×${prepared.height}`.padStart(10)} ${mp(prepared.width * prepared.height).padStart(8)}${shrunk}`,
    );
  }
  if (!photosOnly) {
    const file = (name: string) => photoFiles.find((p) => p.name === name)!.file;
    const generated = await edgeCases({
      cutout: file('Dragonfly_by_Bolly'),
      rotated: file('Bridge_by_Sander_Klootwijk'),
      tiny: file('coffee'),
      huge: file('Kleiber_by_Lukas_Baubkus'),
    });
    console.log(`${generated.length} generated edge cases:`);
    for (const edge of generated) {
      const { width, height } = await sizeOf(edge.data);
      images.push({ name: edge.name, data: edge.data, width, height, kind: 'edge', note: edge.note });
      console.log(
        `  ${edge.name.padEnd(42)} ${`${width}×${height}`.padStart(10)} ${mp(width * height).padStart(8)}  ${edge.note}`,
      );
    }
  }

  const results = new Map<ProtectionLevel, Map<string, Measured>>(levels.map((level) => [level, new Map()]));
  const baseline = new Map<string, Measured>();
  const control = new Map<string, Measured>();
  const copies: Array<{ name: string; direct: number; platform: number; angles: [number, number] }> = [];
  const failures: string[] = [];
  const orientationNotes: string[] = [];

  console.log(
    `\nPer image: level → attempts, ms, aligned SSIM, hashes still matching after platform re-processing`,
  );
  for (const image of images) {
    const parts: string[] = [];
    const originalHashes = await hashImage(image.data);
    const orb: OrbContext | undefined = opencv
      ? { opencv, original: await orbFeatures(opencv.cv, image.data) }
      : undefined;
    for (const [index, level] of levels.entries()) {
      try {
        const run = await protectForBench(image.data, level, seedsFor(image.name, index + 1), variant.ranges);
        const measured = await measureProtection(image, run, originalHashes, orb);
        results.get(level)!.set(image.name, measured);
        const matching = hashes
          .filter((name) => measured.platform[name].matches)
          .map((name) => hashLabels[name]);
        parts.push(
          `${level[0]}:${run.attempts}× ${Math.round(run.ms)}ms ${measured.alignedSsim.toFixed(3)} kept ${measured.kept!.toFixed(3)}` +
            `${measured.orb ? ` ORB ${measured.orb.inliers}${measured.orb.matched ? '' : measured.orb.plausible ? ' (too few)' : ' (implausible homography)'}` : ''}${matching.length ? ` [${matching.join(',')}]` : ''}`,
        );

        if (!photosOnly && level === 'standard' && image.kind === 'photo') {
          // A second copy of the same photo (a fresh seed stream), against the first: PDQ must not match.
          const second = await protectForBench(image.data, level, seedsFor(image.name, 101), variant.ranges);
          const [a, b] = await Promise.all([hashImage(run.image.data), hashImage(second.image.data)]);
          const [pa, pb] = await Promise.all([
            platformReprocess(run.image.data),
            platformReprocess(second.image.data),
          ]);
          copies.push({
            name: image.name,
            direct: compareHashes(a, b).pdq.distance,
            platform: compareHashes(await hashImage(pa.data), await hashImage(pb.data)).pdq.distance,
            angles: [run.plan.geometry.angleDegrees, second.plan.geometry.angleDegrees],
          });
        }
        if (image.kind === 'edge' && index === 0) {
          const before = await sharp(image.data).metadata();
          const after = await sharp(run.image.data).metadata();
          const shown = (m: typeof before) =>
            m.autoOrient.width >= m.autoOrient.height ? 'landscape' : 'portrait';
          orientationNotes.push(
            `  ${image.name.padEnd(14)} original shown ${before.autoOrient.width}×${before.autoOrient.height} (${shown(before)}, ${before.hasAlpha ? 'alpha' : 'opaque'}) → ` +
              `protected ${run.image.format} ${run.image.width}×${run.image.height} shown ${after.autoOrient.width}×${after.autoOrient.height} (${shown(after)}, ${after.hasAlpha ? 'alpha' : 'opaque'}, EXIF orientation ${after.orientation ?? 'none'})` +
              (shown(before) !== shown(after) ? '  ← SHOWN SIDEWAYS' : ''),
          );
        }
      } catch (error) {
        failures.push(`${image.name} ${level}: ${(error as Error).message}`);
        parts.push(`${level[0]}: FAILED`);
      }
    }
    if (!photosOnly) {
      try {
        const measured = await measureBaseline(image, originalHashes);
        baseline.set(image.name, measured);
        const matching = hashes
          .filter((name) => measured.platform[name].matches)
          .map((name) => hashLabels[name]);
        parts.push(
          `base: ${Math.round(measured.ms)}ms ${measured.alignedSsim.toFixed(3)}${matching.length ? ` [${matching.join(',')}]` : ''}`,
        );
      } catch (error) {
        failures.push(`${image.name} baseline: ${(error as Error).message}`);
      }
    }
    try {
      const unprotected = await measureControl(image, originalHashes, orb);
      control.set(image.name, unprotected);
      const evading = hashes
        .filter((name) => !unprotected.platform[name].matches)
        .map((name) => hashLabels[name]);
      if (evading.length)
        parts.push(`control evades [${evading.join(',')}]${unprotected.trimmed ? ' (trimmed)' : ''}`);
      if (unprotected.orb) parts.push(`control ORB ${unprotected.orb.inliers}`);
    } catch (error) {
      failures.push(`${image.name} control: ${(error as Error).message}`);
    }
    orb?.original.free();
    console.log(
      `  ${image.name.padEnd(34)} ${mp(image.width * image.height).padStart(8)}  ${parts.join(' | ')}`,
    );
  }

  const photoNames = images.filter((i) => i.kind === 'photo').map((i) => i.name);
  const pick = (map: Map<string, Measured>, names: string[]) =>
    names.flatMap((name) => (map.has(name) ? [map.get(name)!] : []));
  const allNames = images.map((i) => i.name);

  console.log(
    `\nEvasion = share of images whose hash is beyond its match threshold (PDQ >${matchThresholds.pdq}/256; pHash, dHash, aHash >${matchThresholds.phash}/64; ` +
      `dHash-256 >${matchThresholds.dhash256}; blockhash-256 >${matchThresholds.blockhash256}) after platform re-processing (trim, 1080 px, JPEG q75) ` +
      `unless the row says "as produced". SSIMal = aligned SSIM (grey, long side ≤512, Gaussian 11×11 σ1.5); plain = unaligned SSIM for context. ` +
      `ms/12MP = median over photos of ≥${timingMinPixels / 1e6} MP of ms × 12 MP / pixels, for the whole call: decode, original hashes, the search at 512 px, the full-size render and its measurement. ` +
      `tries = mean attempts (max 4).`,
  );
  for (const level of levels) {
    const levelResults = results.get(level)!;
    const rows: Row[] = [
      { label: 'ImageShield, photos', results: pick(levelResults, photoNames), comparison: 'platform' },
      {
        label: 'ImageShield, photos, as produced',
        results: pick(levelResults, photoNames),
        comparison: 'direct',
      },
      {
        label: 'ImageShield, photos + edge cases',
        results: pick(levelResults, allNames),
        comparison: 'platform',
      },
      {
        label: 'baseline blur+noise+JPEG, photos',
        results: pick(baseline, photoNames),
        comparison: 'platform',
      },
      { label: 'baseline, photos + edge cases', results: pick(baseline, allNames), comparison: 'platform' },
      {
        label: 'control: re-processing only, photos',
        results: pick(control, photoNames),
        comparison: 'platform',
      },
      { label: 'control, photos + edge cases', results: pick(control, allNames), comparison: 'platform' },
    ];
    printLevelTable(level, rows, pick(levelResults, photoNames));
    const all = pick(levelResults, allNames);
    const flips = all.flatMap((r) =>
      hashes
        .filter((name) => r.direct![name].matches !== r.platform[name].matches)
        .map((name) => ({ name, r })),
    );
    const meanShift = (name: HashName) =>
      all.reduce((sum, r) => sum + r.platform[name].distance - r.direct![name].distance, 0) / all.length;
    console.log(
      `platform re-processing changed ${flips.length} of ${all.length * hashes.length} verdicts ` +
        `(${flips.filter((f) => f.r.platform[f.name].matches).length} to "matches"); mean distance change ` +
        hashes
          .map(
            (name) => `${hashLabels[name]} ${meanShift(name) >= 0 ? '+' : ''}${meanShift(name).toFixed(1)}`,
          )
          .join(', '),
    );
  }

  const twelve = images
    .filter((i) => i.kind === 'photo' && Math.abs(i.width * i.height - twelveMp) < 0.2e6)
    .map((i) => i.name);
  if (twelve.length) {
    const at12 = (level: ProtectionLevel) =>
      Math.round(median(pick(results.get(level)!, twelve).map((r) => r.ms)));
    console.log(
      `\nMeasured on the ${twelve.length} photos that are 12 MP as uploaded (no normalisation), median ms per whole call: ` +
        levels.map((level) => `${level} ${at12(level)}`).join(', ') +
        (baseline.size ? `, baseline ${Math.round(median(pick(baseline, twelve).map((r) => r.ms)))}` : ''),
    );
  }
  if (levels.length) {
    console.log(
      `CPU time per 12 MP (user+system, all threads; wall time on an idle 2-core machine falls between half of it and all of it): ` +
        levels
          .map(
            (level) => `${level} ${Math.round(msPer12Mp(pick(results.get(level)!, photoNames), 'cpuMs'))} ms`,
          )
          .join(', ') +
        `; wall times above were taken with other work on the machine (1-minute load average ${startLoad.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} now, ${availableParallelism()} cores).`,
    );
  }
  const huge = images.find((i) => i.name === 'huge');
  if (huge)
    console.log(
      `Huge 48 MP: ${levels.map((level) => `${level} ${Math.round(results.get(level)!.get('huge')?.ms ?? NaN)} ms`).join(', ')}`,
    );

  if (copies.length) {
    const evadeDirect = copies.filter((c) => c.direct > matchThresholds.pdq).length;
    const evadePlatform = copies.filter((c) => c.platform > matchThresholds.pdq).length;
    console.log(
      `\nTwo standard copies of one photo (different seeds), PDQ between them: evade ${pct(evadeDirect / copies.length).trim()} as produced ` +
        `(min distance ${Math.min(...copies.map((c) => c.direct))}), ${pct(evadePlatform / copies.length).trim()} after platform re-processing ` +
        `(min ${Math.min(...copies.map((c) => c.platform))}) of ${copies.length} photos; target 100% → ${evadeDirect === copies.length && evadePlatform === copies.length ? 'PASS' : 'MISS'}`,
    );
    for (const pair of copies.filter(
      (c) => c.direct <= matchThresholds.pdq || c.platform <= matchThresholds.pdq,
    )) {
      console.log(
        `  still matching: ${pair.name} PDQ ${pair.direct} / ${pair.platform} after re-processing, angles ${pair.angles.map((a) => `${a.toFixed(2)}°`).join(' and ')}`,
      );
    }
  }
  if (copyPairs > 0) await copyPairStudy(images, copyPairs, variant.ranges);
  if (orientationNotes.length)
    console.log(`\nEdge cases, what the protected copy looks like:\n${orientationNotes.join('\n')}`);
  if (failures.length) console.log(`\nFAILED (${failures.length}):\n  ${failures.join('\n  ')}`);
  console.log(
    `\nTotal ${((performance.now() - startedAt) / 1000).toFixed(0)} s, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

await main();
// OpenCV's runtime keeps the process alive.
process.exit();
