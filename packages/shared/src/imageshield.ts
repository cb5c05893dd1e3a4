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
  /** What protection does and does not do: never promise more than the hashes measure. */
  scope:
    'Protection changes your photo so that the image fingerprints repost detectors compare no longer match it; you see which still do. Search comparing local details (like TinEye) or using AI may still find it, and faces stay recognisable.',
} as const;
