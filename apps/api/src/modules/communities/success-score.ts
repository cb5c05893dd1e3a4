import type { Community } from '@app/shared/communities';
import { successTexts, type RemovalCause, type SuccessDetails } from '@app/shared/community-score';
import { betaQuantile } from './beta.js';

/**
 * The success score is one thing: the chance that the creator's next post to the community that
 * follows its rules stays up for 24 hours (docs/communities-scoring.md has the formula and priors).
 */
export type CommunityPolicy = Pick<
  Community,
  'promotionAllowed' | 'verificationRequired' | 'postingLimits' | 'modActivity'
> & { rules: Pick<Community['rules'], 'titleRules' | 'minKarma' | 'minAccountAge'> };

/**
 * Posts sent through the product. Only stayed and removed are evidence: a post that failed to send
 * never reached the community, so it says nothing about whether one stays up there.
 */
export interface Outcomes {
  stayed: number;
  failed: number;
  removed: number;
  removedBy?: Partial<Record<RemovalCause, number>>;
}

export const noOutcomes: Outcomes = { stayed: 0, failed: 0, removed: 0 };

export const scoring = {
  /** Base rate for a rule-following creator post, by promotion policy. */
  promotionBase: { yes: 0.92, limited: 0.9, no: 0.82 },
  /** The product does not know whether she is verified there: some of these posts come down for it. */
  verificationRequired: 0.9,
  modActivity: { active: 0.94, moderate: 1, inactive: 1.02 },
  /** Per title rule, at most maxTitleRules: automatic title checks remove near misses. */
  titleRule: 0.98,
  maxTitleRules: 3,
  /** At most one post a day, or a cooldown of a day or more. */
  strictLimits: 0.97,
  minKarma: 0.95,
  minAccountAge: 0.95,
  priorMeanRange: [0.05, 0.97] as const,
  /** Pseudo-posts the policy prior is worth for the community's rate (all creators pooled). */
  priorStrength: 15,
  /**
   * Pseudo-posts the community figure is worth as her own prior: how far creators differ. From
   * `personalStrength[0]` for a creator with no posts elsewhere (accounts differ a lot: some are
   * spam-filtered everywhere) to `[1]` once her record elsewhere is long (half way at `personalHalfway` posts).
   */
  personalStrength: [1.2, 6] as const,
  personalHalfway: 40,
  /** Pseudo-posts (at the expected rate) that shrink her record elsewhere towards "as expected". */
  accountStrength: 8,
  accountShiftRange: [-4, 3] as const,
  /** Her account's record elsewhere is mentioned when it moves her prior's log-odds this much. */
  accountReasonThreshold: 0.25,
  /** Coverage of the interval shown. */
  interval: 0.8,
} as const;

const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, value));
const toPercent = (probability: number) => Math.round(probability * 1000) / 10;
/** Posts whose outcome is evidence: stayed up, or removed by someone other than the author. */
export const evidence = (outcomes: Outcomes) => outcomes.stayed + outcomes.removed;

/** The policy prior's mean and the facts that set it, as the sentences the page shows. */
export function policyPrior(policy: CommunityPolicy): { mean: number; reasons: string[] } {
  const reasons = [successTexts.promotion[policy.promotionAllowed]];
  let mean: number = scoring.promotionBase[policy.promotionAllowed];
  if (policy.verificationRequired) {
    mean *= scoring.verificationRequired;
    reasons.push(successTexts.verificationUnknown);
  }
  mean *= scoring.modActivity[policy.modActivity];
  if (policy.modActivity === 'active') reasons.push(successTexts.activeModerators);
  const titleRules = Math.min(policy.rules.titleRules.length, scoring.maxTitleRules);
  if (titleRules > 0) {
    mean *= scoring.titleRule ** titleRules;
    reasons.push(successTexts.titleRules(policy.rules.titleRules.length));
  }
  const { perDay, cooldownHours } = policy.postingLimits;
  if ((perDay !== null && perDay <= 1) || (cooldownHours ?? 0) >= 24) {
    mean *= scoring.strictLimits;
    reasons.push(successTexts.strictLimits);
  }
  if (policy.rules.minKarma) {
    mean *= scoring.minKarma;
    reasons.push(successTexts.minKarma(policy.rules.minKarma));
  }
  if (policy.rules.minAccountAge) {
    mean *= scoring.minAccountAge;
    reasons.push(successTexts.minAccountAge(policy.rules.minAccountAge));
  }
  return { mean: clamp(mean, scoring.priorMeanRange), reasons };
}

export function policyPriorMean(policy: CommunityPolicy): number {
  return policyPrior(policy).mean;
}

/** Beta(K·m + stayed, K·(1−m) + removed): the community's rate from policy and every creator's posts. */
export function communityPosterior(priorMean: number, outcomes: Outcomes) {
  const a = scoring.priorStrength * priorMean + outcomes.stayed;
  const b = scoring.priorStrength * (1 - priorMean) + outcomes.removed;
  return { a, b, mean: a / (a + b) };
}

/** Her posts elsewhere: how many had an outcome, stayed, and were expected to stay by the community figures there. */
export interface AccountRecord {
  posts: number;
  stayed: number;
  expected: number;
}

export const noRecord: AccountRecord = { posts: 0, stayed: 0, expected: 0 };

const logit = (p: number) => Math.log(p / (1 - p));
const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * How her account fares against expectation, as a shift of the log-odds: her observed odds over
 * the expected odds, both shrunk by accountStrength pseudo-posts at the expected rate, so a few
 * posts move it little and a long record (a spam-filtered account) moves it a lot.
 */
export function accountShift(record: AccountRecord): number {
  if (record.posts === 0) return 0;
  const k = scoring.accountStrength;
  const rate = record.expected / record.posts;
  const odds = (stayed: number) => (stayed + k * rate) / (record.posts - stayed + k * (1 - rate));
  return clamp(Math.log(odds(record.stayed) / odds(record.expected)), scoring.accountShiftRange);
}

export interface Score {
  /** 0–1. */
  probability: number;
  low: number;
  high: number;
  posts: number;
  ownPosts: number;
  reasons: string[];
  basis: 'policy' | 'outcomes' | 'personal';
}

/**
 * Her chance at this community: the community posterior (policy prior plus everyone else's posts),
 * shifted by her account's record in other communities, is her prior, worth personalStrength posts; her
 * own posts here update it. The interval is that Beta's central 80%.
 */
export function scoreCommunity(
  policy: CommunityPolicy,
  others: Outcomes = noOutcomes,
  own: Outcomes = noOutcomes,
  elsewhere: AccountRecord = noRecord,
): Score {
  const prior = policyPrior(policy);
  const community = communityPosterior(prior.mean, others);
  const shift = accountShift(elsewhere);
  const mean = clamp(logistic(logit(community.mean) + shift), [0.01, 0.99]);
  const [kMin, kMax] = scoring.personalStrength;
  const k = kMin + ((kMax - kMin) * elsewhere.posts) / (elsewhere.posts + scoring.personalHalfway);
  const a = k * mean + own.stayed;
  const b = k * (1 - mean) + own.removed;
  const tail = (1 - scoring.interval) / 2;
  const ownPosts = evidence(own);
  const posts = evidence(others) + ownPosts;
  const reasons: string[] = [];
  if (ownPosts > 0) reasons.push(successTexts.own(ownPosts, own.stayed, own.removedBy ?? {}));
  if (Math.abs(shift) >= scoring.accountReasonThreshold)
    reasons.push(shift > 0 ? successTexts.accountBetter : successTexts.accountWorse);
  if (posts > 0) {
    const stayed = others.stayed + own.stayed;
    const removedBy: Partial<Record<RemovalCause, number>> = {};
    for (const source of [others.removedBy, own.removedBy])
      for (const [cause, count] of Object.entries(source ?? {}) as [RemovalCause, number][])
        removedBy[cause] = (removedBy[cause] ?? 0) + count;
    reasons.push(successTexts.community(posts, stayed, removedBy));
  } else reasons.push(successTexts.noPostsYet);
  reasons.push(...prior.reasons);
  const personal = ownPosts > 0 || elsewhere.posts > 0;
  return {
    probability: a / (a + b),
    low: betaQuantile(tail, a, b),
    high: betaQuantile(1 - tail, a, b),
    posts,
    ownPosts,
    reasons,
    basis: personal ? 'personal' : posts > 0 ? 'outcomes' : 'policy',
  };
}

/** The score as the API sends it: percent with one decimal, and the details the row shows. */
export function toListedScore(score: Score): {
  successProbability: number;
  successBasis: Score['basis'];
  success: SuccessDetails;
} {
  return {
    successProbability: toPercent(score.probability),
    successBasis: score.basis,
    success: {
      low: toPercent(score.low),
      high: toPercent(score.high),
      posts: score.posts,
      ownPosts: score.ownPosts,
      reasons: score.reasons,
    },
  };
}

/** The figure for someone with no posts anywhere yet, in percent (one decimal). */
export function successProbability(policy: CommunityPolicy, outcomes: Outcomes = noOutcomes): number {
  return toPercent(scoreCommunity(policy, outcomes).probability);
}

/** Her figure in percent: everyone else's outcomes give the community figure, hers update it. */
export function personalSuccessProbability(
  policy: CommunityPolicy,
  othersOutcomes: Outcomes,
  ownOutcomes: Outcomes,
  elsewhere: AccountRecord = noRecord,
): number {
  return toPercent(scoreCommunity(policy, othersOutcomes, ownOutcomes, elsewhere).probability);
}

export function hasOutcomes(outcomes: Outcomes | undefined): outcomes is Outcomes {
  return outcomes !== undefined && outcomes.stayed + outcomes.failed + outcomes.removed > 0;
}

export function addOutcomes(left: Outcomes, right: Outcomes): Outcomes {
  const removedBy: Partial<Record<RemovalCause, number>> = { ...left.removedBy };
  for (const [cause, count] of Object.entries(right.removedBy ?? {}) as [RemovalCause, number][])
    removedBy[cause] = (removedBy[cause] ?? 0) + count;
  return {
    stayed: left.stayed + right.stayed,
    failed: left.failed + right.failed,
    removed: left.removed + right.removed,
    removedBy,
  };
}

export function subtractOutcomes(all: Outcomes, part: Outcomes): Outcomes {
  const removedBy: Partial<Record<RemovalCause, number>> = { ...all.removedBy };
  for (const [cause, count] of Object.entries(part.removedBy ?? {}) as [RemovalCause, number][])
    removedBy[cause] = Math.max(0, (removedBy[cause] ?? 0) - count);
  return {
    stayed: Math.max(0, all.stayed - part.stayed),
    failed: Math.max(0, all.failed - part.failed),
    removed: Math.max(0, all.removed - part.removed),
    removedBy,
  };
}

/**
 * Her record outside `exclude`: posts that stayed, and how many the community figures (from
 * everyone else's posts there) expected to stay.
 */
export function accountRecord(
  own: Iterable<[string, Outcomes]>,
  communityMean: (community: string, own: Outcomes) => number,
  exclude: string,
): AccountRecord {
  let posts = 0;
  let stayed = 0;
  let expected = 0;
  for (const [community, outcomes] of own) {
    if (community === exclude || evidence(outcomes) === 0) continue;
    posts += evidence(outcomes);
    stayed += outcomes.stayed;
    expected += evidence(outcomes) * communityMean(community, outcomes);
  }
  return { posts, stayed, expected };
}
