import { z } from 'zod';
import type { JobServices } from './job-services.js';
import { commentDueSecondsSoon, drainDueComments } from '../modules/posts/first-comment.service.js';
import { defineJob, type JobContext, type JobQueue, sendJob } from './queue.js';

/**
 * Wakes the first-comment sender when comments fall due (docs/reddit-posting.md#first-comment). As
 * for posts, the rows hold all state and a job only says "look now"; the minute sweep
 * (posts.sweep) recovers, drains and wakes for comments due soon.
 */
export const sendFirstCommentsJob = defineJob({
  id: 'posts.first-comment',
  payload: z.strictObject({}),
  options: {
    policy: 'short',
    retryLimit: 5,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    pollingIntervalSeconds: 1,
  },
  handler: async (_payload, deps: Pick<JobServices, 'sender'> & JobContext) => {
    if (!deps.sender?.posting) return { skipped: 'reddit_not_configured' };
    return drainDueComments({ ...deps.sender, log: deps.log }, deps.sender.timings, deps.signal);
  },
});

/** Asks for a drain of due comments at `at` (at most one waiting job per second). */
export async function wakeCommentSender(queue: JobQueue, at: Date): Promise<void> {
  const second = Math.floor(at.getTime() / 1000);
  const startAfter = at.getTime() <= Date.now() ? undefined : new Date(second * 1000 + 1000);
  await sendJob(
    queue,
    sendFirstCommentsJob,
    {},
    { singletonKey: `comment-${startAfter ? second : 'now'}`, ...(startAfter ? { startAfter } : {}) },
  );
}

/** The sweep's part: one wake job per second at which a comment falls due within `withinMs`. */
export async function wakeForCommentsDueSoon(
  queue: JobQueue,
  db: JobServices['db'],
  withinMs: number,
): Promise<number> {
  const seconds = await commentDueSecondsSoon(db, withinMs);
  for (const at of seconds) await wakeCommentSender(queue, at);
  return seconds.length;
}
