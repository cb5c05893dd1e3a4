import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { aiTexts } from '@app/shared/ai';
import { savedContentSchema, type SaveContentRequest, type SavedContent } from '@app/shared/history';
import { savedContentPagesQueryKey } from '../../../components/saved-content/get-saved-content-pages';
import { toast } from '../../../components/ui/toast';
import { ApiError, apiRequest, userFacingMessage } from '../../../lib/request';
import { historyQueryKey } from './get-content-generations';
import { savedContentQueryKey } from './get-saved-content';
import { historyTexts } from '../lib/history-texts';

const saveContentKey = ['save-content'] as const;

/** POST /api/saved-content: keeps a copy (title, content, platform, generationId) that outlives the history item. */
export async function saveContent(request: SaveContentRequest): Promise<SavedContent> {
  const body = await apiRequest('POST', '/api/saved-content', { body: request, schema: savedContentSchema });
  return body;
}

/** Several cards may save at once; each success marks its card through the saved-content cache. */
export function useSaveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveContentKey,
    mutationFn: saveContent,
    onSuccess: (saved) => {
      queryClient.setQueryData<SavedContent[]>(savedContentQueryKey, (items) => [saved, ...(items ?? [])]);
      // The Saved list (History's tab, the AI Studio) shows it on its next look.
      void queryClient.invalidateQueries({ queryKey: savedContentPagesQueryKey });
      toast.success(historyTexts.saved, { description: historyTexts.savedText });
    },
    onError: (error) => {
      // 404: the history item was deleted meanwhile (another tab); the list catches up.
      if (error instanceof ApiError && error.status === 404) {
        toast.error(historyTexts.saveFailed, { description: aiTexts.generationNotFound });
        void queryClient.invalidateQueries({ queryKey: historyQueryKey });
        return;
      }
      toast.error(historyTexts.saveFailed, { description: userFacingMessage(error) });
    },
  });
}

/** The history items whose save is running right now. */
export function useSavingIds(): Set<string> {
  const pending = useMutationState({
    filters: { mutationKey: saveContentKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as SaveContentRequest | undefined)?.generationId ?? null,
  });
  return new Set(pending.filter((id): id is string => typeof id === 'string'));
}
