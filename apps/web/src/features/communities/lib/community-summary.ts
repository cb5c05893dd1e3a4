import type { Community } from '@app/shared/communities';

export interface CommunitySummary {
  total: number;
  /** Mean engagement rate, one decimal, with the percent sign. */
  avgEngagement: string;
  allowPromotion: number;
  requireVerification: number;
}

/** docs/product.md#communities: the four summary cards, from the communities the server returned. */
export function summarizeCommunities(communities: readonly Community[]): CommunitySummary {
  const engagement = communities.reduce((sum, community) => sum + community.engagementRate, 0);
  return {
    total: communities.length,
    avgEngagement: `${(communities.length === 0 ? 0 : engagement / communities.length).toFixed(1)}%`,
    allowPromotion: communities.filter((community) => community.promotionAllowed === 'yes').length,
    requireVerification: communities.filter((community) => community.verificationRequired).length,
  };
}
