import { useEffect, useRef } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import {
  scheduledPostListResponseSchema,
  type ScheduledPost,
  type ScheduledPostListStatus,
} from '@app/shared/posts';
import { apiPage, type CursorPage } from '../../../lib/request';
import { firstCursor, loadedItems, nextCursorOf, type PagedList } from '../../../lib/paged-list';

/** Both groups' queries live under this key: invalidating it refreshes them together. */
export const scheduledPostsQueryKey = ['/api/posts/scheduled'] as const;

export const scheduledPostGroupKey = (status: ScheduledPostListStatus) =>
  [...scheduledPostsQueryKey, { status }] as const;

export type ScheduledPostPages = PagedList<ScheduledPost>;

/**
 * GET /api/posts/scheduled?status=: one page of one group in the API's order (pending soonest
 * first, done latest first), the next page named in the X-Next-Cursor header (decision 032).
 */
export async function getScheduledPosts(
  status: ScheduledPostListStatus,
  cursor?: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<ScheduledPost[]>> {
  return apiPage(`${scheduledPostsQueryKey[0]}?status=${status}`, {
    schema: scheduledPostListResponseSchema,
    cursor,
    signal,
  });
}

/**
 * How soon to look again: every few seconds while a post is due (it turns sent or failed within a
 * minute), every half minute while later ones wait, not at all when nothing is pending. A look
 * reads every loaded page again, so it only looks at the posts those pages hold.
 */
export function pollInterval(posts: ScheduledPost[] | undefined, now = Date.now()): number | false {
  const pending = (posts ?? []).filter((post) => post.status === 'pending');
  if (pending.length === 0) return false;
  const soonest = Math.min(...pending.map((post) => Date.parse(post.scheduledAt)));
  return soonest - now < 2 * 60_000 ? 3_000 : 30_000;
}

/**
 * One group's paged query. Both groups poll at the pace the loaded pending posts set: a post that
 * leaves the pending group shows up among the done ones at about the same time.
 */
export function scheduledPostsQueryOptions(
  status: ScheduledPostListStatus,
  pendingPosts: () => ScheduledPost[] | undefined,
) {
  return infiniteQueryOptions({
    queryKey: scheduledPostGroupKey(status),
    queryFn: ({ pageParam, signal }) => getScheduledPosts(status, pageParam, signal),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
    refetchInterval: () => pollInterval(pendingPosts()),
  });
}

/** The two groups /reddit and the dashboard show, pending first; each pages on its own. */
export function useScheduledPostGroups({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const pendingPosts = () =>
    loadedItems(queryClient.getQueryData<ScheduledPostPages>(scheduledPostGroupKey('pending')));
  const pending = useInfiniteQuery({ ...scheduledPostsQueryOptions('pending', pendingPosts), enabled });
  const done = useInfiniteQuery({ ...scheduledPostsQueryOptions('done', pendingPosts), enabled });
  // A post that left the pending group is read in the done one at once: when the last pending post
  // goes, both groups stop polling, and the done group's next look would otherwise never come.
  const pendingIds = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!pending.data) return;
    const ids = new Set(loadedItems(pending.data).map((post) => post.id));
    const before = pendingIds.current;
    pendingIds.current = ids;
    if (before && [...before].some((id) => !ids.has(id)))
      void queryClient.invalidateQueries({ queryKey: scheduledPostGroupKey('done') });
  }, [pending.data, queryClient]);
  return { pending, done };
}

/** The loaded posts, each once. */
export const loadedPosts = (data: ScheduledPostPages | undefined) => loadedItems(data);
