import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  leakCasePageTexts,
  leakCaseResponseSchema,
  leakCaseStatusLabels,
  type LeakCase,
  type UpdateLeakCaseInput,
} from '@app/shared/leak-cases';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { leakCaseErrorText, leakCasesQueryRoot, withoutFieldName } from './leak-case-keys';

/** PATCH /api/leak-cases/:id: the fields sent change; a status change stamps its date. */
export async function updateLeakCase(id: string, changes: UpdateLeakCaseInput): Promise<LeakCase> {
  const path = `${leakCasesQueryRoot[0]}/${encodeURIComponent(id)}`;
  return (await apiRequest('PATCH', path, { body: changes, schema: leakCaseResponseSchema })).case;
}

const failureToastId = 'leak-case-not-changed';

/** The status buttons of one case. */
export function useUpdateLeakCaseStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: LeakCase['status']) => updateLeakCase(id, { status }),
    onSuccess: (saved) => {
      queryClient.setQueryData([...leakCasesQueryRoot, 'case', id], saved);
      void queryClient.invalidateQueries({ queryKey: [...leakCasesQueryRoot, 'list'] });
      toast.success(leakCasePageTexts.statusSaved, {
        description: leakCasePageTexts.statusSavedText(leakCaseStatusLabels[saved.status]),
      });
    },
    onError: (error) =>
      toast.error(leakCasePageTexts.statusNotSaved, {
        description: withoutFieldName(leakCaseErrorText(error)),
      }),
  });
}

/** The case's fields, changed from its page. */
export function useUpdateLeakCase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateLeakCaseInput) => updateLeakCase(id, changes),
    onMutate: () => toast.dismiss(failureToastId),
    onSuccess: (saved) => {
      queryClient.setQueryData([...leakCasesQueryRoot, 'case', id], saved);
      void queryClient.invalidateQueries({ queryKey: [...leakCasesQueryRoot, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...leakCasesQueryRoot, 'notice', id] });
      toast.success(leakCasePageTexts.saved, { description: leakCasePageTexts.changedText });
    },
    onError: (error) =>
      toast.error(leakCasePageTexts.notSaved, {
        id: failureToastId,
        description: withoutFieldName(leakCaseErrorText(error)),
      }),
  });
}
