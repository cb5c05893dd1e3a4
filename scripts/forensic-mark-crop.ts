// Writes docs/forensic-mark-side-by-side.png: a photo unmarked (left) and marked (middle) at 100%,
// and their difference amplified 20× around mid-grey (right), for a person to judge the mark by
// eye. The photo is scikit-image's astronaut (NASA, public domain), fetched like the bench's.
// `npx tsx scripts/forensic-mark-crop.ts`
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { embedForensicMark } from '../apps/api/src/adapters/image/forensic-mark/forensic-mark.js';
import { ensurePhotos } from '../bench/imageshield/photos.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const photos = await ensurePhotos(path.join(root, 'bench', '.photos'));
const photo = photos.find((p) => p.name.startsWith('astronaut'))!;
const original = await sharp(photo.file).removeAlpha().png().toBuffer();
const marked = (await embedForensicMark({ data: original, format: 'png' }, 0x5a5a_1234_beef)).data;
const [a, b] = await Promise.all(
  [original, marked].map((input) => sharp(input).raw().toBuffer({ resolveWithObject: true })),
);
const { width, height, channels } = a!.info;
const difference = Buffer.alloc(a!.data.length);
for (let i = 0; i < difference.length; i += 1)
  difference[i] = Math.max(0, Math.min(255, 128 + 20 * (b!.data[i]! - a!.data[i]!)));
const gap = 8;
const panels = [a!.data, b!.data, difference].map((data, index) => ({
  input: data,
  raw: { width, height, channels },
  left: index * (width + gap),
  top: 0,
}));
await sharp({
  create: { width: 3 * width + 2 * gap, height, channels: 3, background: '#ffffff' },
})
  .composite(panels)
  .png()
  .toFile(path.join(root, 'docs', 'forensic-mark-side-by-side.png'));
console.log(
  `docs/forensic-mark-side-by-side.png: ${photo.name} ${width}×${height}, unmarked | marked | difference ×20`,
);
