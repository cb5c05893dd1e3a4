import type { NewCommunityRow } from '../../db/schema/communities.js';

/**
 * The curated community fields, once: the CSV import's header names (the API's field names, as in
 * the spec: `minAccountAge` in days; list columns flattened, postingLimits split in two) and the
 * table column each one fills (`minAccountAgeDays`). The seed writes the columns, the import reads
 * the names; both come from here, so they cannot drift apart.
 */
export const communityFieldColumns = {
  name: 'name',
  displayName: 'displayName',
  description: 'description',
  category: 'category',
  members: 'members',
  engagementRate: 'engagementRate',
  averageUpvotes: 'averageUpvotes',
  growthTrend: 'growthTrend',
  competitionLevel: 'competitionLevel',
  modActivity: 'modActivity',
  promotionAllowed: 'promotionAllowed',
  verificationRequired: 'verificationRequired',
  postingLimitPerDay: 'postingLimitPerDay',
  postingCooldownHours: 'postingCooldownHours',
  bestPostingTimes: 'bestPostingTimes',
  tags: 'tags',
  minKarma: 'minKarma',
  minAccountAge: 'minAccountAgeDays',
  watermarksAllowed: 'watermarksAllowed',
  sellingAllowed: 'sellingAllowed',
  titleRules: 'titleRules',
  contentRules: 'contentRules',
} as const satisfies Record<string, keyof NewCommunityRow>;

export type CommunityField = keyof typeof communityFieldColumns;
export type CommunityColumn = (typeof communityFieldColumns)[CommunityField];

/** The import's header names, in the order the documentation lists them. */
export const communityFields = Object.keys(communityFieldColumns) as CommunityField[];

/** The table columns a seed entry fills; the rest belong to the API (successProbability), admins or Reddit. */
export const communityColumns = Object.values(communityFieldColumns) as CommunityColumn[];
