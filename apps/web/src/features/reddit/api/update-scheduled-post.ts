import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateScheduledPostResponseSchema, type UpdateScheduledPostRequest } from '@app/shared/posts';
import { apiRequest } from '../../../lib/request';
import { withPendingPostPlaced } from '../lib/scheduled-posts-cache';
import {
  scheduledPostGroupKey,
  scheduledPostsQueryKey,
  type ScheduledPostPages,
} from './get-scheduled-posts';

/** PATCH /api/posts/scheduled/{id}: changes a post that is still pending (409 otherwise). */
export async function updateScheduledPost({
  id,
  changes,
}: {
  id: string;
  changes: UpdateScheduledPostRequest;
}) {
  const body = await apiRequest('PATCH', `${scheduledPostsQueryKey[0]}/${encodeURIComponent(id)}`, {
    body: changes,
    schema: updateScheduledPostResponseSchema,
  });
  return body;
}

export function useUpdateScheduledPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScheduledPost,
    // A new time moves the post ("send now" to the top): it is placed again, not changed where it was.
    onSuccess: ({ post }) =>
      queryClient.setQueryData<ScheduledPostPages>(scheduledPostGroupKey('pending'), (data) =>
        withPendingPostPlaced(data, post),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduledPostsQueryKey }),
  });
}
