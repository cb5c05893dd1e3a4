/**
 * The error-correcting code the payload travels in: the standard rate-1/2 convolutional code of
 * constraint length 7 (generators 133 and 171 octal, as in Wi-Fi and deep-space links), closed by
 * six zero tail bits, decoded by soft-decision Viterbi. A plain payload is lost when any one of its
 * 64 bits flips; the code corrects the scattered weak bits of a busy or shrunken copy, so the same
 * mark strength reads back at a lower signal (docs/decisions/055-forensic-mark-error-correction.md).
 */
import { payloadBits } from './mark-payload.js';

const memory = 6;
const generators = [0o133, 0o171] as const;
const stateCount = 1 << memory;
const steps = payloadBits + memory;
/** Coded bits carried by the tile's payload chips: two per step, tail included. */
export const codedBits = steps * generators.length;

function parity(value: number): number {
  let v = value;
  v ^= v >> 4;
  v ^= v >> 2;
  v ^= v >> 1;
  return v & 1;
}

/** For each 7-bit register (input bit on top, then the six previous inputs): its two output bits. */
const outputs = Uint8Array.from({ length: stateCount * 2 }, (_, register) =>
  generators.reduce((sum, generator, k) => sum | (parity(register & generator) << k), 0),
);

/** The 140 coded bits (0/1) of 64 payload bits. */
export function encodeBits(bits: ArrayLike<number>): Uint8Array {
  const coded = new Uint8Array(codedBits);
  let state = 0;
  for (let t = 0; t < steps; t += 1) {
    const input = t < payloadBits ? bits[t]! & 1 : 0;
    const register = (input << memory) | state;
    const out = outputs[register]!;
    coded[2 * t] = out & 1;
    coded[2 * t + 1] = (out >> 1) & 1;
    state = register >> 1;
  }
  return coded;
}

/**
 * The most likely 64 payload bits given each coded bit's soft value (positive says 1, its size how
 * sure), and that path's correlation Σ c·soft with c = ±1 for the path's coded bits: the largest
 * such sum over every terminated codeword.
 */
export function decodeBits(soft: ArrayLike<number>): { bits: Uint8Array; correlation: number } {
  let metric = new Float64Array(stateCount).fill(-Infinity);
  let next = new Float64Array(stateCount);
  metric[0] = 0;
  // Per step and state reached: the low bit of the state it came from.
  const choices = new Uint8Array(steps * stateCount);
  for (let t = 0; t < steps; t += 1) {
    const a = soft[2 * t]!;
    const b = soft[2 * t + 1]!;
    const inputs = t < payloadBits ? 2 : 1;
    next.fill(-Infinity);
    for (let state = 0; state < stateCount; state += 1) {
      const from = metric[state]!;
      if (from === -Infinity) continue;
      for (let input = 0; input < inputs; input += 1) {
        const register = (input << memory) | state;
        const out = outputs[register]!;
        const candidate = from + (out & 1 ? a : -a) + (out & 2 ? b : -b);
        const to = register >> 1;
        if (candidate > next[to]!) {
          next[to] = candidate;
          choices[t * stateCount + to] = state & 1;
        }
      }
    }
    [metric, next] = [next, metric];
  }
  const bits = new Uint8Array(payloadBits);
  let state = 0;
  for (let t = steps - 1; t >= 0; t -= 1) {
    const input = state >> (memory - 1);
    if (t < payloadBits) bits[t] = input;
    state = ((state << 1) & (stateCount - 1)) | choices[t * stateCount + state]!;
  }
  return { bits, correlation: metric[0]! };
}
