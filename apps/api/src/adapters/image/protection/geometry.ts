import sharp from 'sharp';

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** One geometric edit: rotation, shear and stretch folded into one affine matrix, then an uneven crop. */
export interface GeometryPlan {
  angleDegrees: number;
  shear: number;
  scaleX: number;
  scaleY: number;
  /** Share of the transformed picture cut from each side (uneven on purpose: centred crops are undone by re-centring). */
  crop: { left: number; top: number; right: number; bottom: number };
}

type Matrix = [number, number, number, number];

export function affineMatrix(plan: GeometryPlan): Matrix {
  const radians = (plan.angleDegrees * Math.PI) / 180;
  const c = Math.cos(radians);
  const s = Math.sin(radians);
  // rotation · shear · scale
  return [c * plan.scaleX, (c * plan.shear - s) * plan.scaleY, s * plan.scaleX, (s * plan.shear + c) * plan.scaleY];
}

/**
 * The axis-aligned rectangle inside the transformed picture: between the second-smallest and
 * second-largest corner coordinates on each axis (valid for the small angles used here), so no
 * background from the rotation shows and auto-trimming platforms find nothing to trim.
 */
export function innerRectangle(width: number, height: number, matrix: Matrix) {
  const [a, b, c, d] = matrix;
  const corners = [
    [0, 0],
    [width, 0],
    [0, height],
    [width, height],
  ].map(([x, y]) => [a * x! + b * y!, c * x! + d * y!] as const);
  const xs = corners.map(([x]) => x).sort((p, q) => p - q);
  const ys = corners.map(([, y]) => y).sort((p, q) => p - q);
  const [minX, minY] = [xs[0]!, ys[0]!];
  // One pixel of margin against interpolation fringes at the edges.
  return { left: xs[1]! - minX + 1, top: ys[1]! - minY + 1, right: xs[2]! - minX - 1, bottom: ys[2]! - minY - 1 };
}

export async function applyGeometry(image: RawImage, plan: GeometryPlan): Promise<RawImage> {
  const matrix = affineMatrix(plan);
  const raw = { width: image.width, height: image.height, channels: image.channels };
  const transformed = await sharp(image.data, { raw })
    .affine(matrix, { background: { r: 0, g: 0, b: 0, alpha: 0 }, interpolator: sharp.interpolators.bicubic })
    .raw()
    .toBuffer({ resolveWithObject: true });

  const inner = innerRectangle(image.width, image.height, matrix);
  const innerWidth = inner.right - inner.left;
  const innerHeight = inner.bottom - inner.top;
  const left = Math.round(inner.left + innerWidth * plan.crop.left);
  const top = Math.round(inner.top + innerHeight * plan.crop.top);
  const width = Math.max(1, Math.min(Math.round(innerWidth * (1 - plan.crop.left - plan.crop.right)), transformed.info.width - left));
  const height = Math.max(1, Math.min(Math.round(innerHeight * (1 - plan.crop.top - plan.crop.bottom)), transformed.info.height - top));
  const cropped = sharp(transformed.data, {
    raw: { width: transformed.info.width, height: transformed.info.height, channels: transformed.info.channels },
  }).extract({ left, top, width, height });
  // The affine background brings an alpha channel an opaque photo must not keep.
  const { data, info } = await (image.channels === 3 ? cropped.removeAlpha() : cropped)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as 3 | 4 };
}
