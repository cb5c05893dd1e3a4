import { z } from 'zod';

/**
 * docs/product.md#analytics (Analytics event), 7 (POST /api/analytics/events) and 9 (batching): the tracker's wire
 * contract. The browser and the server validate with these same schemas.
 */

export const analyticsEventKinds = [
  'page_view',
  'page_end',
  'engagement_event',
  'content_view',
  'content_generation',
  'feature_usage',
  'scroll_depth',
  'click',
  'session_end',
] as const;
export type AnalyticsEventKind = (typeof analyticsEventKinds)[number];

/** docs/product.md#analytics: a batch is sent once this many events are queued. */
export const analyticsBatchSize = 5;
/** docs/product.md#analytics: and at least this often while events wait. */
export const analyticsFlushIntervalMs = 30_000;
/** docs/product.md#analytics: scroll tracking is throttled to one reading a second. */
export const analyticsScrollThrottleMs = 1_000;
/** docs/product.md#analytics: scroll_depth fires when the reader passes these percentages. */
export const analyticsScrollMilestones = [75, 100] as const;
/** The most events one request may carry; a tracker that queued more sends several requests. */
export const analyticsMaxEventsPerBatch = 50;
/** The most bytes one request body may have. */
export const analyticsMaxBodyBytes = 64 * 1024;
/** docs/product.md#analytics (browser-stored items): the tab's analytics session id, in sessionStorage. */
export const analyticsSessionStorageKey = 'analytics_session_id';

export const analyticsTexts = {
  batchEmpty: 'Send at least one event.',
  batchTooLarge: `Send at most ${analyticsMaxEventsPerBatch} events per request.`,
  bodyTooLarge: `Analytics batches can be at most ${analyticsMaxBodyBytes / 1024} KB. Send fewer events per request.`,
  rateLimited:
    'Too many analytics requests from this browser. Wait a minute; queued events are kept and sent then.',
} as const;

const shortText = (max: number) => z.string().max(max);
const clientId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'Ids may only contain letters, digits, - and _' });
const path = z.string().min(1).max(2048).startsWith('/', { message: 'Paths start with /' });
const seconds = z
  .number()
  .finite()
  .min(0)
  .max(7 * 24 * 60 * 60);
const percent = z.number().finite().min(0).max(100);
const count = z.number().int().min(0).max(1_000_000);

/** Every kind's extra data (docs/product.md#analytics). Unknown keys are dropped, never stored. */
export const analyticsEventData = {
  page_view: z.object({ title: shortText(300).optional() }),
  page_end: z.object({
    path,
    timeOnPage: seconds,
    scrollDepth: percent,
    /** True when the session ended on this page (tab hidden or closed), false on an in-app navigation. */
    exitPage: z.boolean(),
  }),
  engagement_event: z.object({ action: shortText(100).min(1), value: z.number().finite().optional() }),
  content_view: z.object({
    contentId: shortText(100).min(1),
    platform: shortText(40).optional(),
    subreddit: shortText(100).optional(),
    viewType: shortText(40).min(1),
  }),
  content_generation: z.object({
    platform: shortText(40).min(1),
    generationType: shortText(40).optional(),
    subreddit: shortText(100).optional(),
  }),
  feature_usage: z.object({ feature: shortText(60).min(1), action: shortText(60).min(1) }),
  scroll_depth: z.object({ depth: percent }),
  click: z.object({
    element: shortText(60).min(1),
    href: shortText(2048).optional(),
    text: shortText(200).optional(),
    type: shortText(40).optional(),
  }),
  session_end: z.object({ duration: seconds, pageCount: count, eventCount: count }),
} as const satisfies Record<AnalyticsEventKind, z.ZodType>;

const eventBase = {
  /** Made by the browser; a batch sent twice is counted once. */
  id: clientId,
  sessionId: clientId,
  /** When it happened in the browser (ISO). */
  timestamp: z.iso.datetime({ offset: true }),
  page: path,
  eventType: shortText(60).optional(),
  url: shortText(2048).optional(),
  referrer: shortText(2048).nullable().optional(),
  userAgent: shortText(512).optional(),
};

function eventOf<K extends AnalyticsEventKind>(kind: K) {
  return z.object({ ...eventBase, type: z.literal(kind), data: analyticsEventData[kind] });
}

/** One event. `userId` is not part of it: the server takes the user from the session. */
export const analyticsEventSchema = z.discriminatedUnion('type', [
  eventOf('page_view'),
  eventOf('page_end'),
  eventOf('engagement_event'),
  eventOf('content_view'),
  eventOf('content_generation'),
  eventOf('feature_usage'),
  eventOf('scroll_depth'),
  eventOf('click'),
  eventOf('session_end'),
]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
export type AnalyticsEventOf<K extends AnalyticsEventKind> = Extract<AnalyticsEvent, { type: K }>;

/**
 * The request: the batch itself is checked loosely (an array of 1–50 items) and each item on its
 * own, so one bad event is dropped and counted instead of failing the whole batch.
 */
export const analyticsBatchRequestSchema = z.object({
  events: z
    .array(z.unknown())
    .min(1, { message: analyticsTexts.batchEmpty })
    .max(analyticsMaxEventsPerBatch, { message: analyticsTexts.batchTooLarge }),
});

export const analyticsBatchResponseSchema = z.object({
  /** New events stored. */
  accepted: z.number().int().nonnegative(),
  /** Events whose id was stored before (a re-sent batch); ignored. */
  duplicates: z.number().int().nonnegative(),
  /** Valid events not stored because the signed-in user turned usage analytics off in Settings. */
  ignored: z.number().int().nonnegative(),
  /** Events that failed validation; dropped. */
  rejected: z.number().int().nonnegative(),
  /** Why each rejected event was dropped, by its position in the batch. */
  errors: z.array(z.object({ index: z.number().int().nonnegative(), message: z.string() })),
});
export type AnalyticsBatchResponse = z.infer<typeof analyticsBatchResponseSchema>;
