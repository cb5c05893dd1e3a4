import { z } from 'zod';
import { discardExpiredPreviews } from '../modules/imageshield/protection-preview.service.js';
import { purgeDeletedMedia } from '../modules/media/media-purge.service.js';
import type { JobServices } from './job-services.js';
import { defineJob, type JobContext } from './queue.js';

/**
 * Every minute: media deleted longer ago than the undo window loses its files and its row. A cron
 * sweep rather than one delayed job per delete, so a crash, a restart or a failed storage call
 * never leaves a file behind: the next run finds whatever is still waiting. ImageShield previews
 * left past their time (neither kept nor discarded) go the same way.
 */
export const purgeDeletedMediaJob = defineJob({
  id: 'media.purge-deleted',
  payload: z.strictObject({}),
  options: { policy: 'stately', retryLimit: 1, expireInSeconds: 10 * 60, pollingIntervalSeconds: 30 },
  schedule: { cron: '* * * * *', payload: {}, enabled: () => true },
  handler: async (_payload, deps: Pick<JobServices, 'db' | 'storage'> & JobContext) => ({
    ...(await purgeDeletedMedia(deps)),
    expiredPreviews: await discardExpiredPreviews(deps),
  }),
});
