import { z } from 'zod';
import { countOf, plural } from './plural';
import { cursorPageFields } from './paging';
import { hasRight } from './plans';
import type { Tier } from './user';

/** docs/product.md#gallery-and-media: the largest file one upload may carry. */
export const maxUploadBytes = 50 * 1024 * 1024;
/** docs/product.md#gallery-and-media: storage bars warn above this share of the quota. */
export const storageWarningPercent = 80;

export const protectionLevels = ['light', 'standard', 'heavy'] as const;
export const protectionLevelSchema = z.enum(protectionLevels);
export type ProtectionLevel = z.infer<typeof protectionLevelSchema>;

/** The perceptual hashes a protected image is measured against, with how they are shown. */
export const hashNames = ['pdq', 'phash', 'dhash', 'ahash', 'dhash256', 'blockhash256'] as const;
export type HashName = (typeof hashNames)[number];

/** Largest Hamming distance still counted as the same picture (PDQ: ThreatExchange recommends <= 31 of 256). */
export const matchThresholds: Readonly<Record<HashName, number>> = {
  pdq: 31,
  phash: 10,
  dhash: 10,
  ahash: 10,
  dhash256: 20,
  blockhash256: 25,
};

export const hashBits: Readonly<Record<HashName, number>> = {
  pdq: 256,
  phash: 64,
  dhash: 64,
  ahash: 64,
  dhash256: 256,
  blockhash256: 256,
};

export const hashLabels: Record<HashName, string> = {
  pdq: 'PDQ (Meta)',
  phash: 'pHash',
  dhash: 'dHash',
  ahash: 'aHash',
  dhash256: 'dHash-256',
  blockhash256: 'Blockhash',
};

/** How far the protected copy is from its original under each hash, and whether any still matches. */
export const protectionReportSchema = z.object({
  hashes: z.array(
    z.object({
      name: z.enum(hashNames),
      distance: z.number().int().nonnegative(),
      bits: z.number().int().positive(),
      threshold: z.number().int().nonnegative(),
      matches: z.boolean(),
    }),
  ),
  matchesOriginal: z.boolean(),
  attempts: z.number().int().positive(),
  watermarked: z.boolean(),
  protectedAt: z.iso.datetime(),
});
export type ProtectionReport = z.infer<typeof protectionReportSchema>;

export const mediaKinds = ['image', 'video'] as const;

/**
 * A photo's content rating, guessed offline by an image classifier after upload
 * (docs/decisions/037-photo-content-rating.md). null until it is rated, for videos, and when it could not be rated.
 */
export const contentRatings = ['explicit', 'suggestive', 'safe'] as const;
export const contentRatingSchema = z.enum(contentRatings);
export type ContentRating = z.infer<typeof contentRatingSchema>;

/** The gallery badge of each rating, and its accessible label. */
/** The classifier's score (0–1) per class behind a rating; stored on the server, not sent to the browser. */
export type ContentScores = Record<'drawing' | 'hentai' | 'neutral' | 'porn' | 'sexy', number>;

const contentRatingBadges: Readonly<Record<ContentRating, string>> = {
  explicit: 'Explicit',
  suggestive: 'Suggestive',
  safe: 'Safe',
};
export const contentRatingTexts = {
  badge: contentRatingBadges,
  label: (rating: ContentRating) =>
    `Content rating: ${contentRatingBadges[rating]} (an automatic guess from the photo)`,
} as const;

/**
 * A media asset as GET /api/media lists it (docs/product.md#gallery-and-media: Media asset). `type`/`mime` and `size`/`bytes`
 * are the same values under both names the spec uses. URLs are signed and expire (`urlsExpireAt`).
 */
export const mediaAssetSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  kind: z.enum(mediaKinds),
  type: z.string(),
  mime: z.string(),
  size: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  tags: z.array(z.string()),
  signedUrl: z.string(),
  thumbnailUrl: z.string(),
  downloadUrl: z.string(),
  urlsExpireAt: z.iso.datetime(),
  hasWatermark: z.boolean(),
  visibility: z.enum(['private', 'public']),
  protectionLevel: protectionLevelSchema.nullable(),
  isProtected: z.boolean(),
  /** The protected copy, when there is one (signed like the others). */
  protectedUrl: z.string().nullable(),
  /** The measured result of the last protection (ImageShield), or null. */
  protectionReport: protectionReportSchema.nullable(),
  /** The automatic content rating of a photo, or null (not rated yet, a video, or unreadable). */
  contentRating: contentRatingSchema.nullable(),
  lastRepostedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type MediaAsset = z.infer<typeof mediaAssetSchema>;

export const mediaListResponseSchema = z.array(mediaAssetSchema);

export const uploadMediaResponseSchema = z.object({ message: z.string(), asset: mediaAssetSchema });
export type UploadMediaResponse = z.infer<typeof uploadMediaResponseSchema>;

/** How long the toast after a Delete offers Undo. */
export const mediaUndoSeconds = 10;
/**
 * How long the server keeps a deleted file restorable: longer than the toast, so an Undo clicked
 * at its last second still arrives over a slow connection. The purge comes after it.
 */
export const mediaRestoreWindowSeconds = 60;

/** DELETE /api/media/{id}: the spec's message, and until when POST /api/media/{id}/restore brings it back. */
export const deleteMediaResponseSchema = z.object({
  message: z.string(),
  restorableUntil: z.iso.datetime().optional(),
});

/** POST /api/media/{id}/restore: the asset as it is back in the lists. */
export const restoreMediaResponseSchema = z.object({ message: z.string(), asset: mediaAssetSchema });
export type RestoreMediaResponse = z.infer<typeof restoreMediaResponseSchema>;

/** A tag as stored is at most 40 characters (parseTags); a longer filter can match nothing. */
export const maxTagLength = 40;

/** GET /api/media?tag=: only assets carrying this tag, whatever its case; empty means all. */
/** GET /api/media: newest first, one page at a time (docs/decisions/032-cursor-paging.md). */
export const mediaListQuerySchema = z.strictObject({
  ...cursorPageFields,
  tag: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .max(maxTagLength, { message: `tag must be at most ${maxTagLength} characters` })
      .optional(),
  ),
});

/** GET /api/media/tags: the user's tags with how many of her files carry each, most used first. */
export const mediaTagsResponseSchema = z.array(
  z.object({ tag: z.string(), count: z.number().int().positive() }),
);
export type MediaTagCount = z.infer<typeof mediaTagsResponseSchema>[number];

/** docs/product.md#gallery-and-media: Storage usage. */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
  assetsCount: z.number().int().nonnegative(),
  usedPercentage: z.number().nonnegative(),
  proUpgrade: z.object({ quotaBytes: z.number().int().positive() }),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** Multipart text fields of POST /api/media/upload (the file itself is the part named `file`). */
export const uploadFieldsSchema = z.object({
  /** Comma-separated; each tag is trimmed, empty ones dropped, at most 20 of at most 40 characters. */
  tags: z.string().max(1000).optional(),
  watermark: z.enum(['true', 'false']).optional(),
});

/** The visible mark drawn on a creator's photos (uploads with watermark=true, protected copies). */
export function watermarkTextFor(username: string): string {
  return `© ${username}`;
}

/**
 * The mark actually drawn: paid plans' saved text, else the username mark. A user who moves to
 * Free gets the username mark back while the saved text stays for a later upgrade.
 */
export function watermarkTextOf(
  user: { username: string; tier: Tier; isAdmin: boolean; role: string },
  savedText: string | null | undefined,
): string {
  return savedText && hasRight(user, 'watermarkChoice') ? savedText : watermarkTextFor(user.username);
}

/** Splits the tags field the way the server stores it. */
export function parseTags(raw: string | undefined): string[] {
  if (!raw) return [];
  const tags = raw
    .split(',')
    .map((tag) => tag.trim().slice(0, maxTagLength))
    .filter((tag) => tag !== '');
  return [...new Set(tags)].slice(0, 20);
}

/** docs/product.md#gallery-and-media/4/8: the gallery's and media tab's fixed texts. */
export const mediaTexts = {
  galleryTitle: 'Media Gallery',
  galleryDescription: 'All your images in one place, ready to protect, repost or download.',
  uploadPrompt: 'Click to upload images or drag and drop',
  supportsMultiple: 'Supports multiple files',
  // docs/product.md#gallery-and-media writes "(N images)"; one image reads "(1 image)".
  galleryHeading: (count: number) =>
    `Your Image Gallery (${countOf(count, { one: 'image', other: 'images' })})`,
  emptyGallery: 'No images yet. Upload some photos to get started!',
  detailsTitle: 'Image Details',
  protectedBadge: (level: string) => `Protected: ${level}`,
  quickRepost: 'Quick Repost',
  quickProtect: 'Quick Protect',
  lightShield: 'Light Shield',
  heavyShield: 'Heavy Shield',
  download: 'Download',
  delete: 'Delete',
  reposting: 'Reposting...',
  protecting: 'Protecting...',
  deleting: 'Deleting...',
  pleaseLogIn: 'Please log in',
  pleaseLogInText: 'Sign in to save your images to the gallery permanently.',
  processingImage: 'Processing image',
  uploadingFile: (filename: string) => `Uploading ${filename}...`,
  imageUploaded: 'Image uploaded',
  imageUploadedText: 'Your image has been saved to your gallery.',
  uploadFailed: 'Upload failed',
  uploadFailedText: 'Failed to upload image.',
  imageProtected: 'Image protected',
  /** docs/product.md#gallery-and-media's default, shown only when the server sends no text; the server sends measuredProtectionText. */
  imageProtectedText: 'Your image has been protected against reverse searches.',
  protectionFailed: 'Protection failed',
  repostQueued: 'Repost queued',
  repostQueuedText: 'Your image has been queued for reposting.',
  repostFailed: 'Repost failed',
  imageDeleted: 'Image deleted',
  imageDeletedText: 'Image has been removed from your gallery.',
  deleteFailed: 'Delete failed',
  downloadFailed: 'Download failed',
  downloadFailedText: 'Could not download image.',
  fileTooLarge: 'File too large',
  // Delete with Undo (docs/decisions/025-soft-delete-and-undo.md).
  confirmDeleteText: (kind: 'image' | 'video') =>
    `The ${kind} and its protected copies leave your gallery. You can undo this for ${mediaUndoSeconds} seconds; after that it is deleted for good.`,
  undo: 'Undo',
  undoLabel: (filename: string) => `Undo deleting ${filename}`,
  imageRestored: 'Image restored',
  imageRestoredText: (filename: string) => `${filename} is back in your gallery.`,
  restoreFailed: 'Restore failed',
  // The gallery's tag filter.
  tagFilterLabel: 'Filter by tag',
  tagFilterPlaceholder: 'Type a tag',
  tagSuggestions: 'Your tags',
  tagCount: (tag: string, count: number) => `${tag} (${count} ${count === 1 ? 'file' : 'files'})`,
  noTagMatches: 'No tag starts with that.',
  clearTagFilter: 'Clear tag filter',
  noImagesWithTag: (tag: string) => `No images are tagged “${tag}”.`,
  showingTag: (tag: string) => `Showing images tagged “${tag}”.`,
} as const;

/** What the server answers when an upload or a media call is refused; each says what to do. */
export const mediaErrors = {
  noFile: 'Choose a file to upload (send it in the form field named "file").',
  oneFileOnly: 'Send one file per upload. Several files are uploaded one after another.',
  emptyFile:
    'This file is empty (0 bytes). Choose the photo or video again; it may not have finished saving.',
  tooLarge: 'This file is larger than 50 MB. Upload a smaller or compressed version.',
  unsupportedType:
    'This file type is not supported. Upload a photo (JPEG, PNG, WebP, GIF or AVIF) or a video (MP4, WebM or MOV).',
  svgRefused:
    'SVG images are not accepted because they can carry scripts. Export the image as PNG or JPEG and upload that.',
  damagedImage:
    'This image is damaged or incomplete, so it cannot be read. Export it again and upload the new file.',
  quotaCode: 'STORAGE_QUOTA_EXCEEDED',
  tooManyPixels: (maxMegapixels: number) =>
    `This image is too large to process (over ${maxMegapixels} megapixels). Resize it and upload it again.`,
  animationTooLarge: (maxMegapixels: number) =>
    `This animation is too large to process (over ${maxMegapixels} megapixels across all its frames). Shorten it, make it smaller, or upload a still image.`,
  /** 429: this account already has as many images in processing as it may. */
  imagesStillProcessing: 'You have images still processing. Try again in a few seconds.',
  /** 503: every account's images together fill the server's processing line. */
  imageServerBusy: 'Image processing is busy right now. Nothing was saved; try again in a minute.',
  quotaExceeded: (quota: string) =>
    `Your storage is full: this upload would go over your plan's ${quota}. Delete some files or upgrade your plan for more space.`,
  notFound: 'This file no longer exists. Refresh the page to see your current gallery.',
  linkInvalid: 'This media link is not valid. Reload the page to get a fresh link.',
  linkExpired: 'This media link has expired. Reload the page to get a fresh link.',
  storageUnavailable:
    'Your files could not be reached just now. Nothing was changed; please try again in a minute.',
  /** 410: the undo window is over; the purge deletes (or has deleted) the file for good. */
  restoreExpired: 'This file was deleted for good and can no longer be restored.',
  restoreExpiredCode: 'MEDIA_PURGED',
  restoreQuotaExceeded: (quota: string) =>
    `Your storage is full: restoring this file would go over your plan's ${quota}. Delete some files or upgrade your plan for more space.`,
} as const;

const listOf = (names: string[]) =>
  new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(names);

/**
 * The "Image protected" toast's text, saying only what was measured: a copy still matched by one
 * fingerprint is not "protected against reverse searches" (docs/product.md#gallery-and-media's default, kept for a server
 * that sends no text).
 */
export function measuredProtectionText({ hashes }: Pick<ProtectionReport, 'hashes'>): string {
  const evaded = hashes.filter((hash) => !hash.matches).map((hash) => hashLabels[hash.name]);
  const matched = hashes.filter((hash) => hash.matches).map((hash) => hashLabels[hash.name]);
  const measured = countOf(hashes.length, { one: 'fingerprint', other: 'fingerprints' });
  if (matched.length === 0)
    return `Your copy no longer matches the original under any of the ${measured} we measured (${listOf(evaded)}). Search comparing local details or using AI may still find it.`;
  if (evaded.length === 0)
    return `Your copy still matches the original under every fingerprint we measured (${listOf(matched)}). Try a stronger level.`;
  return `Your copy no longer matches the original under ${listOf(evaded)}; ${listOf(matched)} still ${plural(matched.length, { one: 'matches', other: 'match' })} it.`;
}
