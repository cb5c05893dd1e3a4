import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  updateScheduledPostResponseSchema,
  type ScheduledPost,
  type UpdateScheduledPostRequest,
} from '@app/shared/posts';
import { apiRequest } from '../../../lib/request';
import { scheduledPostsQueryKey } from './get-scheduled-posts';

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
    onSuccess: ({ post }) =>
      queryClient.setQueryData<ScheduledPost[]>(scheduledPostsQueryKey, (posts) =>
        posts?.map((other) => (other.id === post.id ? post : other)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduledPostsQueryKey }),
  });
}
