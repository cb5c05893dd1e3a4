import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RemovalCause } from '@app/shared/community-score';
import {
  accountRecord,
  addOutcomes,
  communityPosterior,
  noOutcomes,
  policyPriorMean,
  scoreCommunity,
  subtractOutcomes,
  type CommunityPolicy,
  type Outcomes,
} from './success-score.js';

/**
 * The calibration simulation of docs/communities-scoring.md: communities with known true stay-up
 * rates, creators who differ, posts in time order, each predicted before its outcome is drawn.
 * Every parameter is here and in the document; the PRNG is seeded, so the result is reproducible.
 */
export const simulationParameters = {
  seed: 20_261_126,
  posts: 2000,
  /** Drawn from the seeded communities (apps/api/src/db/seed/communities.seed.json), for a real policy mix. */
  communities: 40,
  creators: 60,
  /** True community rate: logit(rate) = logit(policy prior) + Normal(0, this). */
  communitySpread: 0.6,
  /** Creator kinds: share, and the shift of logit(rate) they bring everywhere (mean, sd). */
  creatorKinds: {
    established: { share: 0.6, shift: [1.5, 0.5] },
    lowKarma: { share: 0.25, shift: [-3, 0.7] },
    unverified: { share: 0.15, shift: [1, 0.5] },
  },
  /** Extra logit shift for an unverified creator where verification is required. */
  unverifiedWhereRequired: -4,
  /** Each creator posts to 3–8 communities; activity ∝ 1/(rank+1): a few creators post most. */
  communitiesPerCreator: [3, 8] as const,
  /** Share of send failures (never reached Reddit): recorded, and must not move the score. */
  sendFailures: 0.05,
} as const;

type Kind = keyof typeof simulationParameters.creatorKinds;

function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const logit = (p: number) => Math.log(p / (1 - p));
const logistic = (x: number) => 1 / (1 + Math.exp(-x));

export interface CalibrationResult {
  posts: number;
  /** Posts that reached the community (the rest failed to send): the ones predicted and scored. */
  scored: number;
  brierModel: number;
  brierPolicy: number;
  /** Knowing each true rate: the floor no forecast beats. */
  brierTruth: number;
  /** 1 − model/policy. */
  improvement: number;
  /** Share of predictions whose 80% interval held the true rate of that creator at that community. */
  coverage: number;
  meanWidth: number;
  sendFailuresIgnored: boolean;
}

function seededPolicies(): CommunityPolicy[] {
  const file = fileURLToPath(new URL('../../db/seed/communities.seed.json', import.meta.url));
  return (JSON.parse(readFileSync(file, 'utf8')) as { communities: CommunityPolicy[] }).communities;
}

export function runCalibration(parameters = simulationParameters): CalibrationResult {
  const random = mulberry32(parameters.seed);
  const normal = (mean: number, sd: number) => {
    const u = Math.max(random(), 1e-12);
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
  const all = seededPolicies();
  const communities = Array.from({ length: parameters.communities }, (_, i) => {
    const policy = all[Math.floor(random() * all.length)]!;
    const prior = policyPriorMean(policy);
    return { key: `c${i}`, policy, prior, logitRate: logit(prior) + normal(0, parameters.communitySpread) };
  });
  const kinds = Object.entries(parameters.creatorKinds) as [
    Kind,
    { share: number; shift: readonly [number, number] },
  ][];
  const creators = Array.from({ length: parameters.creators }, (_, i) => {
    let pick = random();
    const [kind, { shift }] = kinds.find(([, k]) => (pick -= k.share) < 0) ?? kinds[0]!;
    const [low, high] = parameters.communitiesPerCreator;
    const count = low + Math.floor(random() * (high - low + 1));
    const places = new Set<number>();
    while (places.size < count) places.add(Math.floor(random() * communities.length));
    return {
      key: `u${i}`,
      kind,
      shift: normal(shift[0], shift[1]),
      places: [...places],
      weight: 1 / (i + 1),
    };
  });
  const totalWeight = creators.reduce((sum, c) => sum + c.weight, 0);
  const trueRate = (creator: (typeof creators)[number], c: (typeof communities)[number]) =>
    logistic(
      c.logitRate +
        creator.shift +
        (creator.kind === 'unverified' && c.policy.verificationRequired
          ? parameters.unverifiedWhereRequired
          : 0),
    );

  const totals = new Map<string, Outcomes>();
  const own = new Map<string, Map<string, Outcomes>>();
  let brierModel = 0;
  let brierPolicy = 0;
  let brierTruth = 0;
  let covered = 0;
  let width = 0;
  let sendFailuresIgnored = true;
  for (let n = 0; n < parameters.posts; n++) {
    let pick = random() * totalWeight;
    const creator = creators.find((c) => (pick -= c.weight) < 0) ?? creators.at(-1)!;
    const community = communities[creator.places[Math.floor(random() * creator.places.length)]!]!;
    const mine = own.get(creator.key) ?? new Map<string, Outcomes>();
    own.set(creator.key, mine);
    const othersAt = (key: string, hers: Outcomes) => subtractOutcomes(totals.get(key) ?? noOutcomes, hers);
    const byKey = new Map(communities.map((c) => [c.key, c]));
    const elsewhere = accountRecord(
      mine,
      (key, hers) => communityPosterior(byKey.get(key)!.prior, othersAt(key, hers)).mean,
      community.key,
    );
    const hereOwn = mine.get(community.key) ?? noOutcomes;
    const score = scoreCommunity(community.policy, othersAt(community.key, hereOwn), hereOwn, elsewhere);

    const truth = trueRate(creator, community);
    const outcome: Outcomes =
      random() < parameters.sendFailures
        ? { ...noOutcomes, failed: 1 }
        : random() < truth
          ? { ...noOutcomes, stayed: 1 }
          : { ...noOutcomes, removed: 1, removedBy: { [cause(creator.kind, community.policy)]: 1 } };
    if (outcome.failed) {
      // A failure to send is recorded but must leave the figure exactly where it was.
      const after = addOutcomes(hereOwn, outcome);
      const again = scoreCommunity(community.policy, othersAt(community.key, after), after, elsewhere);
      if (again.probability !== score.probability) sendFailuresIgnored = false;
    } else {
      const stayed = outcome.stayed;
      brierModel += (score.probability - stayed) ** 2;
      brierPolicy += (community.prior - stayed) ** 2;
      brierTruth += (truth - stayed) ** 2;
      if (truth >= score.low && truth <= score.high) covered += 1;
      width += score.high - score.low;
    }
    totals.set(community.key, addOutcomes(totals.get(community.key) ?? noOutcomes, outcome));
    mine.set(community.key, addOutcomes(hereOwn, outcome));

    function cause(kind: Kind, policy: CommunityPolicy): RemovalCause {
      if (kind === 'lowKarma') return 'spamFilter';
      if (kind === 'unverified' && policy.verificationRequired) return 'moderator';
      const r = random();
      return r < 0.7 ? 'moderator' : r < 0.9 ? 'spamFilter' : 'reddit';
    }
  }
  const scored = [...totals.values()].reduce((sum, o) => sum + o.stayed + o.removed, 0);
  return {
    posts: parameters.posts,
    scored,
    brierModel: brierModel / scored,
    brierPolicy: brierPolicy / scored,
    brierTruth: brierTruth / scored,
    improvement: 1 - brierModel / brierPolicy,
    coverage: covered / scored,
    meanWidth: width / scored,
    sendFailuresIgnored,
  };
}
