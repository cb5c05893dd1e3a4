/**
 * Generated test pictures for the mark: textured like a photo (gradients, blotches at several
 * sizes, shapes, grain), or mostly flat (a smooth gradient with one shape), from a seed.
 */
import sharp from 'sharp';
import { seededRandom } from '../../../lib/seeded-random.js';

/** Smooth noise in [-1, 1]: random values on a grid of `cell` pixels, bilinearly interpolated. */
function valueNoise(width: number, height: number, cell: number, random: () => number): Float32Array {
  const gridWidth = Math.ceil(width / cell) + 2;
  const gridHeight = Math.ceil(height / cell) + 2;
  const grid = Float32Array.from({ length: gridWidth * gridHeight }, () => random() * 2 - 1);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const gy = Math.floor(y / cell);
    const wy = y / cell - gy;
    for (let x = 0; x < width; x += 1) {
      const gx = Math.floor(x / cell);
      const wx = x / cell - gx;
      const top = grid[gy * gridWidth + gx]! * (1 - wx) + grid[gy * gridWidth + gx + 1]! * wx;
      const bottom = grid[(gy + 1) * gridWidth + gx]! * (1 - wx) + grid[(gy + 1) * gridWidth + gx + 1]! * wx;
      out[y * width + x] = top * (1 - wy) + bottom * wy;
    }
  }
  return out;
}

export async function testPicture(
  width: number,
  height: number,
  seed: number,
  options: { flat?: boolean; format?: 'jpeg' | 'png' } = {},
): Promise<Buffer> {
  const random = seededRandom(seed);
  const texture = options.flat ? 0 : 1;
  const layers = [200, 60, 15, 4].map((cell) => valueNoise(width, height, cell, random));
  const tint = [random(), random(), random()];
  const shapes = Array.from({ length: options.flat ? 1 : 12 }, () => ({
    x: random() * width,
    y: random() * height,
    r: (0.03 + random() * 0.12) * Math.min(width, height),
    square: random() < 0.5,
    colour: [random() * 255, random() * 255, random() * 255],
  }));
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const base =
        60 +
        (120 * (x + y)) / (width + height) +
        texture * (45 * layers[0]![i]! + 25 * layers[1]![i]! + 14 * layers[2]![i]! + 8 * layers[3]![i]!);
      let rgb = tint.map((t) => base * (0.7 + 0.6 * t));
      for (const shape of shapes) {
        const dx = Math.abs(x - shape.x);
        const dy = Math.abs(y - shape.y);
        if (shape.square ? Math.max(dx, dy) < shape.r : Math.hypot(dx, dy) < shape.r)
          rgb = shape.colour.map((c) => c + texture * 20 * layers[2]![i]!);
      }
      const grain = texture * (random() - 0.5) * 10 + (random() - 0.5) * 2;
      for (let c = 0; c < 3; c += 1)
        data[i * 3 + c] = Math.max(0, Math.min(255, Math.round(rgb[c]! + grain)));
    }
  }
  const image = sharp(data, { raw: { width, height, channels: 3 } });
  return options.format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 92 }).toBuffer();
}

/** PSNR in dB over all colour samples of two same-size pictures. */
export async function psnr(a: Buffer, b: Buffer): Promise<number> {
  const [left, right] = await Promise.all(
    [a, b].map((input) => sharp(input).removeAlpha().toColourspace('srgb').raw().toBuffer()),
  );
  if (left!.length !== right!.length) throw new Error('PSNR needs two pictures of one size');
  let squares = 0;
  for (let i = 0; i < left!.length; i += 1) squares += (left![i]! - right![i]!) ** 2;
  return 10 * Math.log10((255 * 255) / Math.max(1e-9, squares / left!.length));
}
