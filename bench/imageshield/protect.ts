// The production protection path, with the accepted attempt's plan kept for the SSIM alignment.
import type { ProtectionLevel } from '@app/shared/media';
import { hashImage, type ImageHashes } from '../../apps/api/src/adapters/image/perceptual-hash/compare-images.js';
import type { RawImage } from '../../apps/api/src/adapters/image/protection/geometry.js';
import {
  protectUntilUnmatched,
  type ProtectionAttemptResult,
} from '../../apps/api/src/adapters/image/protection/protect-until-unmatched.js';
import {
  planProtection,
  type LevelRanges,
  type ProtectionPlan,
} from '../../apps/api/src/adapters/image/protection/protection-plan.js';
import { decodeRaw, renderProtected } from '../../apps/api/src/adapters/image/protection/render-protected.js';
import { seededRandom } from '../../apps/api/src/adapters/image/protection/seeded-random.js';

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

/** planProtection with other ranges, to measure variants of the plan from the bench. */
export function plannerWithRanges(rangesByLevel: Record<ProtectionLevel, LevelRanges>): Planner {
  return (level, budget, random) => planProtection(level, budget, random, rangesByLevel);
}
