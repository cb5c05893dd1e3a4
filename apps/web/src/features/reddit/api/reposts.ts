import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  repostActionResponseSchema,
  repostListResponseSchema,
  type RepostRequest,
} from '@app/shared/reposts';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { redditErrorText } from '../lib/reddit-error-text';
import { repostPageTexts } from '../lib/repost-texts';

export const repostsQueryKey = ['/api/reposts'] as const;

/** GET /api/reposts: the creator's recurring reposts, newest first. */
export function useReposts({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: repostsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('GET', repostsQueryKey[0], { signal, schema: repostListResponseSchema }),
    enabled,
    // A series stops by itself (a removal, a rate limit): an open page learns of it within a minute.
    refetchInterval: (query) =>
      query.state.data?.some((series) => series.status === 'active') ? 60_000 : false,
  });
}

/** POST /api/reposts: the answer's message is the toast; errors stay in the dialog. */
export function useCreateRepost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RepostRequest) =>
      apiRequest('POST', repostsQueryKey[0], { body: request, schema: repostActionResponseSchema }),
    onSuccess: (answer) => toast.success(answer.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: repostsQueryKey }),
  });
}

export type RepostAction = 'stop' | 'resume';

export function useRepostAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: RepostAction }) =>
      apiRequest('POST', `${repostsQueryKey[0]}/${encodeURIComponent(id)}/${action}`, {
        schema: repostActionResponseSchema,
      }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error(repostPageTexts.actionFailed, { description: redditErrorText(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: repostsQueryKey }),
  });
}
