import { bestTimesFor } from '@app/shared/best-times';
import type { CommunityListQuery } from '@app/shared/communities';
import type { OwnHours } from './best-times.repo.js';
import type { CommunityRow } from '../../db/schema/index.js';
import { toCommunity } from './community-row.js';
import {
  compareCommunities,
  listedCommunitiesSchema,
  matchesQuery,
  queryKey,
  type ListedCommunity,
} from './community-list.js';
import type { SenderEvidence, UserCommunityOutcomes } from './communities.repo.js';
import { contentRuleCounts, evidenceByCommunity, factsOf } from './community-facts.js';
import { LruMap, serializeBody, type SerializedBody } from './serialized-body.js';
import {
  accountRecord,
  addOutcomes as sumOutcomes,
  communityPosterior,
  noOutcomes,
  policyPriorMean,
  scoreCommunity,
  subtractOutcomes,
  toListedScore,
  type Outcomes,
} from './success-score.js';

interface Entry {
  outcomes: Outcomes;
  listed: ListedCommunity;
}

/** Everything one data version answers with, plus the bytes already serialised for it. */
export interface Snapshot {
  stamp: string;
  entries: Map<string, Entry>;
  sorted: ListedCommunity[];
  outcomesByUser: Map<string, Map<string, Outcomes>>;
  shared: LruMap<string, SerializedBody>;
  personal: LruMap<string, SerializedBody>;
}

function addOutcomes(into: Map<string, Outcomes>, key: string, add: Outcomes) {
  into.set(key, sumOutcomes(into.get(key) ?? noOutcomes, add));
}

export function buildSnapshot(
  stamp: string,
  rows: CommunityRow[],
  outcomeRows: UserCommunityOutcomes[],
  senderEvidence: SenderEvidence[] = [],
): Snapshot {
  const evidence = evidenceByCommunity(senderEvidence);
  const ruleCounts = contentRuleCounts(rows);
  const totals = new Map<string, Outcomes>();
  const outcomesByUser = new Map<string, Map<string, Outcomes>>();
  const names = new Set(rows.map((row) => row.name.toLowerCase()));
  for (const { userId, community, ...outcomes } of outcomeRows) {
    if (!names.has(community)) continue;
    addOutcomes(totals, community, outcomes);
    if (!outcomesByUser.has(userId)) outcomesByUser.set(userId, new Map());
    addOutcomes(outcomesByUser.get(userId)!, community, outcomes);
  }
  const entries = new Map<string, Entry>();
  for (const row of rows) {
    const outcomes = totals.get(row.name.toLowerCase()) ?? noOutcomes;
    const community = toCommunity(row, null);
    const listed: ListedCommunity = {
      ...community,
      ...toListedScore(scoreCommunity(community, outcomes)),
      bestTimes: bestTimesFor(community.bestPostingTimes),
      facts: factsOf(row, evidence.get(row.name.toLowerCase()), ruleCounts),
    };
    entries.set(row.name.toLowerCase(), { outcomes, listed });
  }
  const sorted = [...entries.values()].map((entry) => entry.listed).sort(compareCommunities);
  return { stamp, entries, sorted, outcomesByUser, shared: new LruMap(64), personal: new LruMap(256) };
}

/**
 * The list with the user's own figures, re-sorted by them: everyone else's posts give each
 * community's figure, her record elsewhere shifts it, her own posts there update it.
 */
function personalise(snapshot: Snapshot, own: Map<string, Outcomes>, hours: OwnHours): ListedCommunity[] {
  const othersMean = (key: string, hers: Outcomes) => {
    const entry = snapshot.entries.get(key);
    if (!entry) return 0;
    return communityPosterior(policyPriorMean(entry.listed), subtractOutcomes(entry.outcomes, hers)).mean;
  };
  return snapshot.sorted
    .map((listed) => {
      const key = listed.name.toLowerCase();
      const entry = snapshot.entries.get(key)!;
      const mine = own.get(key) ?? noOutcomes;
      const elsewhere = accountRecord(own, othersMean, key);
      const score = scoreCommunity(listed, subtractOutcomes(entry.outcomes, mine), mine, elsewhere);
      const ownHours = hours.get(key);
      const personal = ownHours
        ? { ...listed, bestTimes: bestTimesFor(listed.bestPostingTimes, ownHours) }
        : listed;
      return score.basis === 'personal' ? { ...personal, ...toListedScore(score) } : personal;
    })
    .sort(compareCommunities);
}

function cachedBody(cache: LruMap<string, SerializedBody>, key: string, list: () => ListedCommunity[]) {
  let body = cache.get(key);
  if (!body) {
    // Validated against the contract once per data version and filter, not per request.
    body = serializeBody(listedCommunitiesSchema.parse(list()));
    cache.set(key, body);
  }
  return body;
}

/**
 * The serialised list for this query: shared bytes, or the user's own when they have history (her
 * scores, and her best times from her own posts, loaded once per data version).
 */
export async function answer(
  snapshot: Snapshot,
  query: CommunityListQuery,
  userId: string,
  loadOwnHours: () => Promise<OwnHours>,
): Promise<SerializedBody> {
  const key = queryKey(query);
  const own = snapshot.outcomesByUser.get(userId);
  if (own) {
    const personalKey = `${userId}\u0000${key}`;
    const cached = snapshot.personal.get(personalKey);
    if (cached) return cached;
    const hours = await loadOwnHours();
    return cachedBody(snapshot.personal, personalKey, () =>
      personalise(snapshot, own, hours).filter((community) => matchesQuery(community, query)),
    );
  }
  return cachedBody(snapshot.shared, key, () =>
    snapshot.sorted.filter((community) => matchesQuery(community, query)),
  );
}
