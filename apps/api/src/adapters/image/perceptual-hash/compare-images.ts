/**
 * Every perceptual hash of a picture from one decode, and the verdict of comparing two pictures'
 * hashes. ImageShield uses it to tell whether a protected copy still matches its original the way
 * reverse-image search engines and repost detectors would see it.
 */
import { hashBits, matchThresholds, type HashName } from '@app/shared/media';
import { averageHash } from './average-hash.js';
import { blockhash } from './blockhash.js';
import { dctHash } from './dct-hash.js';
import { differenceHash } from './difference-hash.js';
import { hammingDistance, hashToHex } from './hash-bits.js';
import { pdqHashes, type PdqHash } from './pdq.js';
import { PillowGrey } from './pillow-resample.js';
import { decodeImage, type RawImage } from './raw-image.js';

export interface ImageHashes {
  pdq: PdqHash;
  /** PDQ of the picture rotated and mirrored, in `pdqDihedralOrder` (pdq.ts). */
  pdqDihedral: Uint8Array[];
  /** 64-bit imagehash `phash`. */
  phash: Uint8Array;
  /** 64-bit imagehash `dhash`. */
  dhash: Uint8Array;
  /** 64-bit imagehash `average_hash`. */
  ahash: Uint8Array;
  /** 256-bit imagehash `dhash(hash_size=16)`. */
  dhash256: Uint8Array;
  /** 256-bit blockhash, 16x16 blocks, precise method. */
  blockhash256: Uint8Array;
}

export interface HashComparison {
  distance: number;
  bits: number;
  threshold: number;
  matches: boolean;
}

export type ImageComparison = Record<HashName, HashComparison> & { anyMatch: boolean };

export function hashDecodedImage(image: RawImage): ImageHashes {
  const pdq = pdqHashes(image);
  const grey = new PillowGrey(image);
  return {
    pdq: { hash: pdq.hash, quality: pdq.quality },
    pdqDihedral: pdq.dihedral,
    phash: dctHash(grey),
    dhash: differenceHash(grey, 8),
    ahash: averageHash(grey),
    dhash256: differenceHash(grey, 16),
    blockhash256: blockhash(image),
  };
}

/** Decodes a file path or an encoded image once and computes all six hashes from it. */
export async function hashImage(input: string | Buffer): Promise<ImageHashes> {
  return hashDecodedImage(await decodeImage(input));
}

/**
 * The side ImageShield measures at. Every hash reduces the picture to 64 px or less, and platforms
 * show reposts at about 1080 px, so hashing a 512 px copy moves distances by a bit or two while
 * costing a tenth of the full-size decode and hash.
 */
export const workingHashSide = 512;

/** All six hashes of an encoded image decoded at the working size. */
export async function hashImageAtWorkingSize(input: string | Buffer): Promise<ImageHashes> {
  return hashDecodedImage(await decodeImage(input, { maxSide: workingHashSide }));
}

function verdict(name: HashName, distance: number): HashComparison {
  const threshold = matchThresholds[name];
  return { distance, bits: hashBits[name], threshold, matches: distance <= threshold };
}

/** PDQ distance from a known hash to a candidate: the closest of the candidate's eight rotations and flips. */
export function pdqDistance(known: Uint8Array, candidate: ImageHashes): number {
  return Math.min(...candidate.pdqDihedral.map((hash) => hammingDistance(known, hash)));
}

/**
 * Per-hash distances from the original to the candidate. PDQ takes the closest of the candidate's
 * eight dihedral hashes, so a rotated or mirrored repost still matches; the others are plain.
 */
export function compareHashes(original: ImageHashes, candidate: ImageHashes): ImageComparison {
  const comparison = {
    pdq: verdict('pdq', pdqDistance(original.pdq.hash, candidate)),
    phash: verdict('phash', hammingDistance(original.phash, candidate.phash)),
    dhash: verdict('dhash', hammingDistance(original.dhash, candidate.dhash)),
    ahash: verdict('ahash', hammingDistance(original.ahash, candidate.ahash)),
    dhash256: verdict('dhash256', hammingDistance(original.dhash256, candidate.dhash256)),
    blockhash256: verdict('blockhash256', hammingDistance(original.blockhash256, candidate.blockhash256)),
  };
  return { ...comparison, anyMatch: Object.values(comparison).some((c) => c.matches) };
}

/** Hex forms as each reference tool prints them (PDQ as pdq-photo-hasher, the rest as imagehash/blockhash). */
export function imageHashesToHex(hashes: ImageHashes): Record<HashName, string> & { pdqDihedral: string[] } {
  return {
    pdq: hashToHex(hashes.pdq.hash),
    pdqDihedral: hashes.pdqDihedral.map(hashToHex),
    phash: hashToHex(hashes.phash),
    dhash: hashToHex(hashes.dhash),
    ahash: hashToHex(hashes.ahash),
    dhash256: hashToHex(hashes.dhash256),
    blockhash256: hashToHex(hashes.blockhash256),
  };
}
