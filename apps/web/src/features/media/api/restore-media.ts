import type { QueryClient } from '@tanstack/react-query';
import {
  mediaTexts,
  restoreMediaResponseSchema,
  type MediaAsset,
  type RestoreMediaResponse,
} from '@app/shared/media';
import { toast } from '../../../components/ui/toast';
import { apiRequest, userFacingMessage } from '../../../lib/request';
import { mediaQueryKey } from './get-media';
import { mediaTagsQueryKey } from './get-media-tags';
import { storageUsageQueryKey } from './get-storage-usage';

/** POST /api/media/{id}/restore: Undo of a delete while the server still keeps the file. */
export async function restoreMedia(id: string): Promise<RestoreMediaResponse> {
  return apiRequest('POST', `/api/media/${encodeURIComponent(id)}/restore`, {
    schema: restoreMediaResponseSchema,
  });
}

/** Newest first, as the API lists them. */
function putBack(assets: MediaAsset[] | undefined, asset: MediaAsset): MediaAsset[] | undefined {
  if (!assets || assets.some((known) => known.id === asset.id)) return assets;
  return [...assets, asset].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * The toast's Undo. A plain function, not a mutation hook: the view that deleted (the details
 * dialog) has closed by the time the user clicks Undo.
 */
export async function undoDelete(queryClient: QueryClient, id: string): Promise<void> {
  try {
    const { message, asset } = await restoreMedia(id);
    queryClient.setQueryData<MediaAsset[]>(mediaQueryKey, (assets) => putBack(assets, asset));
    toast.success(mediaTexts.imageRestored, { description: message });
  } catch (error) {
    toast.error(mediaTexts.restoreFailed, { description: userFacingMessage(error) });
  } finally {
    void queryClient.invalidateQueries({ queryKey: mediaQueryKey });
    void queryClient.invalidateQueries({ queryKey: storageUsageQueryKey });
    void queryClient.invalidateQueries({ queryKey: mediaTagsQueryKey });
  }
}
