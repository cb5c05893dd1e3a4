import type { ListedCommunity } from '../api/get-communities';

let sequence = 0;

/** A community as the API lists it; every figure can be overridden. */
export function makeCommunity(overrides: Partial<ListedCommunity> = {}): ListedCommunity {
  sequence += 1;
  const name = overrides.name ?? `community_${sequence}`;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    name,
    displayName: `Community ${sequence}`,
    description: 'A friendly place for creators.',
    category: 'general',
    members: 10_000,
    engagementRate: 5,
    averageUpvotes: 100,
    successProbability: 75,
    growthTrend: 'stable',
    competitionLevel: 'medium',
    modActivity: 'moderate',
    promotionAllowed: 'limited',
    verificationRequired: false,
    postingLimits: { perDay: null, cooldownHours: null },
    bestPostingTimes: [],
    tags: [],
    rules: {
      minKarma: null,
      minAccountAge: null,
      watermarksAllowed: null,
      sellingAllowed: 'unknown',
      titleRules: [],
      contentRules: [],
    },
    lastVerifiedAt: null,
    missingSince: null,
    successBasis: 'policy',
    ...overrides,
  };
}

/** Three contrasting communities: verified and strict, promotion-friendly without a rate, and missing on Reddit. */
export function sampleCommunities(): ListedCommunity[] {
  return [
    makeCommunity({
      name: 'gonewild',
      displayName: 'Gone Wild',
      category: 'gonewild',
      members: 5_000_000,
      engagementRate: 3.5,
      successProbability: 92,
      success: {
        low: 80.5,
        high: 98,
        posts: 12,
        ownPosts: 4,
        reasons: [
          'Your 4 posts here all stayed up',
          '12 posts by creators on this server: 11 stayed up, 1 removed by the moderators',
          'Verification required: posts from unverified accounts are usually removed',
        ],
      },
      promotionAllowed: 'no',
      verificationRequired: true,
      bestPostingTimes: ['02:00', '01:00', '03:00', '14:00'],
      // Her own posts here moved her best times: 8 PM UTC comes first for her.
      bestTimes: { times: ['20:00', '02:00', '01:00'], basis: 'mixed', ownPosts: 4 },
      postingLimits: { perDay: 3, cooldownHours: 24 },
      rules: {
        minKarma: 100,
        minAccountAge: 30,
        watermarksAllowed: false,
        sellingAllowed: 'not_allowed',
        titleRules: ['Gender tag required'],
        contentRules: ['Original content only'],
      },
      tags: ['amateur', 'verified'],
    }),
    makeCommunity({
      name: 'fitgirls',
      displayName: 'Fit Girls',
      description: 'Gym progress',
      category: 'fitness',
      members: 12_500,
      engagementRate: 10,
      successProbability: null,
      promotionAllowed: 'yes',
      rules: {
        minKarma: null,
        minAccountAge: null,
        watermarksAllowed: null,
        sellingAllowed: 'unknown',
        titleRules: [],
        contentRules: ['Promote through your profile only'],
      },
      // Members from Reddit's last refresh; rules curated and shared; a karma threshold learned.
      facts: {
        sources: { members: 'reddit', description: 'reddit', titleRules: 'curated', contentRules: 'curated' },
        redditCheckedAt: '2026-11-20T08:00:00.000Z',
        learned: { minKarma: { value: 100, posts: 14 }, minAccountAgeDays: null },
        sharedContentRules: 142,
      },
    }),
    makeCommunity({
      name: 'cosplaybutts',
      displayName: 'Cosplay',
      category: 'cosplay',
      members: 999,
      engagementRate: 2.14,
      successProbability: 71,
      promotionAllowed: 'yes',
      missingSince: '2025-05-01T00:00:00.000Z',
    }),
  ];
}
