import { z } from 'zod';
import { refreshCommunities } from '../modules/communities/community-refresh.service.js';
import { RedditBudgetWaitError } from '../adapters/reddit/rate-budget.js';
import { RedditApiError } from '../adapters/reddit/reddit-api.js';
import { watchOutcome } from '../modules/service-health/watched-services.js';
import type { JobServices } from './job-services.js';
import { defineJob, type JobContext, type JobQueue, sendJob } from './queue.js';

export const refreshCommunitiesPayload = z.strictObject({
  /** Only these communities (case-insensitive); all that are not deleted when absent. */
  names: z.array(z.string().trim().min(1).max(50)).min(1).max(1000).optional(),
});
export type RefreshCommunitiesPayload = z.input<typeof refreshCommunitiesPayload>;

export const refreshCommunitiesJob = defineJob({
  id: 'communities.refresh',
  payload: refreshCommunitiesPayload,
  options: {
    // One run at a time, and at most one more waiting: an on-demand refresh during the daily one is not doubled.
    policy: 'stately',
    retryLimit: 3,
    retryDelaySeconds: 600,
    retryBackoff: true,
    // ~1 s per Reddit call and two calls a community: 3 hours covers several thousand communities.
    expireInSeconds: 3 * 60 * 60,
    pollingIntervalSeconds: 30,
  },
  schedule: { cron: '23 4 * * *', payload: {}, enabled: (config) => Boolean(config.oauth.reddit) },
  handler: (payload, deps: Pick<JobServices, 'db' | 'reddit'> & JobContext) =>
    watchOutcome(deps.db, 'reddit-data', refreshCommunities(payload, deps), refreshFault, deps.log),
});

/**
 * A run stops only when Reddit keeps failing (or refuses our app): that is the service failing.
 * Waiting for the server's own Reddit allowance is not (the queue retries the run later).
 */
const refreshFault = (error: unknown) =>
  error instanceof RedditApiError && !(error instanceof RedditBudgetWaitError)
    ? `The community refresh stopped: Reddit ${error.status ? `answered HTTP ${error.status}` : 'did not answer'} (${error.name}).`
    : null;

/** Queues a refresh now (the admin's "refresh from Reddit"); null when one is already waiting. */
export function enqueueCommunitiesRefresh(queue: JobQueue, payload: RefreshCommunitiesPayload = {}) {
  return sendJob(queue, refreshCommunitiesJob, payload);
}
