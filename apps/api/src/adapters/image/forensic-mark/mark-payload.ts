/**
 * The mark's 64 payload bits: the 48-bit copy id (most significant bit first), then a CRC-16 of
 * its six bytes, then XOR with a fixed key stream so that no id gives a degenerate all-equal word.
 * The checksum is what tells a real mark from the noise of an unmarked picture: a random word
 * passes it once in 65,536 tries.
 */
import { seededRandom } from '../../../lib/seeded-random.js';

export const idBits = 48;
export const payloadBits = 64;
const whiteningSeed = 0x6d61726b;

const whitening = (() => {
  const random = seededRandom(whiteningSeed);
  return Uint8Array.from({ length: payloadBits }, () => (random() < 0.5 ? 1 : 0));
})();

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xffff). */
export function crc16(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function idBytes(markId: number): Uint8Array {
  const bytes = new Uint8Array(6);
  let rest = markId;
  for (let i = 5; i >= 0; i -= 1) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return bytes;
}

export function assertMarkId(markId: number): void {
  if (!Number.isSafeInteger(markId) || markId < 0 || markId >= 2 ** idBits)
    throw new RangeError(`a mark id is a whole number from 0 to 2^${idBits} - 1, got ${markId}`);
}

/** The 64 bits (0/1) carried by every tile of the mark. */
export function encodePayload(markId: number): Uint8Array {
  assertMarkId(markId);
  const bytes = idBytes(markId);
  const crc = crc16(bytes);
  const bits = new Uint8Array(payloadBits);
  for (let i = 0; i < idBits; i += 1) bits[i] = (bytes[i >> 3]! >> (7 - (i & 7))) & 1;
  for (let i = 0; i < 16; i += 1) bits[idBits + i] = (crc >> (15 - i)) & 1;
  for (let i = 0; i < payloadBits; i += 1) bits[i]! ^= whitening[i]!;
  return bits;
}

/** The copy id when the checksum holds, otherwise null. */
export function decodePayload(received: ArrayLike<number>): number | null {
  if (received.length !== payloadBits) return null;
  const bits = Uint8Array.from({ length: payloadBits }, (_, i) => (received[i]! & 1) ^ whitening[i]!);
  const bytes = new Uint8Array(6);
  for (let i = 0; i < idBits; i += 1) bytes[i >> 3]! |= bits[i]! << (7 - (i & 7));
  let crc = 0;
  for (let i = 0; i < 16; i += 1) crc = (crc << 1) | bits[idBits + i]!;
  if (crc !== crc16(bytes)) return null;
  let markId = 0;
  for (const byte of bytes) markId = markId * 256 + byte;
  return markId;
}
