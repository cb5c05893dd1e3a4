import type { CommunityListQuery } from '@app/shared/communities';
import type { Database } from '../../db/client.js';
import type { ListedCommunity } from './community-list.js';
import { answer, buildSnapshot, type Snapshot } from './community-snapshot.js';
import { ownPostingHours } from './best-times.repo.js';
import {
  listVisibleCommunities,
  loadOutcomes,
  loadSenderEvidence,
  readDataStamp,
} from './communities.repo.js';
import type { SerializedBody } from './serialized-body.js';

export type CommunityCatalog = ReturnType<typeof createCommunityCatalog>;

/**
 * Serves the list from bytes serialised once per data version. Writes through this process call
 * invalidate(); writes by other processes (seed, jobs, other servers) show through the database
 * stamp, re-read at most every stampTtlMs: that is the staleness bound (docs/communities-scoring.md).
 */
export function createCommunityCatalog(db: Database, { stampTtlMs = 2_000, now = () => Date.now() } = {}) {
  let snapshot: Snapshot | undefined;
  let checkedAt = -Infinity;
  let refreshing: Promise<Snapshot> | undefined;
  let generation = 0;

  async function refresh(): Promise<Snapshot> {
    const startedIn = generation;
    // Stamp first, then data: a write in between only causes one extra reload, never a missed one.
    const stamp = await readDataStamp(db);
    let next = snapshot;
    if (next?.stamp !== stamp) {
      const [rows, outcomes, evidence] = await Promise.all([
        listVisibleCommunities(db),
        loadOutcomes(db),
        loadSenderEvidence(db),
      ]);
      next = buildSnapshot(stamp, rows, outcomes, evidence);
    }
    // A write by this process while loading makes this result too old to keep.
    if (startedIn === generation) {
      snapshot = next;
      checkedAt = now();
    }
    return next;
  }

  function current(): Promise<Snapshot> | Snapshot {
    if (snapshot && now() - checkedAt < stampTtlMs) return snapshot;
    if (refreshing) return refreshing;
    const started = refresh().finally(() => {
      if (refreshing === started) refreshing = undefined;
    });
    refreshing = started;
    return started;
  }

  return {
    /** The serialised list for this query: shared bytes, or the user's own when they have history. */
    async list(query: CommunityListQuery, userId: string): Promise<SerializedBody> {
      return answer(await current(), query, userId, () => ownPostingHours(db, userId));
    },
    async findById(id: string): Promise<ListedCommunity | undefined> {
      return (await current()).sorted.find((community) => community.id === id);
    },
    /** After a write by this process: the next request reloads, whatever the stamp says. */
    invalidate(): void {
      generation += 1;
      snapshot = undefined;
      checkedAt = -Infinity;
      refreshing = undefined;
    },
  };
}
