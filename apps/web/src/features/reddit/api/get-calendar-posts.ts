import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarResponseSchema, type CalendarResponse } from '@app/shared/posts-calendar';
import type { ScheduledPost } from '@app/shared/posts';
import { apiRequest } from '../../../lib/request';
import { scheduledPostsQueryKey } from './get-scheduled-posts';
import { updateScheduledPost } from './update-scheduled-post';

/**
 * Under the scheduled posts' key: whatever refreshes the list (a new post, an edit, a cancel)
 * refreshes the calendar too.
 */
export const calendarQueryKey = (from: string, to: string) =>
  [...scheduledPostsQueryKey, 'calendar', { from, to }] as const;

/** GET /api/posts/calendar?from=&to=: every post of the range, soonest first. */
export async function getCalendarPosts(from: string, to: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ from, to });
  return apiRequest('GET', `/api/posts/calendar?${query.toString()}`, {
    signal,
    schema: calendarResponseSchema,
  });
}

/** A look every half minute while the range holds a pending post: it turns sent or failed. */
export function calendarQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: calendarQueryKey(from, to),
    queryFn: ({ signal }) => getCalendarPosts(from, to, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.posts.some((post) => post.status === 'pending') ? 30_000 : false,
  });
}

export function useCalendarPosts(from: string, to: string, { enabled = true } = {}) {
  return useQuery({ ...calendarQueryOptions(from, to), enabled });
}

/**
 * PATCH a pending post's time from the calendar. The chip moves at once; a refusal (spacing, the
 * subreddit's rules, a post sent meanwhile) puts it back where it was, and the caller says why.
 */
export function useMovePost(from: string, to: string) {
  const queryClient = useQueryClient();
  const key = calendarQueryKey(from, to);
  return useMutation({
    mutationFn: ({ post, at }: { post: ScheduledPost; at: Date }) =>
      updateScheduledPost({ id: post.id, changes: { scheduledAt: at.toISOString() } }),
    onMutate: async ({ post, at }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<CalendarResponse>(key);
      queryClient.setQueryData<CalendarResponse>(key, (data) =>
        data
          ? {
              ...data,
              posts: data.posts.map((item) =>
                item.id === post.id ? { ...item, scheduledAt: at.toISOString() } : item,
              ),
            }
          : data,
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    // Not awaited: the outcome (and a refusal's toast) should not wait for the lists to be read again.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: scheduledPostsQueryKey });
    },
  });
}
