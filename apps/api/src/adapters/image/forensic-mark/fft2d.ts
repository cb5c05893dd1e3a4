/** An in-place radix-2 FFT over square n×n planes (n a power of two), for the reader's tile search. */

interface FftTables {
  swaps: Int32Array;
  cos: Float64Array;
  sin: Float64Array;
}

const tables = new Map<number, FftTables>();

/** Bit-reversal pairs and twiddle factors for one size, computed once. */
function tablesFor(n: number): FftTables {
  const known = tables.get(n);
  if (known) return known;
  const swaps: number[] = [];
  for (let i = 1, j = 0; i < n; i += 1) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) swaps.push(i, j);
  }
  const cos = Float64Array.from({ length: n / 2 }, (_, k) => Math.cos((2 * Math.PI * k) / n));
  const sin = Float64Array.from({ length: n / 2 }, (_, k) => Math.sin((2 * Math.PI * k) / n));
  const made = { swaps: Int32Array.from(swaps), cos, sin };
  tables.set(n, made);
  return made;
}

function fftLine(
  re: Float64Array,
  im: Float64Array,
  start: number,
  stride: number,
  n: number,
  inverse: boolean,
) {
  const { swaps, cos, sin } = tablesFor(n);
  for (let s = 0; s < swaps.length; s += 2) {
    const a = start + swaps[s]! * stride;
    const b = start + swaps[s + 1]! * stride;
    const r = re[a]!;
    re[a] = re[b]!;
    re[b] = r;
    const i = im[a]!;
    im[a] = im[b]!;
    im[b] = i;
  }
  const direction = inverse ? 1 : -1;
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    const step = n / size;
    for (let first = 0; first < n; first += size) {
      for (let k = 0; k < half; k += 1) {
        const wRe = cos[k * step]!;
        const wIm = direction * sin[k * step]!;
        const a = start + (first + k) * stride;
        const b = a + half * stride;
        const tRe = re[b]! * wRe - im[b]! * wIm;
        const tIm = re[b]! * wIm + im[b]! * wRe;
        re[b] = re[a]! - tRe;
        im[b] = im[a]! - tIm;
        re[a] = re[a]! + tRe;
        im[a] = im[a]! + tIm;
      }
    }
  }
}

function transpose(plane: Float64Array, n: number): void {
  for (let row = 0; row < n; row += 1)
    for (let column = row + 1; column < n; column += 1) {
      const a = row * n + column;
      const b = column * n + row;
      const value = plane[a]!;
      plane[a] = plane[b]!;
      plane[b] = value;
    }
}

/**
 * 2-D transform of an n×n plane; the inverse is scaled by 1/n². The columns are transformed as
 * rows of the transposed plane: contiguous lines are several times faster than strided ones.
 */
export function fft2d(re: Float64Array, im: Float64Array, n: number, inverse = false): void {
  for (let row = 0; row < n; row += 1) fftLine(re, im, row * n, 1, n, inverse);
  transpose(re, n);
  transpose(im, n);
  for (let row = 0; row < n; row += 1) fftLine(re, im, row * n, 1, n, inverse);
  transpose(re, n);
  transpose(im, n);
  if (inverse) {
    const scale = 1 / (n * n);
    for (let i = 0; i < n * n; i += 1) {
      re[i] = re[i]! * scale;
      im[i] = im[i]! * scale;
    }
  }
}

/**
 * Circular cross-correlation of a plane with a template given by its transform's conjugate:
 * out[o] = Σ_u plane[u + o] · template[u].
 */
export function correlate(
  plane: Float64Array,
  templateConjRe: Float64Array,
  templateConjIm: Float64Array,
  n: number,
) {
  const re = Float64Array.from(plane);
  const im = new Float64Array(n * n);
  fft2d(re, im, n);
  for (let i = 0; i < n * n; i += 1) {
    const a = re[i]!;
    const b = im[i]!;
    re[i] = a * templateConjRe[i]! - b * templateConjIm[i]!;
    im[i] = a * templateConjIm[i]! + b * templateConjRe[i]!;
  }
  fft2d(re, im, n, true);
  return re;
}

export function conjugateTransform(template: Float64Array, n: number) {
  const re = Float64Array.from(template);
  const im = new Float64Array(n * n);
  fft2d(re, im, n);
  for (let i = 0; i < n * n; i += 1) im[i] = -im[i]!;
  return { re, im };
}
