import { useMutation, useMutationState } from '@tanstack/react-query';
import { savedContentSchema, type SaveContentRequest, type SavedContent } from '@app/shared/history';
import { httpMessages } from '@app/shared/messages';
import { toast } from '../../../components/ui/toast';
import { apiRequest, userFacingMessage } from '../../../lib/request';
import { historyTexts } from '../lib/history-texts';

const saveContentKey = ['save-content'] as const;

/** POST /api/saved-content: keeps a copy (title, content, platform, generationId) that outlives the history item. */
export async function saveContent(request: SaveContentRequest): Promise<SavedContent> {
  const body = await apiRequest('POST', '/api/saved-content', request);
  const parsed = savedContentSchema.safeParse(body);
  if (!parsed.success) throw new Error(httpMessages.serverError, { cause: parsed.error });
  return parsed.data;
}

/** Several cards may save at once; onSaved runs for each of them. */
export function useSaveContent({ onSaved }: { onSaved: (generationId: string) => void }) {
  return useMutation({
    mutationKey: saveContentKey,
    mutationFn: saveContent,
    onSuccess: (_saved, request) => {
      if (request.generationId) onSaved(request.generationId);
      toast.success(historyTexts.saved, { description: historyTexts.savedText });
    },
    onError: (error) => toast.error(historyTexts.saveFailed, { description: userFacingMessage(error) }),
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
