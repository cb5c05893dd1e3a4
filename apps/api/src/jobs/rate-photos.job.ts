import { z } from 'zod';
import { rateUnratedPhotos } from '../modules/media/content-rating.service.js';
import type { JobServices } from './job-services.js';
import { defineJob, type JobContext, type JobQueue, sendJob } from './queue.js';

/**
 * Gives every photo without a rating its content rating (docs/decisions/037-photo-content-rating.md).
 * Queued by each upload, so the upload answers without waiting for the model, and at every start-up,
 * so photos stored before rating existed (or while no queue ran) are rated lazily, newest first.
 * The job is a sweep over the rows, not one job per photo: a lost wake-up costs nothing the next
 * run does not pick up, and stately keeps it to one run and one waiting across processes.
 */
export const ratePhotosJob = defineJob({
  id: 'media.rate-content',
  payload: z.strictObject({}),
  options: {
    policy: 'stately',
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 60 * 60,
    pollingIntervalSeconds: 30,
  },
  handler: (_payload, deps: Pick<JobServices, 'db' | 'storage' | 'contentClassifier'> & JobContext) =>
    rateUnratedPhotos({ ...deps, classifier: deps.contentClassifier }),
});

/** Asks for a rating run; null when one is already waiting (it will see the new photo too). */
export function enqueuePhotoRating(queue: JobQueue) {
  return sendJob(queue, ratePhotosJob, {});
}
