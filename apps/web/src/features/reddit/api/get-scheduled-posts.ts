import { queryOptions, useQuery } from '@tanstack/react-query';
import { scheduledPostListResponseSchema, type ScheduledPost } from '@app/shared/posts';
import { apiRequest } from '../../../lib/request';

export const scheduledPostsQueryKey = ['/api/posts/scheduled'] as const;

/** GET /api/posts/scheduled: the user's posts, newest scheduled time first. */
export async function getScheduledPosts(signal?: AbortSignal): Promise<ScheduledPost[]> {
  const body = await apiRequest('GET', scheduledPostsQueryKey[0], {
    signal,
    schema: scheduledPostListResponseSchema,
  });
  return body;
}

/**
 * How soon to look again: every few seconds while a post is due (it turns sent or failed within a
 * minute), every half minute while later ones wait, not at all when nothing is pending.
 */
export function pollInterval(posts: ScheduledPost[] | undefined, now = Date.now()): number | false {
  const pending = (posts ?? []).filter((post) => post.status === 'pending');
  if (pending.length === 0) return false;
  const soonest = Math.min(...pending.map((post) => Date.parse(post.scheduledAt)));
  return soonest - now < 2 * 60_000 ? 3_000 : 30_000;
}

export function scheduledPostsQueryOptions() {
  return queryOptions({
    queryKey: scheduledPostsQueryKey,
    queryFn: ({ signal }) => getScheduledPosts(signal),
    refetchInterval: (query) => pollInterval(query.state.data),
  });
}

export function useScheduledPosts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...scheduledPostsQueryOptions(), enabled });
}
