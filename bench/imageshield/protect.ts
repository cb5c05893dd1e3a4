// The production protection path, with the accepted attempt's plan kept for the SSIM alignment.
import type { ProtectionLevel } from '@app/shared/media';
import { hashImage, type ImageHashes } from '../../apps/api/src/adapters/image/perceptual-hash/compare-images.js';
import type { RawImage } from '../../apps/api/src/adapters/image/protection/geometry.js';
import {
  protectUntilUnmatched,
  type ProtectionAttemptResult,
} from '../../apps/api/src/adapters/image/protection/protect-until-unmatched.js';
import { planProtection, type ProtectionPlan } from '../../apps/api/src/adapters/image/protection/protection-plan.js';
import { decodeRaw, renderProtected } from '../../apps/api/src/adapters/image/protection/render-protected.js';
import { between, seededRandom, sign } from '../../apps/api/src/adapters/image/protection/seeded-random.js';
import type { GeometryPlan } from '../../apps/api/src/adapters/image/protection/geometry.js';

export type Planner = (level: ProtectionLevel, budget: number, random: () => number) => ProtectionPlan;

export interface ProtectRun extends ProtectionAttemptResult {
  plan: ProtectionPlan;
  source: RawImage;
  originalHashes: ImageHashes;
  /** Decode + the original's hashes + every attempt. */
  ms: number;
  /** The protectUntilUnmatched loop alone (render, encode and hash per attempt). */
  loopMs: number;
  /** CPU time (user + system, all threads of this process) for the whole call: less sensitive to other load than wall time. */
  cpuMs: number;
}

/**
 * What POST /api/protect-image does with the picture (imageshield.service.ts): decode, hash the
 * original, then the real `protectUntilUnmatched` loop. The renderer is `levelRenderer`'s body
 * (`renderProtected(source, planProtection(level, budget, seededRandom(seed)), watermark)`) with
 * one addition, remembering the plan it rendered, so the accepted copy's geometry and frame are
 * known. No watermark. The time covers the decode, the original's hashes and every attempt.
 */
export async function protectKeepingPlan(
  original: Buffer,
  level: ProtectionLevel,
  nextSeed: () => number,
  planner: Planner = planProtection,
): Promise<ProtectRun> {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const [source, originalHashes] = await Promise.all([decodeRaw(original), hashImage(original)]);
  let plan: ProtectionPlan | undefined;
  const render = (budget: number, seed: number) => {
    plan = planner(level, budget, seededRandom(seed));
    return renderProtected(source, plan, undefined);
  };
  const loopStarted = performance.now();
  const result = await protectUntilUnmatched(originalHashes, level, render, { nextSeed });
  const ended = performance.now();
  const cpu = process.cpuUsage(cpuStarted);
  return { ...result, plan: plan!, source, originalHashes, ms: ended - started, loopMs: ended - loopStarted, cpuMs: (cpu.user + cpu.system) / 1000 };
}

// ---------------------------------------------------------------------------------------------
// A copy of planProtection with the ranges as a parameter, to measure variants from the bench.
// `checkPlannerCopy` proves it draws the very same plan as production for production's ranges.

export interface LevelRanges {
  angle: [number, number];
  crop: [number, number];
  stretch: [number, number];
  shear: [number, number];
  colour: number;
  frame: [number, number] | null;
}

/** protection-plan.ts `levelRanges` as of this bench (checked against planProtection at start). */
export const productionRanges: Record<ProtectionLevel, LevelRanges> = {
  light: { angle: [1.6, 2.6], crop: [0.02, 0.06], stretch: [0.015, 0.03], shear: [0.01, 0.02], colour: 0.03, frame: null },
  standard: { angle: [2.8, 4.2], crop: [0.03, 0.09], stretch: [0.025, 0.045], shear: [0.015, 0.03], colour: 0.05, frame: null },
  heavy: { angle: [4.5, 6.5], crop: [0.05, 0.13], stretch: [0.04, 0.07], shear: [0.02, 0.04], colour: 0.08, frame: [0.05, 0.09] },
};
const growthPerBudgetStep = 0.3;
const corners = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;

export function plannerWithRanges(rangesByLevel: Record<ProtectionLevel, LevelRanges>): Planner {
  return (level, budget, random) => {
    const ranges = rangesByLevel[level];
    const grow = 1 + growthPerBudgetStep * budget;
    const pick = ([min, max]: [number, number]) => between(random, min * grow, max * grow);
    const cropA = pick(ranges.crop);
    const cropB = pick(ranges.crop);
    const heavySide = random() < 0.5;
    const geometry: GeometryPlan = {
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
    geometry.crop.bottom = geometry.crop.top > cropB * 0.5 ? cropB * 0.3 : cropB;
    const shift = ranges.colour * grow;
    const colour = {
      brightness: 1 + between(random, -shift, shift),
      saturation: 1 + between(random, -shift * 1.5, shift * 1.5),
      hueDegrees: between(random, -shift * 120, shift * 120),
      contrast: 1 + between(random, -shift, shift),
    };
    const frame = ranges.frame
      ? { border: pick(ranges.frame), offsetX: between(random, -0.8, 0.8), offsetY: between(random, -0.8, 0.8) }
      : null;
    return { geometry, colour, frame, watermarkCorner: corners[Math.floor(random() * corners.length)]! };
  };
}

/** True when the copy with production's ranges draws exactly planProtection's plans. */
export function checkPlannerCopy(): boolean {
  const copy = plannerWithRanges(productionRanges);
  for (const level of ['light', 'standard', 'heavy'] as const) {
    for (let budget = 0; budget < 4; budget += 1) {
      for (let seed = 1; seed <= 25; seed += 1) {
        const a = JSON.stringify(planProtection(level, budget, seededRandom(seed)));
        const b = JSON.stringify(copy(level, budget, seededRandom(seed)));
        if (a !== b) return false;
      }
    }
  }
  return true;
}
