import type { QueryClient } from '@tanstack/react-query';
import { mediaTexts, restoreMediaResponseSchema, type RestoreMediaResponse } from '@app/shared/media';
import { toast } from '../../../components/ui/toast';
import { apiRequest, userFacingMessage } from '../../../lib/request';
import { mediaQueryKey } from './get-media';
import { placeInMediaLists } from './media-lists-cache';
import { mediaTagsQueryKey } from './get-media-tags';
import { storageUsageQueryKey } from './get-storage-usage';

/** POST /api/media/{id}/restore: Undo of a delete while the server still keeps the file. */
export async function restoreMedia(id: string): Promise<RestoreMediaResponse> {
  return apiRequest('POST', `/api/media/${encodeURIComponent(id)}/restore`, {
    schema: restoreMediaResponseSchema,
  });
}

/**
 * The toast's Undo. A plain function, not a mutation hook: the view that deleted (the details
 * dialog) has closed by the time the user clicks Undo.
 */
export async function undoDelete(queryClient: QueryClient, id: string): Promise<void> {
  try {
    const { message, asset } = await restoreMedia(id);
    placeInMediaLists(queryClient, asset);
    toast.success(mediaTexts.imageRestored, { description: message });
  } catch (error) {
    toast.error(mediaTexts.restoreFailed, { description: userFacingMessage(error) });
    void queryClient.invalidateQueries({ queryKey: mediaQueryKey });
  } finally {
    void queryClient.invalidateQueries({ queryKey: storageUsageQueryKey });
    void queryClient.invalidateQueries({ queryKey: mediaTagsQueryKey });
  }
}
