import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { successTexts } from '@app/shared/community-score';
import { betaCdf, betaQuantile } from './beta.js';
import { runCalibration, simulationParameters } from './calibration-simulation.js';
import {
  personalSuccessProbability,
  policyPriorMean,
  scoreCommunity,
  successProbability,
  type CommunityPolicy,
} from './success-score.js';

const typical: CommunityPolicy = {
  promotionAllowed: 'limited',
  verificationRequired: false,
  postingLimits: { perDay: 3, cooldownHours: null },
  modActivity: 'moderate',
  rules: { titleRules: [], minKarma: null, minAccountAge: null },
};
const outcomes = (stayed: number, removed = 0, failed = 0) => ({ stayed, failed, removed });

describe('Beta quantiles', () => {
  it('match known values', () => {
    expect(betaCdf(0.5, 2, 2)).toBeCloseTo(0.5, 9);
    expect(betaCdf(0.3, 1, 1)).toBeCloseTo(0.3, 9);
    expect(betaCdf(0.9, 5, 1)).toBeCloseTo(0.9 ** 5, 9);
    expect(betaQuantile(0.1, 1, 3)).toBeCloseTo(1 - 0.9 ** (1 / 3), 7);
    expect(betaCdf(betaQuantile(0.9, 8, 2), 8, 2)).toBeCloseTo(0.9, 6);
  });
});

describe('policy prior: a fair base rate for a post that follows the rules', () => {
  it('is high where promotion is allowed or limited, lower where it is not', () => {
    expect(policyPriorMean({ ...typical, promotionAllowed: 'yes' })).toBeCloseTo(0.92);
    expect(policyPriorMean(typical)).toBeCloseTo(0.9);
    expect(policyPriorMean({ ...typical, promotionAllowed: 'no' })).toBeCloseTo(0.82);
  });

  it('each stricter rule lowers it a little, and says so', () => {
    const strict: CommunityPolicy = {
      promotionAllowed: 'limited',
      verificationRequired: true,
      postingLimits: { perDay: 1, cooldownHours: 24 },
      modActivity: 'active',
      rules: { titleRules: ['[F] in the title'], minKarma: 100, minAccountAge: 30 },
    };
    expect(policyPriorMean(strict)).toBeCloseTo(0.9 * 0.9 * 0.94 * 0.98 * 0.97 * 0.95 * 0.95, 6);
    expect(scoreCommunity(strict).reasons).toEqual([
      successTexts.noPostsYet,
      'Promotion limited: posts that promote through your profile only usually stay up',
      'Verification required: posts from unverified accounts are usually removed',
      'Active moderators: rule-breaking posts come down quickly',
      '1 title rule: automatic checks remove titles that miss it',
      'Strict posting limit: a post inside the limit is removed',
      'Minimum karma 100: posts from accounts below it are removed',
      'Minimum account age 30 days: posts from younger accounts are removed',
    ]);
  });

  it('gives an 80% interval around the figure, wide while nothing is known', () => {
    const score = scoreCommunity(typical);
    expect(score.probability).toBeCloseTo(0.9);
    expect(score.low).toBeLessThan(0.7);
    expect(score.high).toBeGreaterThan(0.99);
    expect(score.posts).toBe(0);
    expect(score.basis).toBe('policy');
  });
});

describe('outcomes of all creators, pooled with shrinkage', () => {
  it('moves from the prior towards the observed rate as posts accumulate', () => {
    const steps = [0, 4, 20, 100, 2000].map((n) => scoreCommunity(typical, outcomes(n / 2, n / 2)));
    for (let i = 1; i < steps.length; i++) {
      expect(steps[i]!.probability).toBeLessThan(steps[i - 1]!.probability);
      expect(steps[i]!.low).toBeLessThan(steps[i]!.probability);
      expect(steps[i]!.high).toBeGreaterThan(steps[i]!.probability);
    }
    expect(steps.at(-1)!.probability).toBeCloseTo(0.5, 1);
    expect(steps.at(-1)!.posts).toBe(2000);
  });

  it('does not count posts that failed to send', () => {
    expect(successProbability(typical, outcomes(3, 1, 50))).toBe(successProbability(typical, outcomes(3, 1)));
  });

  it('is monotonic in stayed and removed posts', () => {
    for (let stayed = 0; stayed < 12; stayed++)
      for (let removed = 0; removed < 12; removed++) {
        const here = successProbability(typical, outcomes(stayed, removed));
        expect(successProbability(typical, outcomes(stayed + 1, removed))).toBeGreaterThanOrEqual(here);
        expect(successProbability(typical, outcomes(stayed, removed + 1))).toBeLessThanOrEqual(here);
      }
  });

  it('says what the posts on this server did, removals by cause', () => {
    const score = scoreCommunity(typical, {
      ...outcomes(11, 3),
      removedBy: { spamFilter: 2, moderator: 1 },
    });
    expect(score.reasons[0]).toBe(
      '14 posts by creators on this server: 11 stayed up, 1 removed by the moderators, 2 removed by the spam filter',
    );
    expect(score.basis).toBe('outcomes');
  });
});

describe('her own outcomes weigh more', () => {
  it('follows her record here faster than the community figure would', () => {
    const others = outcomes(40, 2);
    const personal = personalSuccessProbability(typical, others, outcomes(1, 3));
    expect(personal).toBeLessThan(successProbability(typical, others) - 25);
    // The same 4 posts among everyone's move the community figure far less.
    expect(successProbability(typical, outcomes(41, 5))).toBeGreaterThan(personal + 20);
  });

  it('names her removals in one sentence', () => {
    const score = scoreCommunity(typical, outcomes(20, 2), {
      ...outcomes(1, 3),
      removedBy: { spamFilter: 3 },
    });
    expect(score.reasons[0]).toBe('3 of your 4 posts here were removed by the spam filter');
    expect(score.ownPosts).toBe(4);
    expect(score.posts).toBe(26);
    expect(score.basis).toBe('personal');
  });

  it('lowers every community for an account removed everywhere else', () => {
    const elsewhere = { posts: 12, stayed: 1, expected: 10.5 };
    const score = scoreCommunity(typical, outcomes(0), outcomes(0), elsewhere);
    expect(score.probability).toBeLessThan(0.5);
    expect(score.reasons).toContain(successTexts.accountWorse);
  });
});

describe('calibration simulation (docs/communities-scoring.md)', () => {
  const result = runCalibration();

  it(`beats the policy-only prior's Brier score by 30% after ${simulationParameters.posts} posts`, () => {
    expect(result.posts).toBe(2000);
    expect(result.brierModel).toBeLessThan(result.brierPolicy * 0.7);
    expect(result.brierModel).toBeGreaterThan(result.brierTruth);
  });

  it('80% intervals hold the true rate of that creator there 75–85% of the time', () => {
    expect(result.coverage).toBeGreaterThanOrEqual(0.75);
    expect(result.coverage).toBeLessThanOrEqual(0.85);
  });

  it('is not moved by posts that failed to send', () => {
    expect(result.sendFailuresIgnored).toBe(true);
  });
});

describe('the seeded communities', () => {
  const seed = JSON.parse(
    readFileSync(new URL('../../db/seed/communities.seed.json', import.meta.url), 'utf8'),
  ) as { communities: (CommunityPolicy & { name: string; members: number })[] };
  // The spec's colours: 85 or above success, 70 or above warning, below destructive.
  const tone = (percent: number): 'success' | 'warning' | 'destructive' =>
    percent >= 85 ? 'success' : percent >= 70 ? 'warning' : 'destructive';
  const tones = seed.communities.map((community) => ({
    community,
    percent: successProbability(community),
    tone: tone(successProbability(community)),
  }));

  it('spread over the three colours, each with a real share', () => {
    const counts = { success: 0, warning: 0, destructive: 0 };
    for (const { tone } of tones) counts[tone] += 1;
    const total = tones.length;
    for (const count of Object.values(counts)) expect(count / total).toBeGreaterThanOrEqual(0.05);
    expect(Math.max(...Object.values(counts)) / total).toBeLessThanOrEqual(0.6);
  });

  it('no large community that allows promotion is red, and none reads like a penalty', () => {
    for (const { community, tone, percent } of tones) {
      if (community.members >= 1_000_000 && community.promotionAllowed !== 'no')
        expect(tone, community.name).not.toBe('destructive');
      expect(percent, community.name).toBeGreaterThan(60);
    }
  });
});
