import { sharedRulesThreshold, type CommunityFacts, type FactSource } from '@app/shared/community-facts';
import type { CommunityRow } from '../../db/schema/index.js';
import type { SenderEvidence } from './communities.repo.js';
import { learnThreshold, type PostEvidence } from './learned-requirements.js';

type Evidence = { karma: PostEvidence[]; ageDays: PostEvidence[] };

/** Everyone's decided posts by community (lower case), split by what was known of the account. */
export function evidenceByCommunity(rows: readonly SenderEvidence[]): Map<string, Evidence> {
  const byCommunity = new Map<string, Evidence>();
  for (const { community, karma, ageDays, removed } of rows) {
    const evidence = byCommunity.get(community) ?? { karma: [], ageDays: [] };
    if (karma !== null) evidence.karma.push({ value: karma, removed });
    if (ageDays !== null) evidence.ageDays.push({ value: ageDays, removed });
    byCommunity.set(community, evidence);
  }
  return byCommunity;
}

/** How many communities list each content-rule text (the same list, word for word). */
export function contentRuleCounts(rows: readonly CommunityRow[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (row.contentRules.length === 0) continue;
    const key = JSON.stringify(row.contentRules);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Where the row's facts come from, what removals taught about unpublished requirements, and shared rule texts. */
export function factsOf(
  row: CommunityRow,
  evidence: Evidence | undefined,
  ruleCounts: Map<string, number>,
): CommunityFacts {
  const source = (field: string): FactSource => (row.redditFields.includes(field) ? 'reddit' : 'curated');
  const shared = row.contentRules.length > 0 ? (ruleCounts.get(JSON.stringify(row.contentRules)) ?? 0) : 0;
  return {
    sources: {
      members: source('members'),
      description: source('description'),
      titleRules: source('titleRules'),
      contentRules: source('contentRules'),
    },
    redditCheckedAt: row.redditFields.length > 0 ? (row.lastVerifiedAt?.toISOString() ?? null) : null,
    learned: {
      // Never in place of the subreddit's own figure: only where that is unknown.
      minKarma: row.minKarma === null && evidence ? learnThreshold(evidence.karma) : null,
      minAccountAgeDays: row.minAccountAgeDays === null && evidence ? learnThreshold(evidence.ageDays) : null,
    },
    sharedContentRules:
      source('contentRules') === 'curated' && shared >= sharedRulesThreshold ? shared : null,
  };
}
