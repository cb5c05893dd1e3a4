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
  return [
    c * plan.scaleX,
    (c * plan.shear - s) * plan.scaleY,
    s * plan.scaleX,
    (s * plan.shear + c) * plan.scaleY,
  ];
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
  return {
    left: xs[1]! - minX + 1,
    top: ys[1]! - minY + 1,
    right: xs[2]! - minX - 1,
    bottom: ys[2]! - minY - 1,
  };
}

/** Where the kept picture lies inside the affine transform's output (its bounding box). */
export function cropRegion(width: number, height: number, plan: GeometryPlan) {
  const inner = innerRectangle(width, height, affineMatrix(plan));
  const innerWidth = inner.right - inner.left;
  const innerHeight = inner.bottom - inner.top;
  return {
    left: Math.round(inner.left + innerWidth * plan.crop.left),
    top: Math.round(inner.top + innerHeight * plan.crop.top),
    width: Math.max(1, Math.round(innerWidth * (1 - plan.crop.left - plan.crop.right))),
    height: Math.max(1, Math.round(innerHeight * (1 - plan.crop.top - plan.crop.bottom))),
  };
}

type Region = ReturnType<typeof cropRegion>;

/** The smallest x and y of the transformed corners: where sharp's affine output starts. */
function transformedOrigin(width: number, height: number, [a, b, c, d]: Matrix) {
  const xs = [0, a * width, b * height, a * width + b * height];
  const ys = [0, c * width, d * height, c * width + d * height];
  return { x: Math.min(...xs), y: Math.min(...ys) };
}

/** The part of the source that the kept region comes from, with two pixels for the interpolation. */
function sourceRectangle(image: { width: number; height: number }, region: Region, matrix: Matrix) {
  const [a, b, c, d] = matrix;
  const origin = transformedOrigin(image.width, image.height, matrix);
  const det = a * d - b * c;
  const points = [
    [region.left, region.top],
    [region.left + region.width, region.top],
    [region.left, region.top + region.height],
    [region.left + region.width, region.top + region.height],
  ].map(([x, y]) => {
    const [u, v] = [x! + origin.x, y! + origin.y];
    return [(d * u - b * v) / det, (a * v - c * u) / det] as const;
  });
  const left = Math.max(0, Math.floor(Math.min(...points.map(([x]) => x))) - 2);
  const top = Math.max(0, Math.floor(Math.min(...points.map(([, y]) => y))) - 2);
  const right = Math.min(image.width, Math.ceil(Math.max(...points.map(([x]) => x))) + 2);
  const bottom = Math.min(image.height, Math.ceil(Math.max(...points.map(([, y]) => y))) + 2);
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * The affine transform of just the part of the source the kept region needs, as raw pixels, and
 * where that region lies in it. sharp always crops before an affine within one pipeline, so the
 * crop after it needs a second pass; cutting the source first spares transforming the third of
 * the picture that the crop throws away. Bilinear: at these small angles it is indistinguishable
 * from bicubic in the result and about a quarter faster.
 */
export async function transformForCrop(
  image: RawImage,
  plan: GeometryPlan,
): Promise<{ transformed: RawImage; region: Region }> {
  const matrix = affineMatrix(plan);
  const region = cropRegion(image.width, image.height, plan);
  const source = sourceRectangle(image, region, matrix);
  // An opaque background keeps an opaque photo at three channels (a transparent one would add a
  // fourth for every later step); the region never reaches the background anyway.
  const background = image.channels === 4 ? { r: 0, g: 0, b: 0, alpha: 0 } : { r: 0, g: 0, b: 0, alpha: 1 };
  const { data, info } = await sharp(image.data, { raw: rawInfo(image) })
    .extract(source)
    .affine(matrix, { background, interpolator: sharp.interpolators.bilinear })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const transformed: RawImage = {
    data,
    width: info.width,
    height: info.height,
    channels: info.channels as 3 | 4,
  };
  // The region in the smaller output: the same picture point, with both outputs' origins accounted for.
  const full = transformedOrigin(image.width, image.height, matrix);
  const cut = transformedOrigin(source.width, source.height, matrix);
  const [a, b, c, d] = matrix;
  const shiftX = full.x - (a * source.left + b * source.top) - cut.x;
  const shiftY = full.y - (c * source.left + d * source.top) - cut.y;
  const moved = { ...region, left: Math.round(region.left + shiftX), top: Math.round(region.top + shiftY) };
  return { transformed, region: clampRegion(moved, transformed) };
}

/** Affine transform, then the crop: the picture's geometry without colour, frame or mark (the bench aligns against it). */
export async function applyGeometry(image: RawImage, plan: GeometryPlan): Promise<RawImage> {
  const { transformed, region } = await transformForCrop(image, plan);
  const { data, info } = await sharp(transformed.data, { raw: rawInfo(transformed) })
    .extract(region)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as 3 | 4 };
}

export function rawInfo(image: RawImage) {
  return { width: image.width, height: image.height, channels: image.channels };
}

/** Rounding can put the region a pixel past the transformed picture's edge. */
export function clampRegion(region: Region, within: { width: number; height: number }) {
  const left = Math.min(region.left, within.width - 1);
  const top = Math.min(region.top, within.height - 1);
  return {
    left,
    top,
    width: Math.min(region.width, within.width - left),
    height: Math.min(region.height, within.height - top),
  };
}
