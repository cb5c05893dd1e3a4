import { z } from 'zod';
import { communitySchema, type Community, type CommunityListQuery } from '@app/shared/communities';
import { successDetailsSchema } from '@app/shared/community-score';
import { bestTimesSchema } from '@app/shared/best-times';
import { communityFactsSchema } from '@app/shared/community-facts';

export const successBases = ['policy', 'outcomes', 'personal'] as const;

/**
 * The spec's Community plus what its successProbability rests on: policy alone, outcomes of posts
 * sent through the product, or the signed-in user's own outcomes; and its interval and reasons.
 */
export const listedCommunitySchema = communitySchema.extend({
  successBasis: z.enum(successBases),
  success: successDetailsSchema,
  /** Her best times here: the same the scheduler and the campaign planner use (best-times.ts). */
  bestTimes: bestTimesSchema,
  /** Where its facts come from, learned requirements, shared rule texts (community-facts.ts). */
  facts: communityFactsSchema,
});
export const listedCommunitiesSchema = z.array(listedCommunitySchema);
export type ListedCommunity = z.infer<typeof listedCommunitySchema>;

/** Highest success first, unknown last, then by name. */
export function compareCommunities(a: Community, b: Community): number {
  const byScore = (b.successProbability ?? -1) - (a.successProbability ?? -1);
  if (byScore !== 0) return byScore;
  const [left, right] = [a.name.toLowerCase(), b.name.toLowerCase()];
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The same filters as the page (docs/product.md#communities); search looks in name, display name and description. */
export function matchesQuery(community: Community, query: CommunityListQuery): boolean {
  if (query.category && community.category !== query.category) return false;
  if (query.promotion && community.promotionAllowed !== query.promotion) return false;
  if (query.verification && community.verificationRequired !== (query.verification === 'required'))
    return false;
  if (!query.search) return true;
  const needle = query.search.toLowerCase();
  return [community.name, community.displayName, community.description].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/** One key per distinct answer, so equivalent queries (case of the search) share a cache entry. */
export function queryKey(query: CommunityListQuery): string {
  const { category = '', promotion = '', verification = '' } = query;
  return [category, promotion, verification, query.search?.toLowerCase() ?? ''].join('\u0000');
}
