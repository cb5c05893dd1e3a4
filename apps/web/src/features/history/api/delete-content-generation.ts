import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { ApiError, apiRequest, userFacingMessage } from '../../../lib/request';
import { historyTexts } from '../lib/history-texts';
import { historyQueryKey, type HistoryPage } from './get-content-generations';

/** DELETE /api/content-generations/{id}: removes one item from the user's history (204). */
export async function deleteContentGeneration(id: string): Promise<void> {
  await apiRequest('DELETE', `${historyQueryKey[0]}/${encodeURIComponent(id)}`);
}

export function useDeleteContentGeneration() {
  const queryClient = useQueryClient();

  function removeEverywhere(id: string) {
    queryClient.setQueriesData<InfiniteData<HistoryPage>>(
      { queryKey: [...historyQueryKey, 'list'] },
      (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((item) => item.id !== id),
              })),
            }
          : data,
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
    // Counters and page boundaries change with every delete.
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyQueryKey }),
  });
}
