import { z } from 'zod';

/**
 * The read side of analytics (docs/product.md#analytics): the signed-in user's report (GET /api/analytics/me) and
 * the admins' site-wide report (GET /api/admin/analytics). Definitions of every figure are in
 * docs/analytics.md, "Reports". Days are UTC calendar days; a range ends today (UTC) inclusive.
 */

export const analyticsRanges = ['7d', '30d', '90d'] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];
export const analyticsRangeDays: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30, '90d': 90 };
/** Basic analytics (Free, Starter) covers up to 30 days; 90 days is part of advanced analytics (Pro). */
export const basicAnalyticsRanges: readonly AnalyticsRange[] = ['7d', '30d'];
export const defaultAnalyticsRange: AnalyticsRange = '30d';

export const analyticsReportTexts = {
  badRange: 'range must be 7d, 30d or 90d.',
  proOnlyRange:
    'The 90-day range is part of Advanced analytics on the Pro plan. Choose 7 or 30 days, or upgrade to Pro in Settings (Subscription and usage).',
  lockedTitle: 'Advanced analytics is a Pro feature',
  lockedBody:
    'Upgrade to Pro for 90-day reports, success rate per subreddit by week and the best hours to post.',
  upgradeLink: 'Upgrade to Pro',
  loadFailed: 'Could not load analytics.',
  noPosts: 'No posts sent yet — schedule one in Reddit',
  noGenerations: 'No captions generated yet — write one in the Caption Generator',
  noPageViews: 'No page activity recorded in this range yet.',
  noSiteData: 'No visits recorded in this range yet.',
} as const;

export const analyticsRangeQuerySchema = z.strictObject({
  range: z.enum(analyticsRanges, { message: analyticsReportTexts.badRange }).default(defaultAnalyticsRange),
});

const count = z.number().int().nonnegative();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** 0–1, or null when there is nothing to divide by. */
const share = z.number().min(0).max(1).nullable();

const rangeFields = {
  range: z.enum(analyticsRanges),
  /** First day of the range (UTC). */
  from: day,
  /** Last day of the range: today (UTC). */
  to: day,
};

export const topPageSchema = z.object({ page: z.string(), views: count });
export type TopPage = z.infer<typeof topPageSchema>;

export const subredditWeekSchema = z.object({
  /** Monday of the ISO week (UTC). */
  week: day,
  sent: count,
  failed: count,
  successRate: share,
});

export const hourSchema = z.object({
  /** 0–23, UTC. */
  hour: z.number().int().min(0).max(23),
  sent: count,
  failed: count,
  /** The user's page views in that hour of the day. */
  activity: count,
});

export const userAnalyticsReportSchema = z.object({
  ...rangeFields,
  /** 'advanced' for Pro and admins; for 'basic' the `advanced` part is null (locked). */
  access: z.enum(['basic', 'advanced']),
  totals: z.object({
    pageViews: count,
    generations: count,
    postsSent: count,
    postsFailed: count,
    /** Seconds; null without any page_end event. */
    averageTimeOnPage: z.number().nonnegative().nullable(),
  }),
  /** One entry per day of the range, oldest first; empty days are 0. */
  perDay: z.array(
    z.object({ date: day, pageViews: count, generations: count, postsSent: count, postsFailed: count }),
  ),
  topPages: z.array(topPageSchema),
  generationsPerPlatform: z.array(z.object({ platform: z.string(), count })),
  postsPerSubreddit: z.array(z.object({ subreddit: z.string(), sent: count, failed: count })),
  advanced: z
    .object({
      /** Every week of the range, oldest first. */
      weeks: z.array(day),
      /** The subreddits with most posts in the range (at most 6), each with one point per week. */
      subredditSuccess: z.array(z.object({ subreddit: z.string(), points: z.array(subredditWeekSchema) })),
      /** 24 entries, hour 0 to 23 (UTC). */
      bestHours: z.array(hourSchema),
    })
    .nullable(),
});
export type UserAnalyticsReport = z.infer<typeof userAnalyticsReportSchema>;

export const funnelStepSchema = z.object({
  step: z.enum(['landing', 'signup', 'firstGeneration']),
  label: z.string(),
  count,
  /** Share of the previous step; null for the first step or when the previous step is 0. */
  conversion: share,
});

export const siteAnalyticsReportSchema = z.object({
  ...rangeFields,
  totals: z.object({
    /** Sum over the days of distinct visitor hashes (the hash's salt rotates daily). */
    visitors: count,
    sessions: count,
    pageViews: count,
    averageTimeOnPage: z.number().nonnegative().nullable(),
  }),
  perDay: z.array(z.object({ date: day, visitors: count, sessions: count, pageViews: count })),
  topPages: z.array(topPageSchema),
  /** Referring hostnames by sessions, this site's own host excluded. */
  referrers: z.array(z.object({ host: z.string(), sessions: count })),
  scrollDepth: z.object({
    pageEnds: count,
    reached: z.array(
      z.object({
        depth: z.union([z.literal(25), z.literal(50), z.literal(75), z.literal(100)]),
        count,
        share,
      }),
    ),
  }),
  funnel: z.array(funnelStepSchema),
});
export type SiteAnalyticsReport = z.infer<typeof siteAnalyticsReportSchema>;

export const funnelLabels = {
  landing: 'Sessions that saw the landing page',
  signup: 'Of those, new accounts',
  firstGeneration: 'Of those, made a first generation',
} as const;

export const scrollDepthSteps = [25, 50, 75, 100] as const;
/** How many rows the top-pages and referrer lists carry. */
export const analyticsTopListSize = 10;
/** How many subreddits the per-week success series carries. */
export const analyticsSubredditSeriesSize = 6;
