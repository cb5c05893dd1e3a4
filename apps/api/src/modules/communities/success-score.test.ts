import { describe, expect, it } from 'vitest';
import {
  personalSuccessProbability,
  policyPriorMean,
  scoring,
  successProbability,
  type CommunityPolicy,
} from './success-score.js';

const typical: CommunityPolicy = {
  promotionAllowed: 'yes',
  verificationRequired: false,
  postingLimits: { perDay: 3, cooldownHours: null },
  competitionLevel: 'medium',
  engagementRate: 10,
  modActivity: 'moderate',
  growthTrend: 'stable',
};
const outcomes = (stayed: number, failed = 0, removed = 0) => ({ stayed, failed, removed });

describe('successProbability', () => {
  it('without outcomes is the policy prior, in percent with one decimal', () => {
    expect(successProbability(typical)).toBe(78);
    expect(successProbability({ ...typical, engagementRate: 12.345 })).toBe(79.8);
  });

  it("scores communities that forbid promotion low, and 'limited' between", () => {
    const no = successProbability({ ...typical, promotionAllowed: 'no' });
    const limited = successProbability({ ...typical, promotionAllowed: 'limited' });
    expect(no).toBeLessThan(25);
    expect(limited).toBeGreaterThan(no);
    expect(limited).toBeLessThan(successProbability(typical));
  });

  it('keeps the prior inside its range for the best and worst policies', () => {
    const best = {
      ...typical,
      competitionLevel: 'low',
      modActivity: 'inactive',
      growthTrend: 'up',
      engagementRate: 90,
    } as const;
    const worst = {
      promotionAllowed: 'no',
      verificationRequired: true,
      postingLimits: { perDay: 1, cooldownHours: 48 },
      competitionLevel: 'high',
      engagementRate: 0,
      modActivity: 'active',
      growthTrend: 'down',
    } as const;
    expect(policyPriorMean(best)).toBe(scoring.priorMeanRange[1]);
    expect(policyPriorMean(worst)).toBeGreaterThanOrEqual(scoring.priorMeanRange[0]);
    expect(policyPriorMean(worst)).toBeLessThan(0.11);
  });

  it('each stricter policy fact lowers the prior', () => {
    const base = policyPriorMean(typical);
    expect(policyPriorMean({ ...typical, verificationRequired: true })).toBeLessThan(base);
    expect(policyPriorMean({ ...typical, postingLimits: { perDay: 1, cooldownHours: 24 } })).toBeLessThan(
      base,
    );
    expect(policyPriorMean({ ...typical, competitionLevel: 'high' })).toBeLessThan(base);
    expect(policyPriorMean({ ...typical, growthTrend: 'down' })).toBeLessThan(base);
    expect(policyPriorMean({ ...typical, engagementRate: 2 })).toBeLessThan(base);
  });

  it('all failures: lower than policy but not 0 with few posts, near 0 with many', () => {
    const few = successProbability(typical, outcomes(0, 3));
    expect(few).toBeLessThan(successProbability(typical));
    expect(few).toBeGreaterThan(40);
    expect(successProbability(typical, outcomes(0, 0, 3))).toBe(few);
    expect(successProbability(typical, outcomes(0, 1000))).toBeLessThan(1);
  });

  it('all successes: high, approaching 100 with many even where policy says no', () => {
    const no = { ...typical, promotionAllowed: 'no' } as const;
    expect(successProbability(no, outcomes(3))).toBeGreaterThan(successProbability(no));
    expect(successProbability(no, outcomes(1000))).toBeGreaterThan(99);
    expect(successProbability(typical, outcomes(20))).toBeGreaterThan(90);
  });

  it('leans on policy with few outcomes and on data with many', () => {
    // Half the posts stayed: the figure moves from the prior towards 50 as evidence grows.
    const steps = [0, 2, 10, 100, 10_000].map((n) => successProbability(typical, outcomes(n / 2, n / 2)));
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeLessThan(steps[i - 1]!);
    expect(steps.at(-1)).toBeCloseTo(50, 0);
  });

  it('is monotonic: one more success never lowers it, one more failure never raises it', () => {
    for (let stayed = 0; stayed < 15; stayed++) {
      for (let failed = 0; failed < 15; failed++) {
        const here = successProbability(typical, outcomes(stayed, failed));
        expect(successProbability(typical, outcomes(stayed + 1, failed))).toBeGreaterThanOrEqual(here);
        expect(successProbability(typical, outcomes(stayed, failed + 1))).toBeLessThanOrEqual(here);
        expect(successProbability(typical, outcomes(stayed, failed, 1))).toBeLessThanOrEqual(here);
      }
    }
  });
});

describe('personalSuccessProbability', () => {
  it('equals the community figure when the user has no outcomes there', () => {
    const others = outcomes(6, 2);
    expect(personalSuccessProbability(typical, others, outcomes(0))).toBe(
      successProbability(typical, others),
    );
  });

  it("follows the user's own record faster than the community figure would", () => {
    const others = outcomes(40, 2);
    const personal = personalSuccessProbability(typical, others, outcomes(0, 4));
    expect(personal).toBeLessThan(successProbability(typical, others) - 30);
    expect(personal).toBeGreaterThan(0);
  });
});
