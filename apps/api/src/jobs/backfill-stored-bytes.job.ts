import { z } from 'zod';
import { backfillStoredBytes } from '../modules/media/stored-bytes-backfill.service.js';
import type { JobServices } from './job-services.js';
import { defineJob, type JobContext, type JobQueue, sendJob } from './queue.js';

/**
 * Migration 0015 started counting thumbnails and protected copies toward the quota; rows stored
 * before it name those files with 0 bytes. This measures each such file once and records its size.
 * Idempotent (only rows still at 0 are read), so it is simply queued at every start-up.
 */
export const backfillStoredBytesJob = defineJob({
  id: 'media.backfill-stored-bytes',
  payload: z.strictObject({}),
  options: {
    // One run at a time across every process, and at most one more waiting.
    policy: 'stately',
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 2 * 60 * 60,
    pollingIntervalSeconds: 60,
  },
  handler: (_payload, deps: Pick<JobServices, 'db' | 'storage'> & JobContext) => backfillStoredBytes(deps),
});

/** Queued by startJobs; null when a backfill is already waiting. */
export function enqueueStoredBytesBackfill(queue: JobQueue) {
  return sendJob(queue, backfillStoredBytesJob, {});
}
