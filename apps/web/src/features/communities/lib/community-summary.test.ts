import { describe, expect, it } from 'vitest';
import { makeCommunity } from '../testing/community-fixtures';
import { summarizeCommunities } from './community-summary';

describe('summarizeCommunities (spec 2)', () => {
  it('counts communities, promotion yes, verification, and averages engagement to one decimal', () => {
    const summary = summarizeCommunities([
      makeCommunity({ engagementRate: 3.5, promotionAllowed: 'yes', verificationRequired: true }),
      makeCommunity({ engagementRate: 10, promotionAllowed: 'limited', verificationRequired: true }),
      makeCommunity({ engagementRate: 2.14, promotionAllowed: 'no', verificationRequired: false }),
    ]);
    expect(summary).toEqual({ total: 3, avgEngagement: '5.2%', allowPromotion: 1, requireVerification: 2 });
  });

  it('reads 0.0% for an empty list instead of NaN', () => {
    expect(summarizeCommunities([])).toEqual({
      total: 0,
      avgEngagement: '0.0%',
      allowPromotion: 0,
      requireVerification: 0,
    });
  });
});
