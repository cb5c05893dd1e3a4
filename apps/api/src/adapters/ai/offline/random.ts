import { randomBytes } from 'node:crypto';
import { seededRandom } from '../../../lib/seeded-random.js';

export type Random = () => number;

export function freshRandom(): Random {
  return seededRandom(randomBytes(4).readUInt32LE(0));
}

export function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)]!;
}

export function between(min: number, max: number, random: Random): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}
