/**
 * Bit helpers shared by every hash in this folder. A hash is a Uint8Array whose hex encoding, byte
 * by byte, is the reference tool's printed form, so `hashToHex` serves PDQ, imagehash and blockhash.
 */

const popcount = new Uint8Array(256);
for (let i = 1; i < 256; i++) popcount[i] = (i & 1) + (popcount[i >> 1] ?? 0);

export function hammingDistance(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length)
    throw new RangeError(`cannot compare a ${a.length}-byte hash with a ${b.length}-byte one`);
  let distance = 0;
  for (let i = 0; i < a.length; i++) distance += popcount[(a[i] ?? 0) ^ (b[i] ?? 0)] ?? 0;
  return distance;
}

export function hashToHex(hash: Uint8Array): string {
  return Buffer.from(hash.buffer, hash.byteOffset, hash.byteLength).toString('hex');
}

export function hashFromHex(hex: string, byteLength: number): Uint8Array {
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length !== byteLength * 2) {
    throw new RangeError(`expected ${byteLength * 2} hex digits, got "${hex}"`);
  }
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

/** Packs booleans most-significant bit first, the order imagehash and blockhash print. */
export function packBitsMsbFirst(bits: ArrayLike<boolean>): Uint8Array {
  const out = new Uint8Array(Math.ceil(bits.length / 8));
  for (let i = 0; i < bits.length; i++) {
    if (bits[i]) out[i >> 3] = (out[i >> 3] ?? 0) | (0x80 >> (i & 7));
  }
  return out;
}
