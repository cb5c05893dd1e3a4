import type { Community } from '@app/shared/communities';

/** What a community says about itself; see docs/communities-scoring.md for how each part weighs. */
export type CommunityPolicy = Pick<
  Community,
  | 'promotionAllowed'
  | 'verificationRequired'
  | 'postingLimits'
  | 'competitionLevel'
  | 'engagementRate'
  | 'modActivity'
  | 'growthTrend'
>;

/** Posts sent through the product: stayed up, failed to send, or removed after sending. */
export interface Outcomes {
  stayed: number;
  failed: number;
  removed: number;
}

export const noOutcomes: Outcomes = { stayed: 0, failed: 0, removed: 0 };

export const scoring = {
  promotionBase: { yes: 0.78, limited: 0.58, no: 0.18 },
  verificationRequired: 0.85,
  strictDailyLimit: 0.95,
  longCooldown: 0.95,
  competition: { low: 1.08, medium: 1, high: 0.9 },
  modActivity: { active: 0.95, moderate: 1, inactive: 1.03 },
  growthTrend: { up: 1.04, stable: 1, down: 0.95 },
  /** Engagement scales the prior from 0.9 (0 %) to 1.1 (this percent or more). */
  engagementCeiling: 20,
  priorMeanRange: [0.02, 0.97] as const,
  /** Pseudo-posts the policy prior is worth: after this many real outcomes, data and policy weigh equally. */
  priorStrength: 10,
  /** The community figure is worth this many of a user's own posts when personalising. */
  personalPriorStrength: 5,
} as const;

const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, value));
const toPercent = (probability: number) => Math.round(probability * 1000) / 10;
const total = (outcomes: Outcomes) => outcomes.stayed + outcomes.failed + outcomes.removed;

/** The mean of the Beta prior, from policy alone: a product of multiplicative factors. */
export function policyPriorMean(policy: CommunityPolicy): number {
  const engagement = Math.min(Math.max(policy.engagementRate, 0), scoring.engagementCeiling);
  const factors = [
    scoring.promotionBase[policy.promotionAllowed],
    policy.verificationRequired ? scoring.verificationRequired : 1,
    policy.postingLimits.perDay !== null && policy.postingLimits.perDay <= 1 ? scoring.strictDailyLimit : 1,
    (policy.postingLimits.cooldownHours ?? 0) >= 24 ? scoring.longCooldown : 1,
    scoring.competition[policy.competitionLevel],
    scoring.modActivity[policy.modActivity],
    scoring.growthTrend[policy.growthTrend],
    0.9 + (0.2 * engagement) / scoring.engagementCeiling,
  ];
  return clamp(
    factors.reduce((product, factor) => product * factor, 1),
    scoring.priorMeanRange,
  );
}

/** Beta(strength·mean, strength·(1−mean)) updated with the outcomes: the posterior mean. */
function posteriorMean(priorMean: number, strength: number, outcomes: Outcomes): number {
  const failures = outcomes.failed + outcomes.removed;
  return (strength * priorMean + outcomes.stayed) / (strength + outcomes.stayed + failures);
}

/** The community's success probability in percent (one decimal): policy prior updated by all outcomes. */
export function successProbability(policy: CommunityPolicy, outcomes: Outcomes = noOutcomes): number {
  return toPercent(posteriorMean(policyPriorMean(policy), scoring.priorStrength, outcomes));
}

/**
 * A user's own figure: the community figure from everyone else's outcomes becomes the prior, and
 * the user's own outcomes update it, so their account's standing there shows quickly.
 */
export function personalSuccessProbability(
  policy: CommunityPolicy,
  othersOutcomes: Outcomes,
  ownOutcomes: Outcomes,
): number {
  const community = posteriorMean(policyPriorMean(policy), scoring.priorStrength, othersOutcomes);
  return toPercent(posteriorMean(community, scoring.personalPriorStrength, ownOutcomes));
}

export function hasOutcomes(outcomes: Outcomes | undefined): outcomes is Outcomes {
  return outcomes !== undefined && total(outcomes) > 0;
}

export function subtractOutcomes(all: Outcomes, part: Outcomes): Outcomes {
  return {
    stayed: Math.max(0, all.stayed - part.stayed),
    failed: Math.max(0, all.failed - part.failed),
    removed: Math.max(0, all.removed - part.removed),
  };
}
