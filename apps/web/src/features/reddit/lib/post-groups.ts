import type { ScheduledPost } from '@app/shared/posts';

/**
 * The loaded posts of the two groups, each post once and in its group's order. Between two polls a
 * post just sent may be in both groups' pages: its newer, finished copy wins.
 */
export function postGroups(
  pending: readonly ScheduledPost[],
  done: readonly ScheduledPost[],
): { upcoming: ScheduledPost[]; finished: ScheduledPost[] } {
  const finished = done.filter((post) => post.status !== 'pending');
  const finishedIds = new Set(finished.map((post) => post.id));
  const upcoming = pending.filter((post) => post.status === 'pending' && !finishedIds.has(post.id));
  return { upcoming, finished };
}
