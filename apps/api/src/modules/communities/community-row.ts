import type { Community, CommunityInput } from '@app/shared/communities';
import type { CommunityRow, NewCommunityRow } from '../../db/schema/index.js';

// engagement_rate is a real: 12.3 reads back as 12.300000190734863.
const roundRate = (value: number) => Math.round(value * 100) / 100;

export function toCommunity(row: CommunityRow, successProbability: number | null): Community {
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    description: row.description,
    category: row.category,
    members: row.members,
    engagementRate: roundRate(row.engagementRate),
    averageUpvotes: row.averageUpvotes,
    successProbability,
    growthTrend: row.growthTrend,
    competitionLevel: row.competitionLevel,
    modActivity: row.modActivity,
    promotionAllowed: row.promotionAllowed,
    verificationRequired: row.verificationRequired,
    postingLimits: { perDay: row.postingLimitPerDay, cooldownHours: row.postingCooldownHours },
    bestPostingTimes: row.bestPostingTimes,
    tags: row.tags,
    rules: {
      minKarma: row.minKarma,
      minAccountAge: row.minAccountAgeDays,
      watermarksAllowed: row.watermarksAllowed,
      sellingAllowed: row.sellingAllowed,
      titleRules: row.titleRules,
      contentRules: row.contentRules,
    },
    lastVerifiedAt: row.lastVerifiedAt?.toISOString() ?? null,
    missingSince: row.missingSince?.toISOString() ?? null,
  };
}

/** The admin-editable part of a row, e.g. to merge a partial edit into before validating it whole. */
export function toCommunityInput(row: CommunityRow): CommunityInput {
  const {
    id: _id,
    successProbability: _score,
    lastVerifiedAt: _checked,
    missingSince: _missing,
    ...input
  } = toCommunity(row, null);
  return input;
}

export function toCommunityValues(input: CommunityInput) {
  return {
    name: input.name,
    displayName: input.displayName,
    description: input.description,
    category: input.category,
    members: input.members,
    engagementRate: input.engagementRate,
    averageUpvotes: input.averageUpvotes,
    growthTrend: input.growthTrend,
    competitionLevel: input.competitionLevel,
    modActivity: input.modActivity,
    promotionAllowed: input.promotionAllowed,
    verificationRequired: input.verificationRequired,
    postingLimitPerDay: input.postingLimits.perDay,
    postingCooldownHours: input.postingLimits.cooldownHours,
    bestPostingTimes: input.bestPostingTimes,
    tags: input.tags,
    minKarma: input.rules.minKarma,
    minAccountAgeDays: input.rules.minAccountAge,
    watermarksAllowed: input.rules.watermarksAllowed,
    sellingAllowed: input.rules.sellingAllowed,
    titleRules: input.rules.titleRules,
    contentRules: input.rules.contentRules,
  } satisfies Partial<NewCommunityRow>;
}
