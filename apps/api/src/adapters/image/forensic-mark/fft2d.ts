/** An in-place radix-2 FFT over square n×n planes (n a power of two), for the reader's tile search. */

function fftLine(
  re: Float64Array,
  im: Float64Array,
  start: number,
  stride: number,
  n: number,
  inverse: boolean,
) {
  for (let i = 1, j = 0; i < n; i += 1) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const a = start + i * stride;
      const b = start + j * stride;
      [re[a], re[b]] = [re[b]!, re[a]!];
      [im[a], im[b]] = [im[b]!, im[a]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = ((inverse ? 2 : -2) * Math.PI) / size;
    const stepRe = Math.cos(angle);
    const stepIm = Math.sin(angle);
    for (let first = 0; first < n; first += size) {
      let wRe = 1;
      let wIm = 0;
      for (let k = 0; k < size / 2; k += 1) {
        const a = start + (first + k) * stride;
        const b = start + (first + k + size / 2) * stride;
        const tRe = re[b]! * wRe - im[b]! * wIm;
        const tIm = re[b]! * wIm + im[b]! * wRe;
        re[b] = re[a]! - tRe;
        im[b] = im[a]! - tIm;
        re[a] = re[a]! + tRe;
        im[a] = im[a]! + tIm;
        const nextRe = wRe * stepRe - wIm * stepIm;
        wIm = wRe * stepIm + wIm * stepRe;
        wRe = nextRe;
      }
    }
  }
}

/** 2-D transform of an n×n plane; the inverse is scaled by 1/n². */
export function fft2d(re: Float64Array, im: Float64Array, n: number, inverse = false): void {
  for (let row = 0; row < n; row += 1) fftLine(re, im, row * n, 1, n, inverse);
  for (let column = 0; column < n; column += 1) fftLine(re, im, column, n, n, inverse);
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
