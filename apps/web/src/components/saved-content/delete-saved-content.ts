import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedContentTexts, type SavedContent } from '@app/shared/history';
import { ApiError, apiRequest, userFacingMessage } from '../../lib/request';
import { toast } from '../ui/toast';
import { withoutItem } from '../../lib/paged-list';
import { savedContentPagesQueryKey, type SavedContentPages } from './get-saved-content-pages';

/** DELETE /api/saved-content/{id}: removes the saved copy (204); the history item is untouched. */
export async function deleteSavedContent(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/saved-content/${encodeURIComponent(id)}`);
}

export function useDeleteSavedContent() {
  const queryClient = useQueryClient();

  function removeEverywhere(id: string) {
    queryClient.setQueryData<SavedContentPages>(savedContentPagesQueryKey, (data) => withoutItem(data, id));
    // The history's "Saved" marks read the newest saves under the same first key element.
    queryClient.setQueryData<SavedContent[]>([savedContentPagesQueryKey[0]], (items) =>
      items?.filter((item) => item.id !== id),
    );
  }

  return useMutation({
    mutationFn: deleteSavedContent,
    onSuccess: (_nothing, id) => {
      removeEverywhere(id);
      toast.success(savedContentTexts.removed, { description: savedContentTexts.removedText });
    },
    onError: (error, id) => {
      // Removed in another tab already: the list catches up without an error.
      if (error instanceof ApiError && error.status === 404) return removeEverywhere(id);
      toast.error(savedContentTexts.removeFailed, { description: userFacingMessage(error) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [savedContentPagesQueryKey[0]] }),
  });
}
