import { z } from 'zod';
import { cursorPageFields, cursorPageQuerySchema } from './paging';

export const contentPlatforms = ['reddit', 'twitter', 'instagram', 'tiktok'] as const;
export const generationTypes = ['ai', 'template'] as const;

/** A content history item (docs/product.md#content-history, Content generation). */
export const contentGenerationSchema = z.object({
  id: z.uuid(),
  content: z.string(),
  titles: z.array(z.string()),
  platform: z.enum(contentPlatforms),
  generationType: z.enum(generationTypes),
  subreddit: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Without the leading '#'; empty for Reddit. Always sent by the server (optional for older clients' fixtures). */
  hashtags: z.array(z.string()).optional(),
  photoInstructions: z.string().nullable().optional(),
  /** Who wrote it: the AI model's name, or 'offline' for the built-in writer (see writer-label.ts). */
  model: z.string().nullable().optional(),
});
export type ContentGeneration = z.infer<typeof contentGenerationSchema>;

const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === 'all' ? undefined : value), schema.optional());

/** The /history screen's filters (docs/product.md#content-history): search text, platform and type; 'all' or empty means any. */
export const contentGenerationFiltersSchema = z.strictObject({
  search: optionalFilter(z.string().trim().max(200, { message: 'search must be at most 200 characters' })),
  platform: optionalFilter(
    z.enum(contentPlatforms, { message: 'platform must be all, reddit, twitter, instagram or tiktok' }),
  ),
  type: optionalFilter(z.enum(generationTypes, { message: 'type must be all, ai or template' })),
});
export type ContentGenerationFilters = z.infer<typeof contentGenerationFiltersSchema>;

/** GET /api/content-generations: the filters above, newest first, one page at a time (decision 032). */
export const contentGenerationListQuerySchema = contentGenerationFiltersSchema.extend(cursorPageFields);

/**
 * GET /api/content-generations/stats (same filters as the list): the screen's four counters.
 * total, aiGenerated and redditPosts count all of the user's history; filtered counts the matches.
 */
export const contentGenerationStatsSchema = z.object({
  total: z.number().int().nonnegative(),
  aiGenerated: z.number().int().nonnegative(),
  redditPosts: z.number().int().nonnegative(),
  filtered: z.number().int().nonnegative(),
});
export type ContentGenerationStats = z.infer<typeof contentGenerationStatsSchema>;

/** Saved content (docs/product.md#content-history): a copy of a result the user keeps; it outlives its history item. */
export const savedContentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string(),
  platform: z.enum(contentPlatforms),
  /** null when saved without one, or after the history item was deleted. */
  generationId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type SavedContent = z.infer<typeof savedContentSchema>;

/** POST /api/saved-content (docs/product.md#content-history): title, content, platform, generationId. */
export const saveContentRequestSchema = z.strictObject({
  title: z
    .string({ message: 'title must be text' })
    .trim()
    .min(1, { message: 'title is required' })
    .max(300, { message: 'title must be at most 300 characters' }),
  content: z
    .string({ message: 'content must be text' })
    .max(40_000, { message: 'content must be at most 40,000 characters' }),
  platform: z.enum(contentPlatforms, { message: 'platform must be reddit, twitter, instagram or tiktok' }),
  generationId: z
    .uuid({ message: 'generationId must be the id of one of your history items' })
    .nullable()
    .optional(),
});
export type SaveContentRequest = z.input<typeof saveContentRequestSchema>;

export const savedContentListQuerySchema = cursorPageQuerySchema;

export const idParamsSchema = z.strictObject({
  id: z.uuid({ message: 'id must be a valid id (UUID)' }),
});

/** The Saved view (History's "Saved" tab and the AI Studio): the user's saved copies. */
export const savedContentTexts = {
  tabAll: 'All content',
  tabSaved: 'Saved',
  heading: 'Saved content',
  loading: 'Loading your saved content...',
  loadFailed: 'Your saved content could not be loaded',
  emptyTitle: 'Nothing saved yet',
  emptyText: 'Save a caption from your history to keep a copy here, even after the history item is deleted.',
  loadMore: 'Show older saved content',
  loadingMore: 'Loading...',
  copy: 'Copy',
  copyLabel: (title: string) => `Copy “${title}”`,
  remove: 'Remove',
  removeLabel: (title: string) => `Remove “${title}” from saved content`,
  removing: 'Removing...',
  confirmTitle: (title: string) => `Remove “${title}” from saved content?`,
  confirmText: 'The saved copy is deleted for good. The item in your history, if it is still there, stays.',
  removed: 'Removed from saved content',
  removedText: 'The saved copy has been deleted.',
  removeFailed: 'Remove failed',
} as const;
