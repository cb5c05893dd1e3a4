import { z } from 'zod';
import { bestTimesBases } from './best-times';
import { formatUtcTime } from './utc-time';
import { cursorPageFields } from './paging';
import {
  firstCommentDelayField,
  firstCommentField,
  firstCommentSchema,
  firstCommentUpdateField,
} from './posts-first-comment';

/** docs/product.md#reddit-posting: a scheduled post's status. */
export const scheduledPostStatuses = ['pending', 'sent', 'failed'] as const;
export type ScheduledPostStatus = (typeof scheduledPostStatuses)[number];

/** docs/product.md#reddit-posting: schedule time choices. 'optimal' and 'now' send no time: the server decides. */
export const scheduleTimeChoices = ['optimal', 'now', '1h', '6h', '12h', '24h', 'custom'] as const;
export type ScheduleTimeChoice = (typeof scheduleTimeChoices)[number];
/** docs/product.md#reddit-posting: schedule offsets in hours. */
export const scheduleOffsetHours = { '1h': 1, '6h': 6, '12h': 12, '24h': 24 } as const;
/** What the server decides when no scheduledAt is sent. */
export const serverTimings = ['optimal', 'now'] as const;
export type ServerTiming = (typeof serverTimings)[number];

/** Longest time ahead a post may be scheduled. */
export const maxScheduleAheadDays = 365;
export const maxTitleLength = 300;
export const maxBodyLength = 40_000;

/**
 * The scheduledAt a time choice sends (ISO), or undefined for 'optimal' and 'now' (server decides).
 * 'custom' needs the picked date.
 */
export function scheduledAtFor(
  choice: ScheduleTimeChoice,
  now: Date = new Date(),
  custom?: Date,
): string | undefined {
  if (choice === 'optimal' || choice === 'now') return undefined;
  if (choice === 'custom') return custom ? custom.toISOString() : undefined;
  return new Date(now.getTime() + scheduleOffsetHours[choice] * 3_600_000).toISOString();
}

/** docs/product.md#reddit-posting: Schedule post. */
export const scheduleTexts = {
  missingInformationTitle: 'Missing information',
  missingInformation: 'Please provide at least a subreddit and title',
  authRequiredTitle: 'Authentication required',
  authRequired: 'Please log in to schedule posts',
  viewOnReddit: 'View on Reddit',
  scheduled: 'Post scheduled',
  queuedNow: 'Post queued: it goes to Reddit within a minute.',
  scheduledFor: (at: Date) => `Post scheduled for ${formatUtcTime(at)}.`,
  inPast: 'That time has already passed. Pick a time in the future, or choose "now".',
  tooFarAhead: `Posts can be scheduled at most ${maxScheduleAheadDays} days ahead. Pick an earlier date.`,
  unknownSubreddit: (name: string) =>
    `We don't know r/${name}. Check the spelling, or pick a community from the Reddit Communities page.`,
  subredditUnavailable: (name: string) =>
    `r/${name} is banned, private or gone on Reddit, so posts there can't be sent.`,
  notPending: 'This post has already been sent or has failed, so it can no longer be changed.',
  cancelled: 'Scheduled post cancelled',
  updated: 'Scheduled post updated',
  onlyImages: 'Only photos from your gallery can be attached to a Reddit post.',
} as const;

export const subredditField = z
  .string({ message: scheduleTexts.missingInformation })
  .trim()
  .transform((value) => value.replace(/^\/?r\//i, ''))
  .pipe(
    z
      .string()
      .min(1, { message: scheduleTexts.missingInformation })
      .max(21, { message: 'A subreddit name is at most 21 characters.' })
      .regex(/^[A-Za-z0-9_]+$/, {
        message: 'A subreddit name has only letters, digits and underscores (like r/example).',
      }),
  );
export const titleField = z
  .string({ message: scheduleTexts.missingInformation })
  .trim()
  .min(1, { message: scheduleTexts.missingInformation })
  .max(maxTitleLength, { message: `Reddit titles are at most ${maxTitleLength} characters.` });
export const bodyField = z
  .string()
  .max(maxBodyLength, { message: `The text is at most ${maxBodyLength} characters.` })
  .transform((value) => (value.trim() === '' ? undefined : value));
export const scheduledAtField = z.iso.datetime({
  offset: true,
  message: 'scheduledAt must be a date and time (ISO 8601).',
});

/**
 * docs/product.md#reddit-posting Scheduling input plus what posting needs. Without scheduledAt the server decides by
 * `timing` ('optimal' when absent: the next of the community's best posting times, else now).
 */
export const schedulePostRequestSchema = z.strictObject({
  subreddit: subredditField,
  title: titleField,
  /** Empty or null: a post without text. */
  body: bodyField.nullish().transform((value) => value ?? undefined),
  /** Absent or null: the server decides (see timing). */
  scheduledAt: scheduledAtField.nullish().transform((value) => value ?? undefined),
  timing: z.enum(serverTimings, { message: 'timing must be optimal or now' }).optional(),
  /** A photo from the gallery: sent as a native Reddit image post. */
  imageId: z.uuid({ message: 'imageId must be a valid id (UUID)' }).optional(),
  /** Which linked account posts; the first linked one when absent. */
  redditAccountId: z.uuid({ message: 'redditAccountId must be a valid id (UUID)' }).optional(),
  /** A flair from the subreddit's list (see POST /api/posts/check); required where the subreddit says so. */
  flairId: z.string().trim().min(1).max(64).optional(),
  flairText: z.string().trim().min(1).max(64).optional(),
  nsfw: z.boolean().optional(),
  /** Posted under the post by the same account once it is live (docs/reddit-posting.md#first-comment). */
  firstComment: firstCommentField,
  /** Minutes after the post is live (0–60; 2 when absent). */
  firstCommentDelayMinutes: firstCommentDelayField.optional(),
});
export type SchedulePostRequest = z.input<typeof schedulePostRequestSchema>;

/** One thing that would get the post removed or refused, with the fix when there is one. */
export const postProblemCodes = [
  'title_required_string',
  'title_regex',
  'title_format_unchecked',
  'title_too_short',
  'title_too_long',
  'title_rule',
  'flair_required',
  'post_type_not_allowed',
  'domain_not_allowed',
  'body_required',
  'body_not_allowed',
  'min_karma',
  'min_account_age',
  'daily_limit',
  'cooldown',
  'spacing_gap',
  'spacing_hour',
  'no_slot',
  'subreddit_unknown',
  'comment_links_not_allowed',
  'explicit_photo_not_over18',
] as const;
export const postProblemSchema = z.object({
  code: z.enum(postProblemCodes),
  message: z.string(),
  /** What to do about it, in words. */
  fix: z.string().nullable(),
  /** A corrected title when the fix is to the title (e.g. with the required [F] tag). */
  suggestedTitle: z.string().nullable(),
  /** 'block': the post is refused; 'warn': it would likely be removed, but may be sent. */
  severity: z.enum(['block', 'warn']),
  /** The moment the problem is about (the other post of a cooldown), for the client to show in the reader's zone. */
  at: z.iso.datetime().optional(),
});
export type PostProblem = z.infer<typeof postProblemSchema>;

/**
 * docs/decisions/021-untrusted-title-patterns.md: a subreddit's title format (its moderators' regular expressions) that could not be run
 * safely is reported as unchecked, never as a pass; it warns, and the creator decides.
 */
export const titleFormatTexts = {
  unchecked: (subreddit: string, patterns: readonly string[]) =>
    `We could not check the title against the format r/${subreddit} requires (${patterns.join(' or ')}): the format uses features we cannot check safely, or took too long to check.`,
  uncheckedFix: 'Compare the title with the format the subreddit describes in its rules before it goes out.',
  uncheckedBadge: 'Not checked',
} as const;

/**
 * The photo's automatic rating is explicit and the community is not marked 18+ (docs/decisions/037-photo-content-rating.md).
 * A warning, not a refusal: the rating is a guess. The post is sent marked NSFW either way.
 */
export const explicitPhotoTexts = {
  notOver18: (subreddit: string) =>
    `This photo looks explicit and r/${subreddit} is not marked 18+: it may be removed.`,
  notOver18Fix: 'Choose an 18+ subreddit for this photo, or pick another photo.',
} as const;

export const flairChoiceSchema = z.object({ id: z.string(), text: z.string() });

/** POST /api/posts/check: the same input as schedule; nothing is saved. */
export const postCheckResponseSchema = z.object({
  ok: z.boolean(),
  problems: z.array(postProblemSchema),
  /** Whether Reddit's live requirements were read (false when Reddit was unreachable or not set up). */
  checkedLive: z.boolean(),
  flairRequired: z.boolean(),
  flairs: z.array(flairChoiceSchema),
});
export type PostCheckResponse = z.infer<typeof postCheckResponseSchema>;

/** Error code of a 422 when the post breaks the subreddit's rules; the message lists each problem and fix. */
export const postRulesErrorCode = 'POST_BREAKS_RULES';

export const scheduledPostResultSchema = z.object({
  url: z.string().optional(),
  error: z.string().optional(),
});

/** What a check 15 and 60 minutes after sending saw. */
export const postOutcomeSchema = z.object({
  checkedAt: z.iso.datetime(),
  minutesAfterSending: z.number().int(),
  removed: z.boolean(),
  /** 'moderator', 'author', 'reddit' (spam filter/admins) or null when not removed. */
  removedBy: z.string().nullable(),
  score: z.number().int().nullable(),
  comments: z.number().int().nullable(),
});
export type PostOutcome = z.infer<typeof postOutcomeSchema>;

/** docs/product.md#reddit-posting: Scheduled post, as GET /api/posts/scheduled lists it. */
export const scheduledPostSchema = z.object({
  id: z.uuid(),
  subreddit: z.string(),
  titleFinal: z.string(),
  bodyFinal: z.string().nullable(),
  scheduledAt: z.iso.datetime(),
  status: z.enum(scheduledPostStatuses),
  /** url when sent, error (Reddit's message) when failed; null while pending. */
  resultJson: scheduledPostResultSchema.nullable(),
  imageId: z.uuid().nullable(),
  redditAccountId: z.uuid().nullable(),
  redditUsername: z.string().nullable(),
  flairText: z.string().nullable(),
  /** How the time was chosen: 'custom' when the client sent scheduledAt. */
  timing: z.enum(['optimal', 'now', 'custom']),
  attempts: z.number().int().nonnegative(),
  /** The latest temporary problem while the post is still pending (it is retried). */
  lastError: z.string().nullable(),
  /**
   * Set while a pending post waits for this server's Reddit allowance (shared by every creator),
   * not for anything about the post or her account: about when it goes out.
   */
  waitingForRedditUntil: z.iso.datetime().nullable(),
  sentAt: z.iso.datetime().nullable(),
  outcome: postOutcomeSchema.nullable(),
  /** The optional first comment and what became of it; null when the post has none. */
  firstComment: firstCommentSchema.nullable(),
  /** The campaign the post belongs to (docs/decisions/035-campaigns-and-spacing.md), or null. */
  campaignId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type ScheduledPost = z.infer<typeof scheduledPostSchema>;

export const scheduledPostListResponseSchema = z.array(scheduledPostSchema);

/**
 * GET /api/posts/scheduled?status=: the two groups the /reddit page and the dashboard show, each in
 * the order a reader wants it and paged by its own cursor (docs/decisions/032-cursor-paging.md, "Scheduled posts by status").
 * Without status: every post, latest scheduled time first, as before.
 */
export const scheduledPostListStatuses = ['pending', 'done'] as const;
export type ScheduledPostListStatus = (typeof scheduledPostListStatuses)[number];

/** The post statuses each list holds. */
export const scheduledPostListMembers = {
  pending: ['pending'],
  done: ['sent', 'failed'],
} as const satisfies Record<ScheduledPostListStatus, readonly ScheduledPostStatus[]>;

/**
 * When the server-wide Reddit allowance, not the creator's own limits, holds a post back
 * (docs/decisions/038-reddit-rate-budget.md). `at` is the time in the reader's words.
 */
export const redditAllowanceTexts = {
  waiting: (at: string) =>
    `Waiting for Reddit: this server has used its Reddit allowance for the moment; your post goes out at about ${at}.`,
} as const;

export const scheduledPostListTexts = {
  statusInvalid:
    'status must be pending (posts waiting to go out, soonest first) or done (sent and failed posts, latest first); leave it out for all posts, latest scheduled first',
} as const;

/** GET /api/posts/scheduled: one page at a time (decision 032), of one group when status is given. */
export const scheduledPostListQuerySchema = z.strictObject({
  ...cursorPageFields,
  status: z
    .enum(scheduledPostListStatuses, { message: scheduledPostListTexts.statusInvalid })
    .optional()
    .describe(
      'pending: posts waiting to go out, soonest scheduled first. done: sent and failed posts, latest scheduled first. ' +
        'Absent: all posts, latest scheduled first. Each order has its own cursor: keep status when following X-Next-Cursor.',
    ),
});
export type ScheduledPostListQuery = z.input<typeof scheduledPostListQuerySchema>;

export const schedulePostResponseSchema = z.object({
  message: z.string(),
  post: scheduledPostSchema,
  /** Things that may get the post removed but did not block it. */
  warnings: z.array(postProblemSchema),
});
export type SchedulePostResponse = z.infer<typeof schedulePostResponseSchema>;

/** PATCH /api/posts/scheduled/{id}: pending posts only; scheduledAt null means "now". */
export const updateScheduledPostRequestSchema = z
  .strictObject({
    subreddit: subredditField.optional(),
    title: titleField.optional(),
    body: bodyField.nullable().optional(),
    scheduledAt: scheduledAtField.nullable().optional(),
    flairId: z.string().trim().min(1).max(64).nullable().optional(),
    flairText: z.string().trim().min(1).max(64).nullable().optional(),
    /** Null or empty removes the first comment. */
    firstComment: firstCommentUpdateField,
    firstCommentDelayMinutes: firstCommentDelayField.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, {
    message: 'Nothing to change: send at least one field.',
  });
export type UpdateScheduledPostRequest = z.input<typeof updateScheduledPostRequestSchema>;

export const scheduledPostParamsSchema = z.strictObject({
  id: z.uuid({ message: 'id must be a valid id (UUID)' }),
});
export const updateScheduledPostResponseSchema = z.object({ message: z.string(), post: scheduledPostSchema });
export const cancelScheduledPostResponseSchema = z.object({ message: z.string() });

/** GET /api/posts/optimal-time?subreddit=: what 'optimal' would pick now. */
export const optimalTimeQuerySchema = z.strictObject({ subreddit: subredditField });
export const optimalTimeResponseSchema = z.object({
  subreddit: z.string(),
  /** "HH:MM" UTC, best first (at most 3): the same the communities page shows her (best-times.ts). */
  bestPostingTimes: z.array(z.string()),
  /** The next of those times; now when the community has none. */
  scheduledAt: z.iso.datetime(),
  basis: z.enum(['best_posting_times', 'no_data']),
  /** Whose hours those are: the community's, hers mixed in, or hers (with how many of her posts). */
  timesBasis: z.enum(bestTimesBases),
  ownPosts: z.number().int().min(0),
});
export type OptimalTimeResponse = z.infer<typeof optimalTimeResponseSchema>;
