import type { ProtectionLevel } from '@app/shared/media';
import { between, sign } from './seeded-random.js';
import { keepAtLeast, type GeometryPlan } from './geometry.js';

export interface ColourPlan {
  brightness: number;
  contrast: number;
  /** Per-channel gains (a white-balance shift). */
  balance: [number, number, number];
  saturation: number;
  hueDegrees: number;
}

export interface FramePlan {
  /** Border as a share of the picture's longer side, on each side (before the offset). */
  border: number;
  /** Where the picture sits inside the frame, -1…1 on each axis. */
  offsetX: number;
  offsetY: number;
}

export interface ProtectionPlan {
  geometry: GeometryPlan;
  colour: ColourPlan;
  frame: FramePlan | null;
  watermarkCorner: 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';
}

export interface LevelRanges {
  angle: [number, number];
  crop: [number, number];
  stretch: [number, number];
  /** Shrink of the whole picture, the freed edge filled by its mirror: moves every hash's frame of reference without losing content. */
  zoom: [number, number];
  shear: [number, number];
  colour: number;
  /** Whether hue and saturation move too (a 3×3 colour matrix, a few hundred ms per 12 MP) or only brightness, contrast and balance. */
  tint: boolean;
  frame: [number, number] | null;
  /** Least share of the original's pixels the output keeps (the frame aside): the crop, then the tilt, give way to it. */
  minKept: number;
}

/**
 * Geometry is what moves perceptual hashes (a 2° tilt or an uneven 5% crop already breaks PDQ);
 * colour shifts add a little for the luminance-mean hashes. Ranges grow with the level.
 */
export const levelRanges: Record<ProtectionLevel, LevelRanges> = {
  light: {
    angle: [1.6, 2.6],
    crop: [0.035, 0.07],
    stretch: [0.015, 0.03],
    zoom: [0.08, 0.12],
    shear: [0.01, 0.02],
    colour: 0.03,
    tint: false,
    frame: null,
    minKept: 0.95,
  },
  standard: {
    angle: [3.5, 6],
    crop: [0.03, 0.09],
    stretch: [0.04, 0.06],
    zoom: [0.1, 0.15],
    shear: [0.015, 0.03],
    colour: 0.05,
    tint: true,
    frame: null,
    minKept: 0.9,
  },
  heavy: {
    angle: [4.5, 6.5],
    crop: [0.05, 0.13],
    stretch: [0.04, 0.07],
    zoom: [0.08, 0.12],
    shear: [0.02, 0.04],
    colour: 0.08,
    tint: true,
    frame: [0.05, 0.09],
    minKept: 0.85,
  },
};

/** Each retry widens every range by this much (budget 0 is the first try). */
const growthPerBudgetStep = 0.3;

const corners = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;

/** A seeded plan for one protected copy: the same seed gives the same picture, a new seed a new one. */
/** `rangesByLevel` is for measuring variants (bench/imageshield); the product uses `levelRanges`. */
export function planProtection(
  level: ProtectionLevel,
  budget: number,
  random: () => number,
  rangesByLevel: Record<ProtectionLevel, LevelRanges> = levelRanges,
  /** The picture's size: the share kept depends on its shape. */
  size: { width: number; height: number } = { width: 1, height: 1 },
): ProtectionPlan {
  const ranges = rangesByLevel[level];
  const grow = 1 + growthPerBudgetStep * budget;
  const pick = ([min, max]: [number, number]) => between(random, min * grow, max * grow);
  // One long side and one short side cut more than the others: uneven on both axes.
  const cropA = pick(ranges.crop);
  const cropB = pick(ranges.crop);
  const heavySide = random() < 0.5;
  const planned: GeometryPlan = {
    angleDegrees: sign(random) * pick(ranges.angle),
    shear: sign(random) * pick(ranges.shear),
    scaleX: 1 + sign(random) * pick(ranges.stretch),
    scaleY: 1,
    crop: {
      left: heavySide ? cropA : cropA * 0.25,
      right: heavySide ? cropA * 0.25 : cropA,
      top: random() < 0.5 ? cropB : cropB * 0.3,
      bottom: 0,
    },
  };
  planned.crop.bottom = planned.crop.top > cropB * 0.5 ? cropB * 0.3 : cropB;
  // Drawn last so that the other draws stay what they were for a given seed.
  const zoom = 1 - pick(ranges.zoom);
  planned.scaleX *= zoom;
  planned.scaleY *= zoom;
  // A hair above the minimum: the full-size render rounds differently from the working size.
  const geometry = keepAtLeast(size.width, size.height, planned, ranges.minKept + 0.002);
  const shift = ranges.colour * grow;
  const gain = () => 1 + between(random, -shift * 0.5, shift * 0.5);
  const colour: ColourPlan = {
    brightness: 1 + between(random, -shift, shift),
    contrast: 1 + between(random, -shift, shift),
    balance: [gain(), gain(), gain()],
    saturation: ranges.tint ? 1 + between(random, -shift * 1.5, shift * 1.5) : 1,
    hueDegrees: ranges.tint ? between(random, -shift * 120, shift * 120) : 0,
  };
  const frame = ranges.frame
    ? { border: pick(ranges.frame), offsetX: between(random, -0.8, 0.8), offsetY: between(random, -0.8, 0.8) }
    : null;
  return { geometry, colour, frame, watermarkCorner: corners[Math.floor(random() * corners.length)]! };
}
