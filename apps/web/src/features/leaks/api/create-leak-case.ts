import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  leakCasePageTexts,
  leakCaseResponseSchema,
  type CreateLeakCaseInput,
  type LeakCase,
} from '@app/shared/leak-cases';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { leakCaseErrorText, leakCasesQueryRoot, withoutFieldName } from './leak-case-keys';

/** POST /api/leak-cases: from a trace answer (its evidence) or by hand. */
export async function createLeakCase(input: CreateLeakCaseInput): Promise<LeakCase> {
  return (await apiRequest('POST', leakCasesQueryRoot[0], { body: input, schema: leakCaseResponseSchema }))
    .case;
}

const failureToastId = 'leak-case-not-saved';

export function useCreateLeakCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLeakCase,
    onMutate: () => toast.dismiss(failureToastId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: leakCasesQueryRoot });
      toast.success(leakCasePageTexts.saved, { description: leakCasePageTexts.savedText });
    },
    onError: (error) =>
      toast.error(leakCasePageTexts.notSaved, {
        id: failureToastId,
        description: withoutFieldName(leakCaseErrorText(error)),
      }),
  });
}
