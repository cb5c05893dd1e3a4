import sharp from 'sharp';

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/**
 * One geometric edit: rotation, shear and stretch folded into one affine matrix about the
 * picture's centre, then a small uneven crop enlarged back to the original's size. The output
 * always has the original's width and height; where the tilted picture leaves its corners empty,
 * they are filled with the picture's own edge, mirrored.
 */
export interface GeometryPlan {
  angleDegrees: number;
  shear: number;
  scaleX: number;
  scaleY: number;
  /** Share of the frame cut from each side before it is enlarged back (uneven on purpose: centred crops are undone by re-centring). */
  crop: { left: number; top: number; right: number; bottom: number };
}

type Matrix = [number, number, number, number];
type Point = readonly [number, number];

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

/** The whole mapping from a source point to an output point: `output = A · source + T`. */
export function outputMapping(width: number, height: number, plan: GeometryPlan) {
  const [a, b, c, d] = affineMatrix(plan);
  const { left, right, top, bottom } = plan.crop;
  // The crop window, enlarged back to the full frame.
  const sx = 1 / (1 - left - right);
  const sy = 1 / (1 - top - bottom);
  const matrix: Matrix = [sx * a, sx * b, sy * c, sy * d];
  const [cx, cy] = [width / 2, height / 2];
  // Centre stays at the centre before the crop; the crop then moves it by its unevenness.
  const tx = sx * (cx - left * width) - (matrix[0] * cx + matrix[1] * cy);
  const ty = sy * (cy - top * height) - (matrix[2] * cx + matrix[3] * cy);
  return { matrix, tx, ty };
}

function mapPoint([a, b, c, d]: Matrix, tx: number, ty: number, [x, y]: Point): Point {
  return [a * x + b * y + tx, c * x + d * y + ty];
}

/** The polygon clipped to the rectangle [0, width] × [0, height] (Sutherland–Hodgman). */
function clipToRectangle(polygon: Point[], width: number, height: number): Point[] {
  const edges: Array<[(p: Point) => number]> = [
    [([x]) => x],
    [([x]) => width - x],
    [([, y]) => y],
    [([, y]) => height - y],
  ];
  let result = polygon;
  for (const [inside] of edges) {
    const input = result;
    result = [];
    for (let i = 0; i < input.length; i += 1) {
      const current = input[i]!;
      const previous = input[(i + input.length - 1) % input.length]!;
      const [dc, dp] = [inside(current), inside(previous)];
      if (dc >= 0 !== dp >= 0) {
        const t = dp / (dp - dc);
        result.push([
          previous[0] + t * (current[0] - previous[0]),
          previous[1] + t * (current[1] - previous[1]),
        ]);
      }
      if (dc >= 0) result.push(current);
    }
  }
  return result;
}

function polygonArea(polygon: Point[]): number {
  let twice = 0;
  for (let i = 0; i < polygon.length; i += 1) {
    const [x1, y1] = polygon[i]!;
    const [x2, y2] = polygon[(i + 1) % polygon.length]!;
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

/**
 * Share of the original's pixels that are still in the output: the original's rectangle mapped
 * into the output, clipped to the output's frame, measured back at the original's scale.
 */
export function areaKept(width: number, height: number, plan: GeometryPlan): number {
  const { matrix, tx, ty } = outputMapping(width, height, plan);
  const corners: Point[] = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
  const inside = clipToRectangle(
    corners.map((p) => mapPoint(matrix, tx, ty, p)),
    width,
    height,
  );
  const [a, b, c, d] = matrix;
  return polygonArea(inside) / Math.abs(a * d - b * c) / (width * height);
}

/** The plan with its crop and then its geometry scaled by `crop` and `shape` (0…1). */
function scaled(plan: GeometryPlan, crop: number, shape: number): GeometryPlan {
  return {
    angleDegrees: plan.angleDegrees * shape,
    shear: plan.shear * shape,
    scaleX: 1 + (plan.scaleX - 1) * shape,
    scaleY: 1 + (plan.scaleY - 1) * shape,
    crop: {
      left: plan.crop.left * crop,
      top: plan.crop.top * crop,
      right: plan.crop.right * crop,
      bottom: plan.crop.bottom * crop,
    },
  };
}

/**
 * The plan reduced just enough to keep `minimum` of the original's pixels: the crop shrinks
 * first, and only if the tilt alone loses too much does the tilt shrink too. A plan that already
 * keeps enough comes back unchanged.
 */
export function keepAtLeast(
  width: number,
  height: number,
  plan: GeometryPlan,
  minimum: number,
): GeometryPlan {
  if (areaKept(width, height, plan) >= minimum) return plan;
  const search = (make: (k: number) => GeometryPlan) => {
    let [low, high] = [0, 1];
    for (let step = 0; step < 30; step += 1) {
      const k = (low + high) / 2;
      if (areaKept(width, height, make(k)) >= minimum) low = k;
      else high = k;
    }
    return make(low);
  };
  if (areaKept(width, height, scaled(plan, 0, 1)) >= minimum) return search((k) => scaled(plan, k, 1));
  return search((k) => scaled(plan, 0, k));
}

/** The smallest x and y of the transformed corners: where sharp's affine output starts. */
function transformedOrigin(width: number, height: number, [a, b, c, d]: Matrix) {
  const xs = [0, a * width, b * height, a * width + b * height];
  const ys = [0, c * width, d * height, c * width + d * height];
  return { x: Math.min(...xs), y: Math.min(...ys) };
}

/** How far past the original's edges the output's corners reach back into, in source pixels. */
function overshoot(width: number, height: number, plan: GeometryPlan): number {
  const { matrix, tx, ty } = outputMapping(width, height, plan);
  const [a, b, c, d] = matrix;
  const det = a * d - b * c;
  let most = 0;
  for (const [x, y] of [
    [0, 0],
    [width, 0],
    [0, height],
    [width, height],
  ] as const) {
    const [u, v] = [x - tx, y - ty];
    const [sx, sy] = [(d * u - b * v) / det, (a * v - c * u) / det];
    most = Math.max(most, -sx, sx - width, -sy, sy - height);
  }
  return most;
}

type Region = { left: number; top: number; width: number; height: number };

/**
 * The picture with `pad` pixels on every side mirrored from its edge (the edge pixel repeated
 * once, as libvips' mirror). Done here rather than by sharp: within one pipeline sharp extends
 * after the affine (which mirrors the empty corners instead), and its own pass took longer
 * than these row copies.
 */
function mirrorPad(image: RawImage, pad: number): Buffer {
  const { width, height, channels } = image;
  const paddedWidth = width + 2 * pad;
  const rowBytes = paddedWidth * channels;
  const out = Buffer.allocUnsafe(rowBytes * (height + 2 * pad));
  const source = image.data;
  for (let y = 0; y < height; y += 1) {
    const row = (y + pad) * rowBytes;
    const sourceRow = y * width * channels;
    out.set(source.subarray(sourceRow, sourceRow + width * channels), row + pad * channels);
    // Left: padded column pad-1-x shows source column x; right: pad+width+x shows width-1-x.
    // Byte by byte: a copy call per pixel cost more than the pixel (hundreds of thousands a photo).
    for (let x = 0; x < pad; x += 1) {
      const left = row + (pad - 1 - x) * channels;
      const right = row + (pad + width + x) * channels;
      const fromLeft = sourceRow + x * channels;
      const fromRight = sourceRow + (width - 1 - x) * channels;
      for (let c = 0; c < channels; c += 1) {
        out[left + c] = source[fromLeft + c]!;
        out[right + c] = source[fromRight + c]!;
      }
    }
  }
  for (let y = 0; y < pad; y += 1) {
    out.copy(out, (pad - 1 - y) * rowBytes, (pad + y) * rowBytes, (pad + y + 1) * rowBytes);
    out.copy(
      out,
      (pad + height + y) * rowBytes,
      (pad + height - 1 - y) * rowBytes,
      (pad + height - y) * rowBytes,
    );
  }
  return out;
}

/**
 * The picture mirrored outwards at its edges (so the tilt's empty corners show the picture's own
 * edge rather than a fill colour), put through the affine transform, and where the output frame
 * (the original's size) lies in that result. sharp always crops before an affine within one
 * pipeline, so the cut to the frame needs a second pass. Bilinear: at these small angles it is
 * indistinguishable from bicubic in the result and about a quarter faster.
 */
export async function transformForCrop(
  image: RawImage,
  plan: GeometryPlan,
): Promise<{ transformed: RawImage; region: Region }> {
  const { matrix, tx, ty } = outputMapping(image.width, image.height, plan);
  // Three pixels more than the corners need, for the interpolation; a mirror cannot reach past
  // the picture's own size.
  const pad = Math.min(
    Math.ceil(overshoot(image.width, image.height, plan)) + 3,
    image.width - 1,
    image.height - 1,
  );
  const padded = mirrorPad(image, pad);
  const paddedInfo = {
    width: image.width + 2 * pad,
    height: image.height + 2 * pad,
    channels: image.channels,
  };
  const { data, info } = await sharp(padded, { raw: paddedInfo })
    .affine(matrix, { interpolator: sharp.interpolators.bilinear })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const transformed: RawImage = {
    data,
    width: info.width,
    height: info.height,
    channels: info.channels as 3 | 4,
  };
  // Output point q came from source s = A⁻¹(q − T); in the padded picture's affine output it sits
  // at A(s + pad) − origin = q − T + A·pad − origin.
  const origin = transformedOrigin(image.width + 2 * pad, image.height + 2 * pad, matrix);
  const [a, b, c, d] = matrix;
  const region = {
    left: Math.round(-tx + (a + b) * pad - origin.x),
    top: Math.round(-ty + (c + d) * pad - origin.y),
    width: image.width,
    height: image.height,
  };
  return { transformed, region: clampRegion(region, transformed) };
}

/** The geometry alone (no colour, frame or mark), at the original's size: the bench aligns against it. */
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
  const left = Math.max(0, Math.min(region.left, within.width - region.width));
  const top = Math.max(0, Math.min(region.top, within.height - region.height));
  return {
    left,
    top,
    width: Math.min(region.width, within.width - left),
    height: Math.min(region.height, within.height - top),
  };
}
