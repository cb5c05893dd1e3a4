/** Small filters on a float grey plane (row-major), used by both the embedder and the reader. */

/** Mean over a (2r+1)² window, edges clamped; separable, O(1) per pixel, row by row in memory order. */
export function boxBlur(input: Float32Array, width: number, height: number, radius: number): Float32Array {
  const rows = new Float32Array(width * height);
  const out = new Float32Array(width * height);
  const size = 2 * radius + 1;
  for (let y = 0; y < height; y += 1) {
    const base = y * width;
    let sum = 0;
    for (let k = -radius; k <= radius; k += 1) sum += input[base + Math.min(width - 1, Math.max(0, k))]!;
    for (let x = 0; x < width; x += 1) {
      rows[base + x] = sum / size;
      sum += input[base + Math.min(width - 1, x + radius + 1)]! - input[base + Math.max(0, x - radius)]!;
    }
  }
  // Running sums of every column at once, so each pass reads whole rows.
  const sums = new Float64Array(width);
  for (let k = -radius; k <= radius; k += 1) {
    const base = Math.min(height - 1, Math.max(0, k)) * width;
    for (let x = 0; x < width; x += 1) sums[x] = sums[x]! + rows[base + x]!;
  }
  for (let y = 0; y < height; y += 1) {
    const base = y * width;
    const entering = Math.min(height - 1, y + radius + 1) * width;
    const leaving = Math.max(0, y - radius) * width;
    for (let x = 0; x < width; x += 1) {
      out[base + x] = sums[x]! / size;
      sums[x] = sums[x]! + rows[entering + x]! - rows[leaving + x]!;
    }
  }
  return out;
}

/** The detail a smooth version of the plane misses: where the mark lives, and what hides it. */
export function highPass(grey: Float32Array, width: number, height: number): Float32Array {
  const smooth = boxBlur(boxBlur(grey, width, height, 1), width, height, 1);
  const out = new Float32Array(grey.length);
  for (let i = 0; i < grey.length; i += 1) out[i] = grey[i]! - smooth[i]!;
  return out;
}

/** Local mean of |detail|: how busy the picture is around each pixel. */
export function localActivity(
  detail: Float32Array,
  width: number,
  height: number,
  radius: number,
): Float32Array {
  const magnitude = new Float32Array(detail.length);
  for (let i = 0; i < detail.length; i += 1) magnitude[i] = Math.abs(detail[i]!);
  return boxBlur(magnitude, width, height, radius);
}
