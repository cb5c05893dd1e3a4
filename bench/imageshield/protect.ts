// The production protection path, timed, with the decoded source kept for the SSIM alignment.
import type { ProtectionLevel } from '@app/shared/media';
import type { RawImage } from '../../apps/api/src/adapters/image/protection/geometry.js';
import {
  decodeForProtection,
  protectImage,
  type ProtectionResult,
} from '../../apps/api/src/adapters/image/protection/protect-image.js';
import type { LevelRanges } from '../../apps/api/src/adapters/image/protection/protection-plan.js';

export type Ranges = Record<ProtectionLevel, LevelRanges>;

export interface ProtectRun extends ProtectionResult {
  /** The decoded original at full size, upright. */
  source: RawImage;
  /** Decode + the search at the working size + the full-size render + measuring it. */
  ms: number;
  /** CPU time (user + system, all threads of this process) for the whole call: less sensitive to other load than wall time. */
  cpuMs: number;
}

/**
 * What POST /api/protect-image does with the picture (imageshield.service.ts): decode, then
 * `protectImage` (no watermark). The time covers the whole call.
 */
export async function protectForBench(
  original: Buffer,
  level: ProtectionLevel,
  nextSeed: () => number,
  ranges?: Ranges,
): Promise<ProtectRun> {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const source = await decodeForProtection(original);
  const result = await protectImage(source, level, { nextSeed, ranges });
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  return { ...result, source: source.full, ms, cpuMs: (cpu.user + cpu.system) / 1000 };
}
