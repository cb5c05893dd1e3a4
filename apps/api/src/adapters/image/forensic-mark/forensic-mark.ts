/**
 * An invisible mark that identifies one copy of a picture, so a leaked copy can be traced to the
 * copy it came from. Spread-spectrum in the luminance: a key-seeded tile of ±1 chips carrying a
 * 48-bit id and its CRC-16 in an error-correcting code, repeated over the whole picture, found again after resizing, crops
 * and re-encoding by a pilot pattern (docs/decisions/045-forensic-mark.md,
 * docs/leak-tracing.md for what it survives). The mark must be the last change to the pixels.
 */
import { markAndEncode } from './mark-and-encode.js';
import { decodeUpright } from './mark-embed.js';
import { assertMarkId } from './mark-payload.js';
import { findMark, loadMarkGrid } from './mark-read.js';

/** 48-bit copy ids: 0 <= markId < 2 ** 48 (a safe JS integer). */
export const markIdBits = 48;

/** Embeds markId invisibly into the picture's final pixels and re-encodes it in the same format (jpeg stays jpeg at high quality, png stays png). */
export async function embedForensicMark(
  image: { data: Buffer; format: string },
  markId: number,
): Promise<{ data: Buffer; format: string }> {
  assertMarkId(markId);
  return markAndEncode(await decodeUpright(image.data), markId, image.format);
}

/**
 * Reads a mark from any encoded picture (a found copy, a re-encoded/resized/cropped/slightly
 * turned version, a screenshot). null when no mark is found with a valid checksum and clear bits,
 * and for anything that cannot be decoded or is too small to hold one: a found picture is
 * evidence, and "no mark" is the honest answer about a broken one. confidence 0–1.
 */
export async function readForensicMark(
  encoded: Buffer,
): Promise<{ markId: number; confidence: number } | null> {
  const grid = await loadMarkGrid(encoded).catch(() => null);
  return grid ? findMark(grid) : null;
}
