// SSIM (Wang et al. 2004) on 8-bit greyscale: Gaussian 11×11 window, σ 1.5, K1 0.01, K2 0.03,
// L 255, mean over the "valid" window positions (as the reference MATLAB ssim_index.m). The
// ImageShield and leak benches measure with it, and the forensic mark fits a small picture to it.
import sharp from 'sharp';

export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

const radius = 5;
const sigma = 1.5;
const kernel = (() => {
  const weights = Array.from({ length: 2 * radius + 1 }, (_, i) =>
    Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)),
  );
  const sum = weights.reduce((a, b) => a + b, 0);
  return Float64Array.from(weights, (w) => w / sum);
})();

/** Separable Gaussian filter, keeping only positions where the whole window fits ("valid"). */
function filterValid(input: Float64Array, width: number, height: number): Float64Array {
  const outWidth = width - 2 * radius;
  const outHeight = height - 2 * radius;
  const rows = new Float64Array(outWidth * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < outWidth; x += 1) {
      let sum = 0;
      for (let k = 0; k <= 2 * radius; k += 1) sum += kernel[k]! * input[row + x + k]!;
      rows[y * outWidth + x] = sum;
    }
  }
  const out = new Float64Array(outWidth * outHeight);
  for (let y = 0; y < outHeight; y += 1) {
    for (let x = 0; x < outWidth; x += 1) {
      let sum = 0;
      for (let k = 0; k <= 2 * radius; k += 1) sum += kernel[k]! * rows[(y + k) * outWidth + x]!;
      out[y * outWidth + x] = sum;
    }
  }
  return out;
}

export function ssim(a: GreyImage, b: GreyImage): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('SSIM needs two images of one size');
  const { width, height } = a;
  if (width <= 2 * radius || height <= 2 * radius)
    throw new Error(`image too small for SSIM (${width}×${height})`);
  const n = width * height;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const xx = new Float64Array(n);
  const yy = new Float64Array(n);
  const xy = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const p = a.data[i]!;
    const q = b.data[i]!;
    x[i] = p;
    y[i] = q;
    xx[i] = p * p;
    yy[i] = q * q;
    xy[i] = p * q;
  }
  const [mx, my, sxx, syy, sxy] = [x, y, xx, yy, xy].map((plane) => filterValid(plane, width, height)) as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let total = 0;
  for (let i = 0; i < mx.length; i += 1) {
    const muX = mx[i]!;
    const muY = my[i]!;
    const varX = sxx[i]! - muX * muX;
    const varY = syy[i]! - muY * muY;
    const cov = sxy[i]! - muX * muY;
    total += ((2 * muX * muY + c1) * (2 * cov + c2)) / ((muX * muX + muY * muY + c1) * (varX + varY + c2));
  }
  return total / mx.length;
}

export const ssimLongSide = 512;

/**
 * An image (encoded, or raw with its channel count) as 8-bit grey at a given size. Transparent
 * pixels are flattened onto mid grey first, the same for both sides of a comparison.
 */
export async function toGrey(
  input: Buffer | { data: Buffer; width: number; height: number; channels: number },
  width: number,
  height: number,
): Promise<GreyImage> {
  const image = Buffer.isBuffer(input)
    ? sharp(input)
    : sharp(input.data, {
        raw: { width: input.width, height: input.height, channels: input.channels as 1 | 2 | 3 | 4 },
      });
  const { data, info } = await image
    .flatten({ background: '#808080' })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected one grey channel, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
}

/** The size both sides are brought to: the first image's aspect, long side 512 (never enlarged past it). */
export function comparisonSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, ssimLongSide / Math.max(width, height));
  return { width: Math.max(16, Math.round(width * scale)), height: Math.max(16, Math.round(height * scale)) };
}
