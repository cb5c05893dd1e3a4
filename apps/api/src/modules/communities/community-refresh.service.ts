import type { FastifyBaseLogger } from 'fastify';
import {
  RedditApiError,
  RedditAuthError,
  RedditRateLimitError,
  type RedditApi,
  type SubredditRule,
} from '../../adapters/reddit/reddit-api.js';
import type { Database } from '../../db/client.js';
import { factsFromReddit } from './community-facts-from-reddit.js';
import {
  applyRedditFacts,
  listCommunitiesToRefresh,
  markCommunityMissing,
} from './community-refresh.repo.js';

export interface RefreshSummary {
  skipped?: 'reddit_not_configured';
  checked: number;
  updated: number;
  /** Newly marked missing (banned, private, quarantined or gone). */
  missing: number;
  /** Were missing, are back. */
  restored: number;
  /** Calls that failed for other reasons; those rows are left alone until the next run. */
  failed: number;
  /** Communities Reddit does not mark over-18 (not stored: the table has no column for it). */
  notOver18: string[];
}

const batchSize = 25;
// This many failures in a row means Reddit (or our network) is down: stop and let the queue retry.
const maxConsecutiveFailures = 5;

/**
 * Updates each community from Reddit's about and rules: members, description and rules where Reddit
 * gave them, lastVerifiedAt, and missingSince when Reddit says it is gone, banned, private or
 * quarantined (cleared when it is back). Rows are never deleted and curated policy fields never touched.
 */
export async function refreshCommunities(
  payload: { names?: string[] },
  {
    db,
    reddit,
    signal,
    log,
    queuedAt,
  }: {
    db: Database;
    reddit: RedditApi | undefined;
    /** Rows verified since then are skipped, so a retried run continues where the last one stopped. */
    queuedAt: Date;
    signal: AbortSignal;
    log: FastifyBaseLogger;
  },
): Promise<RefreshSummary> {
  const summary: RefreshSummary = {
    checked: 0,
    updated: 0,
    missing: 0,
    restored: 0,
    failed: 0,
    notOver18: [],
  };
  if (!reddit) {
    log.info('Reddit API credentials are not configured: communities are not refreshed');
    return { ...summary, skipped: 'reddit_not_configured' };
  }
  let after: string | undefined;
  let consecutiveFailures = 0;
  for (;;) {
    const batch = await listCommunitiesToRefresh(db, {
      after,
      verifiedBefore: queuedAt,
      names: payload.names,
      limit: batchSize,
    });
    if (batch.length === 0) break;
    after = batch.at(-1)!.id;
    for (const community of batch) {
      signal.throwIfAborted();
      summary.checked++;
      try {
        const about = await reddit.getSubredditAbout(community.name, signal);
        if (about.status === 'missing') {
          if (await markCommunityMissing(db, community.id, new Date())) summary.missing++;
          log.info({ community: community.name, reason: about.reason }, 'community missing on Reddit');
        } else {
          const rules = await readRules(community.name);
          if (!about.value.over18) summary.notOver18.push(community.name);
          if (await applyRedditFacts(db, community.id, factsFromReddit(about.value, rules), new Date())) {
            summary.updated++;
            if (community.missingSince) summary.restored++;
          }
        }
        consecutiveFailures = 0;
      } catch (error) {
        if (
          !(error instanceof RedditApiError) ||
          error instanceof RedditAuthError ||
          error instanceof RedditRateLimitError
        ) {
          throw error;
        }
        summary.failed++;
        log.warn({ community: community.name, err: error }, 'community not refreshed');
        if (++consecutiveFailures >= maxConsecutiveFailures) throw error;
      }
    }
  }
  return summary;

  /** Rules are a bonus: when Reddit will not give them, the curated ones stay. */
  async function readRules(name: string): Promise<SubredditRule[] | undefined> {
    try {
      const rules = await reddit!.getSubredditRules(name, signal);
      return rules.status === 'found' ? rules.value : undefined;
    } catch (error) {
      if (
        !(error instanceof RedditApiError) ||
        error instanceof RedditAuthError ||
        error instanceof RedditRateLimitError
      ) {
        throw error;
      }
      log.warn({ community: name, err: error }, 'community rules not read');
      return undefined;
    }
  }
}
