import { z } from 'zod';
import type { JobServices } from './job-services.js';
import {
  checkOutcomes,
  dueSecondsSoon,
  earliestDuePost,
  recoverPosts,
} from '../modules/posts/post-recovery.service.js';
import { defaultSenderTimings, drainDuePosts } from '../modules/posts/post-sending.service.js';
import { defineJob, type JobContext, type JobQueue, sendJob } from './queue.js';
import { drainDueComments, recoverComments } from '../modules/posts/first-comment.service.js';
import { wakeCommentSender, wakeForCommentsDueSoon } from './first-comment.job.js';

/**
 * Wakes the sender when posts fall due. The post rows hold all state; a wake job only says "look
 * now". One waiting job per due second (policy short + singletonKey), so 10,000 posts due in one
 * minute make at most 60 jobs; each drains every post due by then.
 */
export const sendPostsJob = defineJob({
  id: 'posts.send',
  payload: z.strictObject({}),
  options: {
    policy: 'short',
    retryLimit: 5,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    // Lateness after the due time is at most this plus the send itself (PGlite: one short poll a second).
    pollingIntervalSeconds: 1,
  },
  handler: async (_payload, deps: Pick<JobServices, 'sender' | 'queue'> & JobContext) => {
    // Without Reddit credentials posts wait untouched (no attempts counted) until they are configured.
    if (!deps.sender?.posting) return { skipped: 'reddit_not_configured' };
    return drainDuePosts(
      { ...deps.sender, log: deps.log, wakeComment: (at) => wakeCommentSender(deps.queue, at) },
      deps.sender.timings,
      deps.signal,
    );
  },
});

/**
 * Every minute: free claims of dead senders, look up posts whose submit got no answer, run the
 * outcome checks that are due, and send anything due that no wake job covered (e.g. queued while
 * no queue ran). A post due while the server was down goes out here or through its wake job.
 */
export const sweepPostsJob = defineJob({
  id: 'posts.sweep',
  payload: z.strictObject({}),
  options: { policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60, pollingIntervalSeconds: 15 },
  schedule: { cron: '* * * * *', payload: {}, enabled: (config) => Boolean(config.redditPosting) },
  handler: async (_payload, deps: Pick<JobServices, 'sender' | 'queue'> & JobContext) => {
    if (!deps.sender) return { skipped: 'no sender' };
    const sender = {
      ...deps.sender,
      log: deps.log,
      wakeComment: (at: Date) => wakeCommentSender(deps.queue, at),
    };
    const recovered = await recoverPosts(sender, deps.sender.timings);
    const outcomes = await checkOutcomes(sender, deps.sender.timings);
    const sent = await drainDuePosts(sender, deps.sender.timings, deps.signal);
    const woken = await wakeForPostsDueSoon(deps.queue, deps.sender.db);
    // First comments: the same recovery, a drain of those due, and wake jobs for those due soon.
    const comments = {
      ...(await recoverComments(sender, deps.sender.timings)),
      sent: await drainDueComments(sender, deps.sender.timings, deps.signal),
      woken: await wakeForCommentsDueSoon(deps.queue, deps.sender.db, wakeAheadMs),
    };
    return { ...recovered, outcomes, sent, woken, comments };
  },
});

/** Asks for a drain at `at` (at most one waiting job per second). */
export async function wakeSender(queue: JobQueue, at: Date): Promise<void> {
  const second = Math.floor(at.getTime() / 1000);
  const startAfter = at.getTime() <= Date.now() ? undefined : new Date(second * 1000 + 1000);
  await sendJob(
    queue,
    sendPostsJob,
    {},
    { singletonKey: `due-${startAfter ? second : 'now'}`, ...(startAfter ? { startAfter } : {}) },
  );
}

/**
 * How far ahead a post gets its own wake job. A post due later is woken by the minute sweep once it
 * comes this close (two sweeps at least, should one be late), so scheduling a post for next month
 * writes no queue job, and months of scheduled posts are not months of waiting jobs.
 */
export const wakeAheadMs = 3 * 60_000;

/** A wake job for a post due within wakeAheadMs; later ones are the sweep's. */
export async function wakeSenderIfDueSoon(queue: JobQueue, at: Date, now = Date.now()): Promise<void> {
  if (at.getTime() - now <= wakeAheadMs) await wakeSender(queue, at);
}

/** The sweep's part: one wake job per second at which some pending post falls due soon. */
export async function wakeForPostsDueSoon(queue: JobQueue, db: JobServices['db']): Promise<number> {
  const seconds = await dueSecondsSoon(db, wakeAheadMs);
  for (const at of seconds) await wakeSender(queue, at);
  return seconds.length;
}

/** After a start: posts that fell due while no server ran go out now. */
export async function wakeForOverduePosts(queue: JobQueue, services: JobServices): Promise<void> {
  const earliest = await earliestDuePost(services.db);
  if (earliest) await wakeSender(queue, earliest);
}

export { defaultSenderTimings };
