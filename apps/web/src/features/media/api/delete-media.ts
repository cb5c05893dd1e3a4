import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteMediaResponseSchema, mediaTexts, type MediaAsset } from '@app/shared/media';
import { toast } from '../../../components/ui/toast';
import { apiRequest, userFacingMessage } from '../../../lib/request';
import { mediaQueryKey } from './get-media';
import { storageUsageQueryKey } from './get-storage-usage';

/** DELETE /api/media/{id}: the file and every copy derived from it; resolves to the server's message. */
export async function deleteMedia(id: string): Promise<string | undefined> {
  const body = await apiRequest('DELETE', `/api/media/${encodeURIComponent(id)}`);
  const parsed = deleteMediaResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.message : undefined;
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: (message, id) => {
      queryClient.setQueryData<MediaAsset[]>(mediaQueryKey, (assets) =>
        assets?.filter((asset) => asset.id !== id),
      );
      toast.success(mediaTexts.imageDeleted, { description: message || mediaTexts.imageDeletedText });
    },
    onError: (error) => toast.error(mediaTexts.deleteFailed, { description: userFacingMessage(error) }),
    // A 404 means it was already gone: either way the list and the usage are worth re-reading.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mediaQueryKey });
      void queryClient.invalidateQueries({ queryKey: storageUsageQueryKey });
    },
  });
}
