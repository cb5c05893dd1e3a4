import { z } from 'zod';
import { makeWaitingPostCopies } from '../modules/imageshield/post-copies.js';
import type { JobServices } from './job-services.js';
import { defineJob, sendJob, type JobContext, type JobQueue } from './queue.js';
import { wakeSenderIfDueSoon } from './send-posts.job.js';

/**
 * Makes campaign posts' own protected copies (modules/imageshield/post-copies.ts). Queued when a
 * campaign is saved and swept every minute, so a copy a crash or restart interrupted is made by
 * the next run; 'stately' keeps one run queued and one running per server.
 */
export const campaignCopiesJob = defineJob({
  id: 'campaigns.make-copies',
  payload: z.strictObject({}),
  options: {
    policy: 'stately',
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 30 * 60,
    pollingIntervalSeconds: 2,
  },
  // Campaigns need a linked account, so posting set up: without it nothing can be waiting.
  schedule: { cron: '* * * * *', payload: {}, enabled: (config) => Boolean(config.redditPosting) },
  handler: async (_payload, deps: Pick<JobServices, 'db' | 'storage' | 'tempDir' | 'queue'> & JobContext) => {
    let made = 0;
    for (;;) {
      if (deps.signal.aborted) break;
      const batch = await makeWaitingPostCopies({
        db: deps.db,
        storage: deps.storage,
        tempDir: deps.tempDir,
        log: deps.log,
        onReady: (post) => wakeSenderIfDueSoon(deps.queue, post.dueAt),
      });
      made += batch;
      if (batch === 0) break;
    }
    return { made };
  },
});

/** From the app when a campaign is saved: make its copies now rather than at the next sweep. */
export async function queueCampaignCopies(queue: JobQueue): Promise<void> {
  await sendJob(queue, campaignCopiesJob, {});
}
