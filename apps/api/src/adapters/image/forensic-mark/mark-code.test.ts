import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../lib/seeded-random.js';
import { codedBits, decodeBits, encodeBits } from './mark-code.js';
import { encodePayload } from './mark-payload.js';

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

describe('the mark payload code', () => {
  it('gives back the payload from clean soft values, with a correlation of the codeword length', () => {
    const bits = encodePayload(0x5a5a_1234_beef);
    const coded = encodeBits(bits);
    expect(coded).toHaveLength(codedBits);
    const decoded = decodeBits(Array.from(coded, (bit) => (bit ? 1 : -1)));
    expect(Array.from(decoded.bits)).toEqual(Array.from(bits));
    expect(decoded.correlation).toBe(codedBits);
  });

  it('corrects scattered wrong coded bits that a plain payload could not survive', () => {
    const bits = encodePayload(987_654_321);
    const soft = Array.from(encodeBits(bits), (bit): number => (bit ? 1 : -1));
    // Eight coded bits read with the wrong sign, spread over the codeword.
    for (const wrong of [3, 20, 41, 60, 77, 95, 112, 131]) soft[wrong] = -0.8 * soft[wrong]!;
    expect(Array.from(decodeBits(soft).bits)).toEqual(Array.from(bits));
  });

  it('reads 99% of payloads at a coded-bit signal where a plain 64-bit word is read a third of the time', () => {
    const random = seededRandom(31);
    // Per coded bit a mean of 1.4 noise deviations: spread over 64 plain bits instead, each would
    // stand 1.4·√(140/64) ≈ 2.07 deviations out, and all 64 come out right with probability ≈ 0.29.
    const signal = 1.4;
    let right = 0;
    const trials = 400;
    for (let trial = 0; trial < trials; trial += 1) {
      const bits = Uint8Array.from({ length: 64 }, () => (random() < 0.5 ? 1 : 0));
      const soft = Array.from(encodeBits(bits), (bit) => (bit ? signal : -signal) + gaussian(random));
      if (decodeBits(soft).bits.every((bit, i) => bit === bits[i])) right += 1;
    }
    expect(right / trials).toBeGreaterThanOrEqual(0.98);
  });
});
