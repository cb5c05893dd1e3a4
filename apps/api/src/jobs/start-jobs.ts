import type { FastifyBaseLogger } from 'fastify';
import { redditApiFromConfig } from '../adapters/reddit/http-reddit-api.js';
import type { RedditApi } from '../adapters/reddit/reddit-api.js';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import type { JobServices } from './job-services.js';
import type { z } from 'zod';
import { type JobDefinition, JobQueue } from './queue.js';
import { refreshCommunitiesJob } from './refresh-communities.job.js';
import type { RedditPostingApi } from '../adapters/reddit/reddit-posting-api.js';
import { backfillStoredBytesJob, enqueueStoredBytesBackfill } from './backfill-stored-bytes.job.js';
import { createMediaStorage } from '../adapters/storage/create-media-storage.js';
import type { MediaStorage } from '../adapters/storage/media-storage.js';
import { createRedditPosting } from '../modules/reddit/reddit-posting-context.js';
import { createRedditRateBudget } from '../modules/reddit/reddit-rate-budget.js';
import { defaultSenderTimings, type SenderTimings } from '../modules/posts/post-sending.service.js';
import { sendPostsJob, sweepPostsJob, wakeForOverduePosts } from './send-posts.job.js';
import { sweepExpiredJob } from './sweep-expired.job.js';
import { embeddedDatabaseMaintenanceJob } from './embedded-database-maintenance.job.js';
import { sendFirstCommentsJob, wakeCommentSender } from './first-comment.job.js';
import { earliestDueCommentTime } from '../modules/posts/first-comment.service.js';
import { purgeDeletedMediaJob } from './purge-deleted-media.job.js';
import { campaignCopiesJob } from './campaign-copies.job.js';
import { repostsJob } from './reposts.job.js';
import { enqueuePhotoRating, ratePhotosJob } from './rate-photos.job.js';
import {
  type ContentClassifier,
  WorkerContentClassifier,
} from '../adapters/image/content-rating/content-classifier.js';

/** Every job the server runs; a new job is one definition file and one line here. */
export const jobDefinitions: readonly JobDefinition<z.ZodType, JobServices>[] = [
  refreshCommunitiesJob,
  sendPostsJob,
  sendFirstCommentsJob,
  sweepPostsJob,
  sweepExpiredJob,
  embeddedDatabaseMaintenanceJob,
  backfillStoredBytesJob,
  purgeDeletedMediaJob,
  campaignCopiesJob,
  repostsJob,
  ratePhotosJob,
];

export interface RunningJobs {
  /** For sending jobs (sendJob, enqueueCommunitiesRefresh). */
  queue: JobQueue;
  stop(): Promise<void>;
}

export interface StartJobsOptions {
  /** Replaces the Reddit adapter built from config (tests pace it faster). */
  reddit?: RedditApi;
  pollingIntervalSeconds?: number;
  /** How long stop() waits for running handlers before they are failed and left to a retry. */
  stopTimeoutMs?: number;
  /** Replaces the Reddit posting client built from config. */
  redditPosting?: RedditPostingApi;
  /** Replaces the media storage built from config. */
  mediaStorage?: MediaStorage;
  /** Shorter send-protocol timings for tests. */
  senderTimings?: Partial<SenderTimings>;
  /** Replaces the photo content classifier (a test file shares one loaded model). */
  contentClassifier?: ContentClassifier;
}

/**
 * Starts the queue on the app's database, creates every job's queue, runs a worker for each and
 * installs the cron schedules whose conditions hold (removing those that no longer do). The HTTP app
 * does not need it: tests that only build the app never start a queue.
 */
export async function startJobs(
  {
    database,
    config,
    log: parentLog,
  }: { database: DatabaseHandle; config: AppConfig; log: FastifyBaseLogger },
  options: StartJobsOptions = {},
): Promise<RunningJobs> {
  const log = parentLog.child({ module: 'jobs' });
  const started = performance.now();
  const queue = new JobQueue(database, {
    log,
    connectionString: config.databaseUrl,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    // pg-boss's cron clock polls too; run it only when something is scheduled.
    schedule: jobDefinitions.some((definition) => definition.schedule?.enabled(config)),
  });
  await queue.start();
  // Its thread and model load on the first photo to rate, not here.
  const contentClassifier = options.contentClassifier ?? new WorkerContentClassifier();
  try {
    const posting = await createRedditPosting(database.db, config, options.redditPosting);
    const storage = options.mediaStorage ?? createMediaStorage(config.media);
    const services: JobServices = {
      db: database.db,
      queue,
      reddit:
        options.reddit ??
        redditApiFromConfig(config, (clientId) =>
          createRedditRateBudget(database.db, clientId, config.redditRateBudget),
        ),
      storage,
      tempDir: config.media.tempDir,
      contentClassifier,
      sender: {
        db: database.db,
        posting,
        storage,
        concurrency: config.postSenderConcurrency,
        timings: {
          ...defaultSenderTimings,
          outcomeCheckMinutes: config.engagementCheckMinutes,
          ...options.senderTimings,
        },
      },
    };
    const scheduled: string[] = [];
    for (const definition of jobDefinitions) {
      await queue.work(definition, services);
      if (await queue.applySchedule(definition, config))
        scheduled.push(`${definition.id} (${definition.schedule!.cron})`);
    }
    await wakeForOverduePosts(queue, services);
    const overdueComment = await earliestDueCommentTime(database.db);
    if (overdueComment && overdueComment.getTime() <= Date.now())
      await wakeCommentSender(queue, overdueComment);
    // Idempotent and cheap once done; several processes starting together queue it once (stately).
    await enqueueStoredBytesBackfill(queue);
    // Photos without a rating (stored before rating existed, or uploaded while no queue ran).
    await enqueuePhotoRating(queue);
    log.info(
      { ms: Math.round(performance.now() - started), jobs: jobDefinitions.map((d) => d.id), scheduled },
      'job queue started',
    );
  } catch (error) {
    await queue.stop({ timeoutMs: 1000 });
    if (!options.contentClassifier) await contentClassifier.close();
    throw error;
  }
  return {
    queue,
    stop: async () => {
      await queue.stop({ timeoutMs: options.stopTimeoutMs ?? 5000 });
      // A classifier handed in belongs to the caller (a test file shares one across runs).
      if (!options.contentClassifier) await contentClassifier.close();
    },
  };
}
