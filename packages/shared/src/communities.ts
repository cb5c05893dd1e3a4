import { z } from 'zod';

export const communityCategories = [
  'age',
  'amateur',
  'appearance',
  'body_type',
  'cam',
  'clothing',
  'comparison',
  'content_type',
  'cosplay',
  'couples',
  'dancer',
  'ethnicity',
  'fetish',
  'fitness',
  'gaming',
  'general',
  'gonewild',
  'lifestyle',
  'natural',
  'niche',
  'reveal',
  'selling',
  'social',
  'specific',
  'style',
  'theme',
] as const;
export const growthTrends = ['up', 'down', 'stable'] as const;
export const competitionLevels = ['low', 'medium', 'high'] as const;
export const modActivityLevels = ['active', 'moderate', 'inactive'] as const;
export const promotionPolicies = ['yes', 'limited', 'no'] as const;
export const sellingPolicies = ['allowed', 'limited', 'not_allowed', 'unknown'] as const;

export const communityRulesSchema = z.object({
  /** null: unknown. */
  minKarma: z.number().int().nonnegative().nullable(),
  /** Days; null: unknown. */
  minAccountAge: z.number().int().nonnegative().nullable(),
  watermarksAllowed: z.boolean().nullable(),
  sellingAllowed: z.enum(sellingPolicies),
  titleRules: z.array(z.string()),
  contentRules: z.array(z.string()),
});

/** docs/product.md#communities, Community, as GET /api/reddit/communities returns it. */
export const communitySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  category: z.enum(communityCategories),
  members: z.number().int().nonnegative(),
  /** Percent. */
  engagementRate: z.number().nonnegative(),
  averageUpvotes: z.number().int().nonnegative().nullable(),
  /** Percent 0–100, computed (see docs/communities-scoring.md); personal when the user has history there. */
  successProbability: z.number().min(0).max(100).nullable(),
  growthTrend: z.enum(growthTrends),
  competitionLevel: z.enum(competitionLevels),
  modActivity: z.enum(modActivityLevels),
  promotionAllowed: z.enum(promotionPolicies),
  verificationRequired: z.boolean(),
  postingLimits: z.object({
    perDay: z.number().int().positive().nullable(),
    cooldownHours: z.number().int().nonnegative().nullable(),
  }),
  /** "HH:MM" in UTC, best first. */
  bestPostingTimes: z.array(z.string()),
  tags: z.array(z.string()),
  rules: communityRulesSchema,
  /** When the facts were last checked, ISO; null when never. */
  lastVerifiedAt: z.iso.datetime().nullable(),
  /** Set when Reddit reports the community gone, banned or private. */
  missingSince: z.iso.datetime().nullable(),
});
export type Community = z.infer<typeof communitySchema>;

const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === 'all' ? undefined : value), schema.optional());

/** Server-side filters (the page filters client-side too, docs/product.md#communities). */
export const communityListQuerySchema = z.strictObject({
  category: optionalFilter(
    z.enum(communityCategories, { message: 'category must be one of the listed categories' }),
  ),
  search: optionalFilter(z.string().trim().max(100, { message: 'search must be at most 100 characters' })),
  promotion: optionalFilter(z.enum(promotionPolicies, { message: 'promotion must be yes, limited or no' })),
  verification: optionalFilter(
    z.enum(['required', 'not-required'], { message: 'verification must be required or not-required' }),
  ),
});
export type CommunityListQuery = z.infer<typeof communityListQuerySchema>;

export const communityListResponseSchema = z.array(communitySchema);

/** What an admin sends to add or edit a community (everything but ids and computed figures). */
export const communityInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{2,21}$/, { message: 'name must be a subreddit name: 2–21 letters, digits or _' }),
  displayName: z.string().trim().min(1).max(100),
  description: z.string().max(2000).default(''),
  category: z.enum(communityCategories),
  members: z.number().int().nonnegative(),
  engagementRate: z.number().min(0).max(100),
  averageUpvotes: z.number().int().nonnegative().nullable().default(null),
  growthTrend: z.enum(growthTrends),
  competitionLevel: z.enum(competitionLevels),
  modActivity: z.enum(modActivityLevels),
  promotionAllowed: z.enum(promotionPolicies),
  verificationRequired: z.boolean(),
  postingLimits: z
    .strictObject({
      perDay: z.number().int().positive().nullable(),
      cooldownHours: z.number().int().nonnegative().nullable(),
    })
    .default({ perDay: null, cooldownHours: null }),
  bestPostingTimes: z
    .array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'times are HH:MM (UTC)' }))
    .max(24)
    .default([]),
  tags: z.array(z.string().trim().min(1).max(40)).max(30).default([]),
  rules: z
    .strictObject({
      minKarma: z.number().int().nonnegative().nullable().default(null),
      minAccountAge: z.number().int().nonnegative().nullable().default(null),
      watermarksAllowed: z.boolean().nullable().default(null),
      sellingAllowed: z.enum(sellingPolicies).default('unknown'),
      titleRules: z.array(z.string().max(300)).max(50).default([]),
      contentRules: z.array(z.string().max(300)).max(50).default([]),
    })
    .prefault({}),
});
export type CommunityInput = z.infer<typeof communityInputSchema>;
