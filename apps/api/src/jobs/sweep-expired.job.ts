import { z } from 'zod';
import { sweepExpiredRows } from '../modules/auth/sweep-expired.service.js';
import type { JobServices } from './job-services.js';
import { defineJob, type JobContext } from './queue.js';

/**
 * Hourly: rows whose time is over and that nothing reads again (expired sessions and access
 * tokens, old one-time links, expired AI answers), so those tables do not grow without end.
 */
export const sweepExpiredJob = defineJob({
  id: 'maintenance.sweep-expired',
  payload: z.strictObject({}),
  options: { policy: 'stately', retryLimit: 1, expireInSeconds: 10 * 60, pollingIntervalSeconds: 60 },
  schedule: { cron: '17 * * * *', payload: {}, enabled: () => true },
  handler: async (_payload, deps: Pick<JobServices, 'db'> & JobContext) =>
    sweepExpiredRows(deps.db, new Date()),
});
