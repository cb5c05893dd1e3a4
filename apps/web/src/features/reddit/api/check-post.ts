import { useMutation } from '@tanstack/react-query';
import { postCheckResponseSchema, type PostCheckResponse, type SchedulePostRequest } from '@app/shared/posts';
import { apiRequest } from '../../../lib/request';

/** POST /api/posts/check: the same input as scheduling; lists what would get the post removed, with fixes. */
export async function checkPost(request: SchedulePostRequest): Promise<PostCheckResponse> {
  const body = await apiRequest('POST', '/api/posts/check', {
    body: request,
    schema: postCheckResponseSchema,
  });
  return body;
}

export function useCheckPost() {
  return useMutation({ mutationFn: checkPost });
}
