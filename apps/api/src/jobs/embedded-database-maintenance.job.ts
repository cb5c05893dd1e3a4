import { z } from 'zod';
import { vacuumEmbeddedDatabase } from '../db/embedded-maintenance.js';
import type { JobServices } from './job-services.js';
import { defineJob, type JobContext } from './queue.js';

/**
 * Hourly, on the embedded database only (no DATABASE_URL): what PostgreSQL's autovacuum does on its
 * own (db/embedded-maintenance.ts). About 0.2 s for a creator with 2,000 photos, 1,000 scheduled
 * posts and 5,000 history items.
 */
export const embeddedDatabaseMaintenanceJob = defineJob({
  id: 'maintenance.embedded-database',
  payload: z.strictObject({}),
  options: { policy: 'stately', retryLimit: 1, expireInSeconds: 10 * 60, pollingIntervalSeconds: 60 },
  schedule: { cron: '43 * * * *', payload: {}, enabled: (config) => !config.databaseUrl },
  handler: async (_payload, deps: Pick<JobServices, 'db'> & JobContext) => vacuumEmbeddedDatabase(deps.db),
});
