// Local-feature matching, as engines like TinEye do it: OpenCV ORB keypoints on the original and on
// a copy, Hamming brute-force matching with Lowe's ratio test, then a RANSAC homography. A copy
// "matches" when at least `minInliers` matches agree on one plausible homography. OpenCV is the
// WebAssembly build @techstark/opencv-js 4.5.2 (a devDependency), loaded lazily: without it the
// bench prints why and leaves the ORB column out.
import { createRequire } from 'node:module';
import sharp from 'sharp';

/** Matches agreeing on one homography before a copy counts as found (chance agreement on random matches stays below 10). */
export const minInliers = 20;
/** Keypoints per picture: about what a search engine keeps per indexed picture. */
const features = 1000;
/** Lowe's ratio: the best match must be clearly better than the second best. */
const ratio = 0.75;
/** RANSAC reprojection error in pixels, at the matching size. */
const reprojection = 5;
/** Both pictures are compared at this long side (what a platform keeps, and what an engine indexes at). */
export const orbLongSide = 1080;

// Its typings come from an untyped package: only the calls used here.
/* eslint-disable @typescript-eslint/no-explicit-any */
type OpenCv = any;

/** Wrapped: resolving a promise with the module itself would adopt its `then`, which never settles. */
export interface Loaded {
  cv: OpenCv;
}

let loading: Promise<Loaded | null> | undefined;
let missing = '';

/** The module, or null (with `orbUnavailable()` saying why). OPENCV_JS_PATH points at a copy elsewhere. */
export function loadOpenCv(): Promise<Loaded | null> {
  loading ??= new Promise((resolve) => {
    const require = createRequire(import.meta.url);
    let cv: OpenCv;
    try {
      cv = require(process.env.OPENCV_JS_PATH ?? '@techstark/opencv-js');
    } catch (error) {
      missing = `@techstark/opencv-js is not installed (${(error as Error).message.split('\n')[0]}); npm install, or set OPENCV_JS_PATH`;
      resolve(null);
      return;
    }
    // Never `await` the module: its `then` resolves to itself forever. Wait for the runtime instead.
    if (cv.Mat) resolve({ cv });
    else cv.onRuntimeInitialized = () => resolve({ cv });
  });
  return loading;
}

export function orbUnavailable(): string {
  return missing;
}

export interface OrbFeatures {
  points: Float32Array;
  descriptors: unknown;
  count: number;
  /** Frees the descriptors (OpenCV's memory is not garbage-collected). */
  free(): void;
}

/** ORB keypoints and descriptors of a picture, grey, at `orbLongSide`. */
export async function orbFeatures(cv: OpenCv, input: Buffer): Promise<OrbFeatures> {
  const { data, info } = await sharp(input)
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .resize(orbLongSide, orbLongSide, { fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = new cv.Mat(info.height, info.width, cv.CV_8UC1);
  image.data.set(data.subarray(0, info.width * info.height));
  const orb = new cv.ORB(features);
  const keypoints = new cv.KeyPointVector();
  const descriptors = new cv.Mat();
  const noMask = new cv.Mat();
  orb.detectAndCompute(image, noMask, keypoints, descriptors);
  const count = keypoints.size();
  const points = new Float32Array(count * 2);
  for (let i = 0; i < count; i += 1) {
    const { pt } = keypoints.get(i);
    points[2 * i] = pt.x;
    points[2 * i + 1] = pt.y;
  }
  for (const object of [image, orb, keypoints, noMask]) object.delete();
  return { points, descriptors, count, free: () => descriptors.delete() };
}

export interface OrbMatch {
  matched: boolean;
  /** Whether the homography could be a re-post's (whatever the inlier count). */
  plausible: boolean;
  inliers: number;
  goodMatches: number;
}

/** Whether `copy` is found as `original`: enough ratio-tested matches on one plausible homography. */
export function orbMatch(cv: OpenCv, original: OrbFeatures, copy: OrbFeatures): OrbMatch {
  if (original.count < 2 || copy.count < 2)
    return { matched: false, plausible: false, inliers: 0, goodMatches: 0 };
  const matcher = new cv.BFMatcher(cv.NORM_HAMMING, false);
  const pairs = new cv.DMatchVectorVector();
  matcher.knnMatch(copy.descriptors, original.descriptors, pairs, 2);
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < pairs.size(); i += 1) {
    const pair = pairs.get(i);
    if (pair.size() >= 2 && pair.get(0).distance < ratio * pair.get(1).distance) {
      const { queryIdx, trainIdx } = pair.get(0);
      from.push(copy.points[2 * queryIdx]!, copy.points[2 * queryIdx + 1]!);
      to.push(original.points[2 * trainIdx]!, original.points[2 * trainIdx + 1]!);
    }
  }
  matcher.delete();
  pairs.delete();
  const goodMatches = from.length / 2;
  if (goodMatches < 4) return { matched: false, plausible: false, inliers: 0, goodMatches };
  const source = cv.matFromArray(goodMatches, 1, cv.CV_32FC2, from);
  const target = cv.matFromArray(goodMatches, 1, cv.CV_32FC2, to);
  const mask = new cv.Mat();
  const homography = cv.findHomography(source, target, cv.RANSAC, reprojection, mask);
  let inliers = 0;
  for (let i = 0; i < mask.rows; i += 1) inliers += mask.data[i] ? 1 : 0;
  const plausible = homography.rows === 3 && isPlausible(Array.from(homography.data64F as Float64Array));
  for (const object of [source, target, mask, homography]) object.delete();
  return { matched: plausible && inliers >= minInliers, plausible, inliers, goodMatches };
}

/**
 * A homography a re-posted copy could have: not degenerate, not mirrored, scale within 1/4…4,
 * and perspective that less than doubles the scale across the picture (a re-post has none; a
 * random homography from chance matches usually has far more).
 */
function isPlausible(h: number[]): boolean {
  if (h.length !== 9 || !h.every(Number.isFinite) || Math.abs(h[8]!) < 1e-9) return false;
  const n = h.map((value) => value / h[8]!);
  const det = n[0]! * n[4]! - n[1]! * n[3]!;
  const perspective = 1 / orbLongSide;
  return det > 1 / 16 && det < 16 && Math.abs(n[6]!) < perspective && Math.abs(n[7]!) < perspective;
}
