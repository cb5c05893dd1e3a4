import { z } from 'zod';
import { countOf } from './plural';
import { firstCommentDelayField, firstCommentField, maxFirstCommentLength } from './posts-first-comment';
import {
  bodyField,
  flairChoiceSchema,
  postProblemSchema,
  scheduledAtField,
  scheduledPostSchema,
  subredditField,
  titleField,
} from './posts';

/**
 * Campaigns: one photo (or a set) and one caption to many subreddits, each post fitted to its
 * subreddit's rules and spread in time (docs/decisions/035-campaigns-and-spacing.md).
 */
export const campaignLimits = {
  maxTargets: 30,
  maxImages: 10,
  nameMax: 80,
} as const;

/**
 * How one Reddit account's posts are spread. The defaults and their reasons are in
 * docs/reddit-posting.md#safe-spacing: Reddit's spam filter and its "you are doing that too much"
 * limit both watch how fast one account posts, above all the same picture to many places.
 */
export const spacingLimits = {
  minGapMinutes: { min: 5, max: 720, default: 20 },
  maxPerHour: { min: 1, max: 10, default: 3 },
} as const;

export const campaignTimings = ['spread', 'best'] as const;
export type CampaignTiming = (typeof campaignTimings)[number];

export const campaignStatuses = ['active', 'paused', 'cancelled', 'done'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

export const campaignTexts = {
  planned: (posts: number) =>
    `${countOf(posts, { one: 'post', other: 'posts' })} planned. Check each row, then confirm.`,
  created: (posts: number) =>
    `Campaign saved: ${countOf(posts, { one: 'post', other: 'posts' })} scheduled. Protected copies are being made now.`,
  paused: 'Campaign paused: its waiting posts will not go out until you resume it.',
  resumed: 'Campaign resumed: waiting posts whose time has passed go out at the next free slots.',
  cancelled: (posts: number) =>
    `Campaign cancelled: ${countOf(posts, { one: 'waiting post was', other: 'waiting posts were' })} removed. Sent posts stay on Reddit.`,
  notFound: 'That campaign does not exist (it may have been cancelled).',
  notActive: 'Only an active campaign can be paused.',
  notPaused: 'Only a paused campaign can be resumed.',
  alreadyCancelled: 'This campaign was already cancelled.',
  duplicateTarget: (name: string) => `r/${name} is in the campaign twice. Keep it once.`,
  imageNotInSet: 'A row names a photo that is not one of the campaign photos. Pick one of them.',
  rowsHaveProblems: (rows: number) =>
    `${countOf(rows, { one: 'subreddit has', other: 'subreddits have' })} problems that would get the post refused. Fix or remove ${rows === 1 ? 'it' : 'them'}, then confirm again.`,
  tooManyTargets: `A campaign goes to at most ${campaignLimits.maxTargets} subreddits. Split it into two campaigns.`,
  noTargets: 'Pick at least one subreddit for the campaign.',
  tooManyImages: `A campaign uses at most ${campaignLimits.maxImages} photos.`,
  spacingGap: (minutes: number) =>
    `Less than ${countOf(minutes, { one: 'minute', other: 'minutes' })} after another post of this Reddit account: Reddit's spam filter may hide both.`,
  spacingHour: (perHour: number) =>
    `This Reddit account would send more than ${countOf(perHour, { one: 'post', other: 'posts' })} within an hour: Reddit's spam filter may hide them.`,
  spacingFix: 'Use the planned time, or move the post further from the others.',
  copyMaking: 'Making its protected copy…',
  copyFailed:
    'Its protected copy could not be made, so it was not sent. Protect the photo again from the gallery, then reschedule this post.',
  planLimit: (limit: number) =>
    `Your plan lets one campaign go to at most ${countOf(limit, { one: 'subreddit', other: 'subreddits' })}. Remove some, or upgrade for more.`,
  noSlot:
    'No time within a year keeps this account safely spaced. Remove some subreddits or allow more posts an hour.',
  unknownFix: 'Remove it from the campaign, or check the spelling.',
} as const;

const spacingSchema = z.strictObject({
  minGapMinutes: z
    .number()
    .int()
    .min(spacingLimits.minGapMinutes.min, {
      message: `Posts of one account need at least ${spacingLimits.minGapMinutes.min} minutes between them.`,
    })
    .max(spacingLimits.minGapMinutes.max, {
      message: `The gap between posts is at most ${spacingLimits.minGapMinutes.max} minutes (12 hours).`,
    })
    .default(spacingLimits.minGapMinutes.default),
  maxPerHour: z
    .number()
    .int()
    .min(spacingLimits.maxPerHour.min, { message: 'Allow at least 1 post an hour.' })
    .max(spacingLimits.maxPerHour.max, {
      message: `At most ${spacingLimits.maxPerHour.max} posts an hour: more gets accounts flagged as spam.`,
    })
    .default(spacingLimits.maxPerHour.default),
});
export type Spacing = z.infer<typeof spacingSchema>;

const idField = (name: string) => z.uuid({ message: `${name} must be a valid id (UUID)` });

/** One subreddit of a campaign, with what the creator changed for it (else the campaign's). */
export const campaignTargetSchema = z.strictObject({
  subreddit: subredditField,
  /** This subreddit's own title; absent: the caption fitted to its rules. */
  title: titleField.optional(),
  /** Which of the campaign's photos goes there; absent: the photos in turn. */
  imageId: idField('imageId').optional(),
  flairId: z.string().trim().min(1).max(64).optional(),
  flairText: z.string().trim().min(1).max(64).optional(),
  nsfw: z.boolean().optional(),
  spoiler: z.boolean().optional(),
  /** A time the creator chose for this row; absent: the planned one. */
  scheduledAt: scheduledAtField.optional(),
  /** This subreddit's own first comment; empty: none here (e.g. where links in comments are banned). */
  firstComment: z.string().max(maxFirstCommentLength).optional(),
});
export type CampaignTarget = z.input<typeof campaignTargetSchema>;

/** POST /api/campaigns/plan (nothing saved) and POST /api/campaigns (saved when every row passes). */
export const campaignRequestSchema = z.strictObject({
  name: z.string().trim().max(campaignLimits.nameMax).optional(),
  imageIds: z
    .array(idField('imageIds'))
    .max(campaignLimits.maxImages, { message: campaignTexts.tooManyImages })
    .default([]),
  title: titleField,
  body: bodyField.nullish().transform((value) => value ?? undefined),
  /** Left under every post by the same account (docs/reddit-posting.md#first-comment), unless a row says otherwise. */
  firstComment: firstCommentField,
  firstCommentDelayMinutes: firstCommentDelayField.optional(),
  redditAccountId: idField('redditAccountId').optional(),
  timing: z.enum(campaignTimings, { message: 'timing must be spread or best' }).default('spread'),
  /** The first post's earliest time; absent: now. */
  startAt: scheduledAtField.optional(),
  spacing: spacingSchema.default({
    minGapMinutes: spacingLimits.minGapMinutes.default,
    maxPerHour: spacingLimits.maxPerHour.default,
  }),
  targets: z
    .array(campaignTargetSchema)
    .min(1, { message: campaignTexts.noTargets })
    .max(campaignLimits.maxTargets, { message: campaignTexts.tooManyTargets }),
});
export type CampaignRequest = z.input<typeof campaignRequestSchema>;

/** One planned post: its fitted title, time and the problems left, with one-click fixes. */
export const campaignRowSchema = z.object({
  subreddit: z.string(),
  title: z.string(),
  imageId: z.uuid().nullable(),
  flairId: z.string().nullable(),
  flairText: z.string().nullable(),
  nsfw: z.boolean(),
  spoiler: z.boolean(),
  scheduledAt: z.iso.datetime(),
  /** The comment left under this post; null when none. */
  firstComment: z.string().nullable(),
  ok: z.boolean(),
  problems: z.array(postProblemSchema),
  /** What the title fitting changed, in words (e.g. "Added [F]: the subreddit requires a tag"). */
  adjustments: z.array(z.string()),
  checkedLive: z.boolean(),
  flairRequired: z.boolean(),
  flairs: z.array(flairChoiceSchema),
  over18: z.boolean().nullable(),
});
export type CampaignRow = z.infer<typeof campaignRowSchema>;

export const campaignPlanResponseSchema = z.object({
  message: z.string(),
  ok: z.boolean(),
  rows: z.array(campaignRowSchema),
  spacing: spacingSchema,
  /** The Reddit account the posts go out through; null when none is linked yet (planning still works). */
  redditUsername: z.string().nullable(),
});
export type CampaignPlanResponse = z.infer<typeof campaignPlanResponseSchema>;

export const campaignPostSchema = scheduledPostSchema.extend({
  spoiler: z.boolean(),
  nsfw: z.boolean(),
  /** Its own protected copy: being made, ready, failed; null for a text post. */
  copyState: z.enum(['making', 'ready', 'failed']).nullable(),
});
export type CampaignPost = z.infer<typeof campaignPostSchema>;

export const campaignSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  title: z.string(),
  status: z.enum(campaignStatuses),
  timing: z.enum(campaignTimings),
  spacing: spacingSchema,
  redditUsername: z.string().nullable(),
  createdAt: z.iso.datetime(),
  counts: z.object({
    pending: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
  }),
  copies: z.object({ making: z.number().int(), ready: z.number().int(), failed: z.number().int() }),
  /** Where its posts go (and went): a past campaign's list starts a new one. */
  subreddits: z.array(z.string()),
  firstAt: z.iso.datetime().nullable(),
  lastAt: z.iso.datetime().nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignDetailSchema = campaignSchema.extend({ posts: z.array(campaignPostSchema) });
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const campaignCreatedResponseSchema = z.object({
  message: z.string(),
  campaign: campaignDetailSchema,
});
export const campaignActionResponseSchema = z.object({ message: z.string(), campaign: campaignDetailSchema });
export const campaignListResponseSchema = z.array(campaignSchema);
export const campaignParamsSchema = z.strictObject({ id: idField('id') });
