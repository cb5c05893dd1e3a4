import { randomBytes } from 'node:crypto';
import { markIdBits } from '../../adapters/image/forensic-mark/forensic-mark.js';

const markHexDigits = markIdBits / 4;

/** A fresh random mark id (48 bits); the registry's unique index refuses the rare repeat. */
export function randomMarkId(): number {
  return randomBytes(markIdBits / 8).readUIntBE(0, markIdBits / 8);
}

/** How a mark id is shown and kept as evidence: 12 hexadecimal digits. */
export function markHexOf(markId: number | null): string | null {
  return markId === null ? null : markId.toString(16).padStart(markHexDigits, '0');
}
