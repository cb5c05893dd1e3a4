import { z } from 'zod';

export const contentPlatforms = ['reddit', 'twitter', 'instagram', 'tiktok'] as const;
export const generationTypes = ['ai', 'template'] as const;

/** A content history item (spec section 3, Content generation). */
export const contentGenerationSchema = z.object({
  id: z.uuid(),
  content: z.string(),
  titles: z.array(z.string()),
  platform: z.enum(contentPlatforms),
  generationType: z.enum(generationTypes),
  subreddit: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ContentGeneration = z.infer<typeof contentGenerationSchema>;

export const contentGenerationListQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int({ message: 'limit must be a whole number' })
    .min(1, { message: 'limit must be between 1 and 100' })
    .max(100, { message: 'limit must be between 1 and 100' })
    .default(50),
  offset: z.coerce
    .number({ message: 'offset must be a number' })
    .int({ message: 'offset must be a whole number' })
    .min(0, { message: 'offset cannot be negative' })
    .default(0),
});

export const idParamsSchema = z.strictObject({
  id: z.uuid({ message: 'id must be a valid id (UUID)' }),
});
