import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { ApiError, apiRequest, userFacingMessage } from '../../../lib/request';
import { historyTexts } from '../lib/history-texts';
import { withoutItem } from '../../../lib/paged-list';
import { historyQueryKey, type HistoryPages } from './get-content-generations';

/** DELETE /api/content-generations/{id}: removes one item from the user's history (204). */
export async function deleteContentGeneration(id: string): Promise<void> {
  await apiRequest('DELETE', `${historyQueryKey[0]}/${encodeURIComponent(id)}`);
}

export function useDeleteContentGeneration() {
  const queryClient = useQueryClient();

  function removeEverywhere(id: string) {
    queryClient.setQueriesData<HistoryPages>({ queryKey: [...historyQueryKey, 'list'] }, (data) =>
      withoutItem(data, id),
    );
  }

  return useMutation({
    mutationFn: deleteContentGeneration,
    onSuccess: (_nothing, id) => {
      removeEverywhere(id);
      toast.success(historyTexts.deleted, { description: historyTexts.deletedText });
    },
    onError: (error, id) => {
      // Deleted in another tab already: what the user wanted has happened, so the list catches up.
      if (error instanceof ApiError && error.status === 404) {
        removeEverywhere(id);
        toast.success(historyTexts.deleted, { description: historyTexts.alreadyDeletedText });
        return;
      }
      toast.error(historyTexts.deleteFailed, { description: userFacingMessage(error) });
    },
    // The counters change with every delete. The lists' later pages do not (their cursors name sort
    // keys), so they are only marked stale instead of read again page by page.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: [...historyQueryKey, 'list'], refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: [...historyQueryKey, 'stats'] });
    },
  });
}
