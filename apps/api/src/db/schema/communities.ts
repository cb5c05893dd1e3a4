import { sql } from 'drizzle-orm';
import { communityCategories } from '@app/shared/communities';
import { boolean, check, index, integer, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, primaryId, timestamptz, updatedAt } from './columns.js';

export const growthTrends = ['up', 'down', 'stable'] as const;
export const competitionLevels = ['low', 'medium', 'high'] as const;
export const modActivityLevels = ['active', 'moderate', 'inactive'] as const;
export const promotionPolicies = ['yes', 'limited', 'no'] as const;
export const sellingPolicies = ['allowed', 'limited', 'not_allowed', 'unknown'] as const;
export const communitySources = ['seed', 'admin', 'reddit_api'] as const;

/**
 * The spec's Community entity. Rules are columns rather than one jsonb so each is typed,
 * constrained, and filterable ("communities my account qualifies for").
 */
export const communities = pgTable(
  'communities',
  {
    id: primaryId(),
    // The subreddit name without the r/ prefix.
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: communityCategories }).notNull(),
    members: integer('members').notNull(),
    engagementRate: real('engagement_rate').notNull(),
    averageUpvotes: integer('average_upvotes'),
    successProbability: real('success_probability'),
    growthTrend: text('growth_trend', { enum: growthTrends }).notNull(),
    competitionLevel: text('competition_level', { enum: competitionLevels }).notNull(),
    modActivity: text('mod_activity', { enum: modActivityLevels }).notNull(),
    promotionAllowed: text('promotion_allowed', { enum: promotionPolicies }).notNull(),
    verificationRequired: boolean('verification_required').notNull(),
    // Reddit's over-18 flag, as last read by the refresh job; null until Reddit was asked.
    over18: boolean('over18'),
    postingLimitPerDay: integer('posting_limit_per_day'),
    postingCooldownHours: integer('posting_cooldown_hours'),
    bestPostingTimes: text('best_posting_times').array().notNull().default([]),
    tags: text('tags').array().notNull().default([]),
    // Null means the rule is unknown, which the UI shows differently from "none".
    minKarma: integer('min_karma'),
    minAccountAgeDays: integer('min_account_age_days'),
    watermarksAllowed: boolean('watermarks_allowed'),
    sellingAllowed: text('selling_allowed', { enum: sellingPolicies }).notNull().default('unknown'),
    titleRules: text('title_rules').array().notNull().default([]),
    contentRules: text('content_rules').array().notNull().default([]),
    source: text('source', { enum: communitySources }).notNull().default('seed'),
    // The fields Reddit itself supplied at the last refresh (members, description, titleRules,
    // contentRules, over18): the page marks them "from Reddit", the rest "curated, not verified".
    redditFields: text('reddit_fields').array().notNull().default([]),
    // The curated seed version (YYYY-MM-DD) whose facts this row holds; null when the seed never wrote it.
    // A newer seed file updates only rows below its version, so restarts do not rewrite anything.
    seedVersion: text('seed_version'),
    lastVerifiedAt: timestamptz('last_verified_at'),
    // Set when Reddit reports the community banned, private or gone; cleared when it is back.
    missingSince: timestamptz('missing_since'),
    // An admin's removal; a soft delete so a later seed import does not bring it back.
    deletedAt: timestamptz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('communities_name_lower_key').on(sql`lower(${t.name})`),
    index('communities_category_idx').on(t.category),
    oneOf('communities_category_check', t.category, communityCategories),
    oneOf('communities_growth_trend_check', t.growthTrend, growthTrends),
    oneOf('communities_competition_level_check', t.competitionLevel, competitionLevels),
    oneOf('communities_mod_activity_check', t.modActivity, modActivityLevels),
    oneOf('communities_promotion_allowed_check', t.promotionAllowed, promotionPolicies),
    oneOf('communities_selling_allowed_check', t.sellingAllowed, sellingPolicies),
    oneOf('communities_source_check', t.source, communitySources),
    check('communities_members_check', sql`${t.members} >= 0`),
    check(
      'communities_success_probability_check',
      sql`${t.successProbability} is null or ${t.successProbability} between 0 and 100`,
    ),
  ],
);

export type CommunityRow = typeof communities.$inferSelect;
export type NewCommunityRow = typeof communities.$inferInsert;
