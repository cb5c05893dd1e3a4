import { z } from 'zod';
import { protectionLevelSchema, protectionReportSchema } from './media';

export const protectImageRequestSchema = z.strictObject({
  protectionLevel: protectionLevelSchema,
  /** Paid plans choose; Free plans always get the watermark whatever is sent. */
  watermark: z.boolean().optional(),
});
export type ProtectImageRequest = z.infer<typeof protectImageRequestSchema>;

export const protectImageResponseSchema = z.object({
  message: z.string(),
  protectedUrl: z.string(),
  protectionLevel: protectionLevelSchema,
  report: protectionReportSchema,
});
export type ProtectImageResponse = z.infer<typeof protectImageResponseSchema>;

/** How long a protection preview waits for keep or discard before it is deleted on its own. */
export const previewLifetimeMinutes = 60;

/**
 * POST /api/protect-image/:id/preview: a protected copy made but not used yet. She sees it beside
 * the original and keeps it (POST /api/protect-image/previews/:previewId/keep, it becomes the
 * photo's current copy) or discards it (DELETE /api/protect-image/previews/:previewId).
 */
export const protectionPreviewResponseSchema = z.object({
  previewId: z.string(),
  message: z.string(),
  previewUrl: z.string(),
  protectionLevel: protectionLevelSchema,
  report: protectionReportSchema,
  expiresAt: z.string(),
});
export type ProtectionPreviewResponse = z.infer<typeof protectionPreviewResponseSchema>;

export const previewIdParamsSchema = z.object({
  previewId: z.uuid({ message: 'Protection preview not found.' }),
});

export const discardPreviewResponseSchema = z.object({ message: z.string() });

/** POST /api/imageshield/try: multipart `protectionLevel` (default standard) then `file`; nothing is saved. */
export const tryProtectionFieldsSchema = z.object({
  protectionLevel: protectionLevelSchema.default('standard'),
});

export const tryProtectionResponseSchema = z.object({
  message: z.string(),
  protectionLevel: protectionLevelSchema,
  report: protectionReportSchema,
  /** The protected picture itself (a data: URL), with a name to save it under. */
  image: z.object({
    dataUrl: z.string(),
    filename: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
  /** Tries left in the current hour for this visitor or account. */
  remainingTries: z.number().int().nonnegative(),
});
export type TryProtectionResponse = z.infer<typeof tryProtectionResponseSchema>;

/** Largest picture the try-out works on (its long side is scaled down to this). */
export const tryMaxSide = 2048;
export const tryLimits = { visitorPerHour: 5, memberPerHour: 30 } as const;

export const imageshieldTexts = {
  onlyImages: 'Only photos can be protected. Videos are stored as they are.',
  /** 409: two protections of one photo ran at once (two tabs, two devices); the other one was kept. */
  protectedMeanwhile:
    'This photo was protected again from another tab or device at the same time. That copy was kept; refresh the page to see it.',
  damaged: 'This image could not be read for protection. Upload it again, then protect the new copy.',
  tryLimitReached: (minutes: number) =>
    `You have used this hour's free tries. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or sign in and protect photos from your gallery.`,
  previewNotFound:
    'This preview is no longer waiting: it was kept, discarded or expired. Protect the photo again to make a new one.',
  previewDiscarded: 'Preview discarded. Your photo and its current protected copy are unchanged.',
  previewKept:
    'Kept. This is now the protected copy of your photo; earlier copies stay listed in its details.',
  previewHeading: 'Compare before you keep it',
  previewOriginal: 'Original',
  previewProtected: 'Protected preview',
  previewKeep: 'Keep protected copy',
  previewDiscard: 'Discard',
  previewExpires: `Nothing changes until you choose. A preview you leave is deleted after ${previewLifetimeMinutes} minutes.`,
  /** What protection does and does not do: never promise more than the hashes measure. */
  scope:
    'Protection changes your photo so that the image fingerprints repost detectors compare no longer match it; you see which still do. Search comparing local details (like TinEye) or using AI may still find it, and faces stay recognisable.',
} as const;
