import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  schedulePostResponseSchema,
  type SchedulePostRequest,
  type SchedulePostResponse,
} from '@app/shared/posts';
import { apiRequest } from '../../../lib/request';
import { withPendingPostPlaced } from '../lib/scheduled-posts-cache';
import {
  scheduledPostGroupKey,
  scheduledPostsQueryKey,
  type ScheduledPostPages,
} from './get-scheduled-posts';

/** docs/product.md#reddit-posting: POST /api/posts/schedule; 422 POST_BREAKS_RULES when the post would be removed. */
export async function schedulePost(request: SchedulePostRequest): Promise<SchedulePostResponse> {
  const body = await apiRequest('POST', '/api/posts/schedule', {
    body: request,
    schema: schedulePostResponseSchema,
  });
  return body;
}

/** Success and failure are shown by the form, which knows what to point at. */
export function useSchedulePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: schedulePost,
    onSuccess: ({ post }) => {
      // The new post shows at once, in its place; the refetch that follows starts the polling until it is sent.
      queryClient.setQueryData<ScheduledPostPages>(scheduledPostGroupKey('pending'), (data) =>
        withPendingPostPlaced(data, post),
      );
      void queryClient.invalidateQueries({ queryKey: scheduledPostsQueryKey });
    },
  });
}
