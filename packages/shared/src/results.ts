import { z } from 'zod';

/** What works, per creator (docs/tracked-links.md#results): her sent posts, their clicks and upvotes. */
export const resultWindows = [7, 30, 90] as const;
export type ResultWindow = (typeof resultWindows)[number];

export const resultsTexts = {
  windowInvalid: 'days must be 7, 30 or 90',
} as const;

export const resultsQuerySchema = z.strictObject({
  days: z.coerce
    .number({ message: resultsTexts.windowInvalid })
    .refine((value) => (resultWindows as readonly number[]).includes(value), resultsTexts.windowInvalid)
    .default(30),
});

export const subredditResultSchema = z.object({
  subreddit: z.string(),
  posts: z.number().int(),
  /** Visitors through tracked links carried by these posts (each once per 30 minutes, bots apart). */
  visitors: z.number().int(),
  visitorsPerPost: z.number(),
  /** Sum of the latest known scores of these posts; null when none was checked yet. */
  upvotes: z.number().int().nullable(),
  removed: z.number().int(),
  /** Removed posts among those checked, 0–1; null when none was checked. */
  removalRate: z.number().nullable(),
  /**
   * New subscribers in the period × this subreddit's share of the period's visitors, to one
   * decimal: an estimate, not a count. Null when none were recorded or no visitors were counted.
   */
  estimatedSubscribers: z.number().nullable(),
});
export type SubredditResult = z.infer<typeof subredditResultSchema>;

export const postResultSchema = z.object({
  id: z.uuid(),
  subreddit: z.string(),
  title: z.string(),
  sentAt: z.iso.datetime(),
  url: z.string().nullable(),
  visitors: z.number().int(),
  upvotes: z.number().int().nullable(),
  removed: z.boolean().nullable(),
});
export type PostResult = z.infer<typeof postResultSchema>;

export const resultsResponseSchema = z.object({
  days: z.number().int(),
  totals: z.object({ posts: z.number().int(), visitors: z.number().int(), removed: z.number().int() }),
  subreddits: z.array(subredditResultSchema),
  /** The 50 posts with the most visitors, then upvotes. */
  posts: z.array(postResultSchema),
  /** Visitors by hour of the day (UTC, 0–23), from her own clicks: when her audience clicks. */
  clickHours: z.array(z.object({ hourUtc: z.number().int().min(0).max(23), visitors: z.number().int() })),
  /** New subscribers she recorded for the period, and how (or why not) they are shared out. */
  subscribers: z.object({
    recorded: z.number().int(),
    daysRecorded: z.number().int(),
    estimate: z.enum(['estimated', 'no_subscribers', 'no_visitors']),
    /** The method when estimated, else why there is no estimate (subscriberTexts). */
    note: z.string(),
  }),
});
export type ResultsResponse = z.infer<typeof resultsResponseSchema>;
