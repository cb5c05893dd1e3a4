/**
 * Deterministic test pictures made from pixel formulas, so reference outputs computed elsewhere
 * (the C++ PDQ reference, Python imagehash) can be reproduced from the same bytes. Used by tests.
 */
import type { RawImage } from './raw-image.js';

function clampByte(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v)));
}

/** A small integer hash in [0, 1): texture that is the same on every machine. */
function grain(x: number, y: number, seed: number): number {
  let h = Math.imul(x + 374761393 * seed, 668265263) ^ Math.imul(y, 2246822519);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/**
 * A landscape-like photo: sky gradient, a sun, rolling hills, a house with a window and some
 * film grain. `variant` moves and recolours the shapes to get an unrelated image.
 */
export function syntheticPhoto(width: number, height: number, variant = 0): RawImage {
  const data = new Uint8Array(width * height * 3);
  const sunX = width * (0.72 - 0.45 * variant);
  const sunY = height * (0.22 + 0.5 * variant);
  const sunR = Math.min(width, height) * (0.11 + 0.05 * variant);
  for (let y = 0; y < height; y++) {
    const v = y / height;
    for (let x = 0; x < width; x++) {
      const u = x / width;
      let r = 90 + 110 * v + 40 * Math.sin(6 * u + variant * 3);
      let g = 140 + 70 * v;
      let b = 235 - 90 * v + 30 * Math.cos(5 * v + variant);
      const sun = Math.hypot(x - sunX, y - sunY) / sunR;
      if (sun < 1.2) {
        const t = Math.min(1, Math.max(0, (1.2 - sun) / 0.2));
        r += (255 - r) * t;
        g += (225 - g) * t;
        b += (120 - b) * t;
      }
      const hill = 0.62 + 0.08 * Math.sin(7 * u + 1.3 + variant * 2) + 0.04 * Math.sin(19 * u + variant);
      if (v > hill) {
        const depth = (v - hill) * 4;
        r = 50 + 40 * depth + 30 * Math.sin(40 * u * (1 + variant));
        g = 120 - 30 * depth + 25 * Math.cos(31 * v);
        b = 40 + 10 * depth;
      }
      const houseLeft = 0.18 + 0.4 * variant;
      if (u > houseLeft && u < houseLeft + 0.2 && v > 0.48 && v < 0.72) {
        const inWindow = u > houseLeft + 0.05 && u < houseLeft + 0.1 && v > 0.54 && v < 0.62;
        r = inWindow ? 250 : 170 - 60 * variant;
        g = inWindow ? 230 : 70 + 40 * variant;
        b = inWindow ? 140 : 60 + 80 * variant;
      }
      const noise = (grain(x, y, variant + 1) - 0.5) * 14;
      const i = (y * width + x) * 3;
      data[i] = clampByte(r + noise);
      data[i + 1] = clampByte(g + noise);
      data[i + 2] = clampByte(b + noise);
    }
  }
  return { data, width, height, channels: 3 };
}

/** An unrelated composition: off-centre rings over diagonal colour bands. */
export function syntheticAbstract(width: number, height: number): RawImage {
  const data = new Uint8Array(width * height * 3);
  const scale = Math.min(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const rings = Math.sin(Math.hypot(x - width * 0.3, y - height * 0.65) / (scale * 0.045));
      const bands = Math.sin(((x + 2 * y) / scale) * 5);
      const noise = (grain(x, y, 7) - 0.5) * 10;
      const i = (y * width + x) * 3;
      data[i] = clampByte(128 + 90 * rings + noise);
      data[i + 1] = clampByte(110 + 70 * bands - 30 * rings + noise);
      data[i + 2] = clampByte(150 - 60 * bands + noise);
    }
  }
  return { data, width, height, channels: 3 };
}

/** Greyscale pixels from a formula of (x, y), rounded to bytes. */
export function greyFromFormula(
  width: number,
  height: number,
  formula: (x: number, y: number) => number,
): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) out[y * width + x] = clampByte(formula(x, y));
  return out;
}
