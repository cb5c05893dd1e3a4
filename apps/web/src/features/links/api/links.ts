import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  linkCreatedResponseSchema,
  linkDeletedResponseSchema,
  linkListResponseSchema,
  type CreateLinkRequest,
} from '@app/shared/links';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { userFacingMessage } from '../../../lib/request';

export const linksQueryKey = ['/api/links'] as const;

export function useLinks({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: linksQueryKey,
    queryFn: ({ signal }) => apiRequest('GET', linksQueryKey[0], { signal, schema: linkListResponseSchema }),
    enabled,
  });
}

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateLinkRequest) =>
      apiRequest('POST', linksQueryKey[0], { body: request, schema: linkCreatedResponseSchema }),
    onSuccess: (answer) => toast.success(answer.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linksQueryKey }),
  });
}

export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('DELETE', `${linksQueryKey[0]}/${encodeURIComponent(id)}`, {
        schema: linkDeletedResponseSchema,
      }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error('Could not delete the link', { description: userFacingMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linksQueryKey }),
  });
}
