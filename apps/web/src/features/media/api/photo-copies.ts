import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteCopyResponseSchema, photoCopiesResponseSchema } from '@app/shared/leak-trace';
import { toast } from '../../../components/ui/toast';
import { apiRequest, userFacingMessage } from '../../../lib/request';
import { storageUsageQueryKey } from './get-storage-usage';

export const photoCopiesKey = (assetId: string) => ['/api/media', assetId, 'copies'] as const;

/** GET /api/media/{id}/copies: the photo's ImageShield copies, current and earlier, with their posts. */
export function usePhotoCopies(assetId: string, enabled: boolean) {
  return useQuery({
    queryKey: photoCopiesKey(assetId),
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/media/${encodeURIComponent(assetId)}/copies`, {
        signal,
        schema: photoCopiesResponseSchema,
      }),
    enabled,
  });
}

/** DELETE /api/leaks/copies/{id}: deletes an earlier copy's file; it stays traceable. */
export function useDeletePhotoCopy(assetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (copyId: string) =>
      apiRequest('DELETE', `/api/leaks/copies/${encodeURIComponent(copyId)}`, {
        schema: deleteCopyResponseSchema,
      }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error('Could not delete the copy', { description: userFacingMessage(error) }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: photoCopiesKey(assetId) });
      await queryClient.invalidateQueries({ queryKey: storageUsageQueryKey });
    },
  });
}
