import { createElement } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteMediaResponseSchema, mediaTexts, mediaUndoSeconds } from '@app/shared/media';
import { toast } from '../../../components/ui/toast';
import { apiRequest, userFacingMessage } from '../../../lib/request';
import { findLoaded, withoutItem } from '../../../lib/paged-list';
import { mediaQueryKey, type MediaPages } from './get-media';
import { mediaTagsQueryKey } from './get-media-tags';
import { storageUsageQueryKey } from './get-storage-usage';
import { undoDelete } from './restore-media';

/** DELETE /api/media/{id}: hides the file at once; the server purges it after the undo window. */
export async function deleteMedia(id: string): Promise<string | undefined> {
  const body = await apiRequest('DELETE', `/api/media/${encodeURIComponent(id)}`);
  const parsed = deleteMediaResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.message : undefined;
}

/** "Undo" on screen; screen readers hear which file it brings back. */
function undoLabel(filename: string | undefined) {
  if (!filename) return mediaTexts.undo;
  return createElement(
    'span',
    null,
    createElement('span', { 'aria-hidden': true }, mediaTexts.undo),
    createElement('span', { className: 'sr-only' }, mediaTexts.undoLabel(filename)),
  );
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: (message, id) => {
      const lists = queryClient.getQueriesData<MediaPages>({ queryKey: mediaQueryKey });
      const filename = findLoaded(
        lists.map(([, data]) => data),
        id,
      )?.filename;
      // Every list (whole or filtered by tag) drops it at once; the later pages' cursors still hold,
      // so the loaded pages are not read again (one request each) but only marked stale.
      queryClient.setQueriesData<MediaPages>({ queryKey: mediaQueryKey }, (data) => withoutItem(data, id));
      void queryClient.invalidateQueries({ queryKey: mediaQueryKey, refetchType: 'none' });
      toast.success(mediaTexts.imageDeleted, {
        description: message || mediaTexts.imageDeletedText,
        duration: mediaUndoSeconds * 1000,
        action: { label: undoLabel(filename), onClick: () => void undoDelete(queryClient, id) },
      });
    },
    onError: (error) => {
      toast.error(mediaTexts.deleteFailed, { description: userFacingMessage(error) });
      // A 404 means it was already gone: the list is worth re-reading.
      void queryClient.invalidateQueries({ queryKey: mediaQueryKey });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: storageUsageQueryKey });
      void queryClient.invalidateQueries({ queryKey: mediaTagsQueryKey });
    },
  });
}
