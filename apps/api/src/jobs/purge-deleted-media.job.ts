import { z } from 'zod';
import { purgeDeletedMedia } from '../modules/media/media-purge.service.js';
import type { JobServices } from './job-services.js';
import { defineJob, type JobContext } from './queue.js';

/**
 * Every minute: media deleted longer ago than the undo window loses its files and its row. A cron
 * sweep rather than one delayed job per delete, so a crash, a restart or a failed storage call
 * never leaves a file behind: the next run finds whatever is still waiting.
 */
export const purgeDeletedMediaJob = defineJob({
  id: 'media.purge-deleted',
  payload: z.strictObject({}),
  options: { policy: 'stately', retryLimit: 1, expireInSeconds: 10 * 60, pollingIntervalSeconds: 30 },
  schedule: { cron: '* * * * *', payload: {}, enabled: () => true },
  handler: async (_payload, deps: Pick<JobServices, 'db' | 'storage'> & JobContext) =>
    purgeDeletedMedia(deps),
});
