import { z } from 'zod';
import { makeDueRounds, stopFinishedSeries } from '../modules/reposts/reposts.rounds.js';
import { queueCampaignCopies } from './campaign-copies.job.js';
import type { JobServices } from './job-services.js';
import { defineJob, type JobContext } from './queue.js';
import { wakeSenderIfDueSoon } from './send-posts.job.js';

/**
 * Every minute: recurring reposts that must stop by themselves stop (a post removed, the account
 * gone), and each due series gets its next round. 'stately' keeps one run per server; between
 * servers the conditional update of next_run_at (claimRound) makes each round once.
 */
export const repostsJob = defineJob({
  id: 'reposts.make-rounds',
  payload: z.strictObject({}),
  options: { policy: 'stately', retryLimit: 1, expireInSeconds: 10 * 60, pollingIntervalSeconds: 30 },
  schedule: { cron: '* * * * *', payload: {}, enabled: (config) => Boolean(config.redditPosting) },
  handler: async (_payload, deps: Pick<JobServices, 'db' | 'storage' | 'queue' | 'sender'> & JobContext) => {
    const round = {
      db: deps.db,
      storage: deps.storage,
      posting: deps.sender?.posting,
      log: deps.log,
      wake: (at: Date) => wakeSenderIfDueSoon(deps.queue, at),
      makeCopies: () => queueCampaignCopies(deps.queue),
    };
    const stopped = await stopFinishedSeries(round);
    const made = await makeDueRounds(round);
    return { stopped, made };
  },
});
