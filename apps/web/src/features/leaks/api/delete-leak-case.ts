import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leakCaseDeletedSchema, leakCasePageTexts } from '@app/shared/leak-cases';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { leakCaseErrorText, leakCasesQueryRoot } from './leak-case-keys';

/** DELETE /api/leak-cases/:id. */
export async function deleteLeakCase(id: string): Promise<{ message: string }> {
  const path = `${leakCasesQueryRoot[0]}/${encodeURIComponent(id)}`;
  return apiRequest('DELETE', path, { schema: leakCaseDeletedSchema });
}

export function useDeleteLeakCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLeakCase,
    // The open case page leaves right after; removing its query first would only ask for it again.
    onSuccess: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: [...leakCasesQueryRoot, 'list'] });
      toast.success(message);
    },
    onError: (error) =>
      toast.error(leakCasePageTexts.deleteFailed, { description: leakCaseErrorText(error) }),
  });
}
