import { describe, expect, it } from 'vitest';
import type { CampaignPlanResponse } from '@app/shared/campaigns';
import { campaignRequest, emptyCampaignDraft } from './campaign-planner';
import { rankSuggestions } from './subreddit-picker';

const plan: CampaignPlanResponse = {
  message: '2 posts planned.',
  ok: false,
  redditUsername: 'cleo',
  spacing: { minGapMinutes: 20, maxPerHour: 3 },
  rows: ['Alpha', 'Beta'].map((subreddit, index) => ({
    subreddit,
    title: `Caption ${subreddit}`,
    imageId: null,
    flairId: null,
    flairText: null,
    nsfw: true,
    spoiler: false,
    scheduledAt: new Date(Date.UTC(2026, 11, 1, 10, index * 20)).toISOString(),
    firstComment: null,
    ok: true,
    problems: [],
    adjustments: [],
    checkedLive: true,
    flairRequired: index === 1,
    flairs: index === 1 ? [{ id: 'f1', text: 'OC' }] : [],
    over18: true,
  })),
};

describe('the campaign request the planner sends', () => {
  it('sends each row’s edits as its target, and on confirming the times the creator saw', () => {
    const draft = {
      ...emptyCampaignDraft,
      title: 'Caption',
      firstComment: 'More at my page',
      imageIds: ['', 'img-1'],
      subreddits: ['Alpha', 'beta'],
    };
    const edits = {
      alpha: { title: 'Alpha title [F]', spoiler: true },
      beta: { flairId: 'f1', nsfw: false, withoutFirstComment: true },
    };
    expect(campaignRequest(draft, edits)).toEqual({
      title: 'Caption',
      firstComment: 'More at my page',
      firstCommentDelayMinutes: 2,
      imageIds: ['img-1'],
      timing: 'spread',
      spacing: { minGapMinutes: 20, maxPerHour: 3 },
      targets: [
        { subreddit: 'Alpha', title: 'Alpha title [F]', spoiler: true },
        { subreddit: 'beta', nsfw: false, firstComment: '' },
      ],
    });
    const confirmed = campaignRequest(draft, edits, plan);
    expect(confirmed.targets).toEqual([
      { subreddit: 'Alpha', title: 'Alpha title [F]', spoiler: true, scheduledAt: plan.rows[0]!.scheduledAt },
      {
        subreddit: 'beta',
        nsfw: false,
        firstComment: '',
        flairId: 'f1',
        flairText: 'OC',
        scheduledAt: plan.rows[1]!.scheduledAt,
      },
    ]);
  });

  it('ranks suggestions: promotion allowed, then success rate, then size', () => {
    const community = (
      name: string,
      promotionAllowed: 'yes' | 'limited' | 'no',
      successProbability: number | null,
      members: number,
    ) => ({
      name,
      promotionAllowed,
      successProbability,
      members,
      category: 'general',
    });
    const ranked = rankSuggestions([
      community('NoPromo', 'no', 90, 9_000_000),
      community('Limited', 'limited', 80, 100),
      community('SmallYes', 'yes', 40, 1_000),
      community('BigYes', 'yes', 40, 2_000_000),
      community('BestYes', 'yes', 70, 500),
    ]);
    expect(ranked.map((c) => c.name)).toEqual(['BestYes', 'BigYes', 'SmallYes', 'Limited', 'NoPromo']);
  });
});
