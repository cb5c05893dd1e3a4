// The invisible forensic mark: which transforms of a marked copy still give back its id, how sure
// the reader is, what the mark costs the picture, how long embedding and reading take, and how
// often an unmarked picture reads as marked. Over the real photographs of the ImageShield bench
// (bench/imageshield/photos.ts: fetched from Debian's archive into bench/.photos/, never
// committed; files over 12 MP shrunk to 12 MP first) plus generated pictures (textured and
// mostly flat). Protocol per picture: embed a seeded id (JPEG q95 out), then each transform, then
// read; "survived" means the exact id came back, "wrong" an id other than the one embedded.
// Quality: PSNR over all colour samples at full size, SSIM as the ImageShield bench (grey, long
// side 512), both against the decoded unmarked picture (so the q95 re-encode is counted in).
//
// Env knobs: MARK_PHOTOS=3 (only the first N photos), MARK_GENERATED_FP=40 (unmarked generated pictures).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  brighten,
  cropAt,
  jpegAt,
  mirror,
  platformReencode,
  rescale,
  rotate,
} from '../apps/api/src/adapters/image/forensic-mark/copy-transforms.js';
import {
  embedForensicMark,
  readForensicMark,
} from '../apps/api/src/adapters/image/forensic-mark/forensic-mark.js';
import { psnr, testPicture } from '../apps/api/src/adapters/image/forensic-mark/test-pictures.js';
import { seededRandom } from '../apps/api/src/lib/seeded-random.js';
import { ensurePhotos } from './imageshield/photos.js';
import { comparisonSize, ssim, toGrey } from './imageshield/ssim.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = path.join(root, 'bench', '.photos');
const twelveMp = 12_000_000;

interface Picture {
  name: string;
  data: Buffer;
  width: number;
  height: number;
  group: 'photo' | 'generated textured' | 'generated flat';
}

type Transform = (input: Buffer, random: () => number) => Promise<Buffer>;

/** Crop keeping `area` of the picture with a random aspect split and a random offset. */
const randomCrop =
  (area: number): Transform =>
  (input, random) => {
    const keepWidth = Math.sqrt(area) * (0.85 + 0.3 * random());
    const clampedWidth = Math.min(1, Math.max(area, keepWidth));
    return cropAt(input, clampedWidth, Math.min(1, area / clampedWidth), random(), random()).then((png) =>
      jpegAt(png, 85),
    );
  };

const transforms: { name: string; expected: boolean; apply: Transform }[] = [
  { name: 'as made (JPEG q95)', expected: true, apply: async (input) => input },
  { name: 'platform: trim 3%, 1280 px, JPEG q80', expected: true, apply: platformReencode },
  { name: 'JPEG q70', expected: true, apply: (input) => jpegAt(input, 70) },
  { name: 'JPEG q50', expected: true, apply: (input) => jpegAt(input, 50) },
  { name: 'resize 50%', expected: true, apply: (input) => rescale(input, 0.5) },
  { name: 'resize 25%', expected: false, apply: (input) => rescale(input, 0.25) },
  { name: 'crop 60% area, random offset', expected: true, apply: randomCrop(0.6) },
  { name: 'crop 40% area, random offset', expected: false, apply: randomCrop(0.4) },
  { name: 'screenshot: 0.8×, PNG', expected: true, apply: (input) => rescale(input, 0.8, 'png') },
  { name: 'brightness ×1.15 +10', expected: true, apply: (input) => brighten(input, 1.15, 10) },
  {
    name: 'platform, then crop 70% + 1280 q80',
    expected: true,
    apply: async (input, random) =>
      platformReencode(await randomCrop(0.7)(await platformReencode(input), random)),
  },
  { name: 'rotate 1°', expected: false, apply: (input) => rotate(input, 1) },
  { name: 'mirror', expected: false, apply: mirror },
];

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function loadPhotos(): Promise<Picture[]> {
  const files = (await ensurePhotos(cacheDir)).slice(0, Number(process.env.MARK_PHOTOS ?? Infinity));
  const pictures: Picture[] = [];
  for (const file of files) {
    let data = await readFile(file.file);
    let { width, height } = await sharp(data).metadata();
    if (width * height > twelveMp * 1.01) {
      const scale = Math.sqrt(twelveMp / (width * height));
      [width, height] = [Math.round(width * scale), Math.round(height * scale)];
      data = await sharp(data).resize(width, height, { fit: 'fill' }).jpeg({ quality: 92 }).toBuffer();
    }
    pictures.push({ name: file.name, data, width, height, group: 'photo' });
  }
  return pictures;
}

async function generatedPictures(): Promise<Picture[]> {
  const pictures: Picture[] = [];
  for (const seed of [1, 2, 3])
    pictures.push({
      name: `textured-${seed}`,
      data: await testPicture(3000, 2000, seed),
      width: 3000,
      height: 2000,
      group: 'generated textured',
    });
  for (const seed of [4, 5])
    pictures.push({
      name: `flat-${seed}`,
      data: await testPicture(3000, 2000, seed, { flat: true }),
      width: 3000,
      height: 2000,
      group: 'generated flat',
    });
  return pictures;
}

async function quality(original: Buffer, marked: Buffer, width: number, height: number) {
  const size = comparisonSize(width, height);
  const similarity = ssim(
    await toGrey(original, size.width, size.height),
    await toGrey(marked, size.width, size.height),
  );
  return { psnr: await psnr(original, marked), ssim: similarity };
}

interface Outcome {
  survived: boolean;
  wrong: boolean;
  confidence: number;
  readMs: number;
}

async function timedRead(data: Buffer) {
  const started = performance.now();
  const reading = await readForensicMark(data);
  return { reading, ms: performance.now() - started };
}

const fix = (value: number, digits = 2) => (Number.isNaN(value) ? '–' : value.toFixed(digits));

async function main() {
  const photos = await loadPhotos();
  const generated = await generatedPictures();
  console.log(
    `${photos.length} photographs (${photos.map((p) => `${p.width}×${p.height}`).join(', ')}), ${generated.length} generated pictures of 3000×2000`,
  );
  const outcomes = new Map<string, Map<string, Outcome[]>>();
  const qualities: Record<string, { psnr: number; ssim: number }[]> = {};
  const embedMsPer12Mp: number[] = [];
  let falsePositives = 0;
  let unmarkedReads = 0;
  const unmarkedMs: number[] = [];

  for (const [index, picture] of [...photos, ...generated].entries()) {
    const markId = Math.floor(seededRandom(index + 1)() * 2 ** 48);
    const started = performance.now();
    const marked = (await embedForensicMark({ data: picture.data, format: 'jpeg' }, markId)).data;
    const embedMs = performance.now() - started;
    if (picture.width * picture.height >= 4_000_000)
      embedMsPer12Mp.push((embedMs * twelveMp) / (picture.width * picture.height));
    (qualities[picture.group] ??= []).push(
      await quality(picture.data, marked, picture.width, picture.height),
    );
    const byTransform = outcomes.get(picture.group) ?? new Map<string, Outcome[]>();
    outcomes.set(picture.group, byTransform);
    const line: string[] = [];
    for (const transform of transforms) {
      const found = await transform.apply(marked, seededRandom(index * 100 + 7));
      const { reading, ms } = await timedRead(found);
      const outcome = {
        survived: reading?.markId === markId,
        wrong: reading !== null && reading.markId !== markId,
        confidence: reading?.confidence ?? NaN,
        readMs: ms,
      };
      line.push(outcome.survived ? '+' : outcome.wrong ? 'W' : '.');
      const list = byTransform.get(transform.name) ?? [];
      list.push(outcome);
      byTransform.set(transform.name, list);
    }
    // The same picture unmarked, and unmarked copies of it, must read as nothing.
    for (const transform of transforms.slice(0, 7)) {
      const { reading, ms } = await timedRead(
        await transform.apply(picture.data, seededRandom(index * 100 + 9)),
      );
      unmarkedReads += 1;
      unmarkedMs.push(ms);
      if (reading) falsePositives += 1;
    }
    console.log(
      `${picture.name.padEnd(36)} ${picture.width}×${picture.height} embed ${Math.round(embedMs)} ms  ${line.join('')}`,
    );
  }
  const extraUnmarked = Number(process.env.MARK_GENERATED_FP ?? 40);
  for (let seed = 1000; seed < 1000 + extraUnmarked; seed += 1) {
    const picture = await testPicture(1200 + (seed % 5) * 100, 900, seed, { flat: seed % 4 === 0 });
    const { reading, ms } = await timedRead(picture);
    unmarkedReads += 1;
    unmarkedMs.push(ms);
    if (reading) falsePositives += 1;
  }

  for (const [group, byTransform] of outcomes) {
    console.log(`\n${group.toUpperCase()}`);
    console.log(
      `${'transform'.padEnd(40)}${'n'.padStart(4)}${'survived'.padStart(10)}${'wrong id'.padStart(10)}${'mean conf'.padStart(11)}${'read ms med'.padStart(13)}`,
    );
    for (const [name, list] of byTransform) {
      const survivors = list.filter((o) => o.survived);
      console.log(
        name.padEnd(40) +
          String(list.length).padStart(4) +
          `${Math.round((100 * survivors.length) / list.length)}%`.padStart(10) +
          String(list.filter((o) => o.wrong).length).padStart(10) +
          fix(survivors.reduce((sum, o) => sum + o.confidence, 0) / survivors.length, 3).padStart(11) +
          String(Math.round(median(list.map((o) => o.readMs)))).padStart(13),
      );
    }
    const q = qualities[group]!;
    console.log(
      `quality of the marked copy: PSNR median ${fix(median(q.map((v) => v.psnr)), 1)} dB, min ${fix(Math.min(...q.map((v) => v.psnr)), 1)} dB; SSIM median ${fix(median(q.map((v) => v.ssim)), 4)}, min ${fix(Math.min(...q.map((v) => v.ssim)), 4)}`,
    );
  }
  console.log(
    `\nembed time (pictures ≥ 4 MP, incl. decode and JPEG q95 encode): median ${Math.round(median(embedMsPer12Mp))} ms per 12 MP, max ${Math.round(Math.max(...embedMsPer12Mp))} ms`,
  );
  console.log(
    `unmarked pictures read: ${unmarkedReads}, false positives: ${falsePositives} (${fix((100 * falsePositives) / unmarkedReads, 2)}%), read median ${Math.round(median(unmarkedMs))} ms`,
  );
}

await main();
