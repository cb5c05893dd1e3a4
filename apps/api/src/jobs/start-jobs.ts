import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';

export interface RunningJobs {
  stop(): Promise<void>;
}

/** Starts the job queue and its workers; filled in with the first job. */
export async function startJobs(_deps: { database: DatabaseHandle; config: AppConfig; log: FastifyBaseLogger }): Promise<RunningJobs> {
  return { stop: async () => {} };
}
