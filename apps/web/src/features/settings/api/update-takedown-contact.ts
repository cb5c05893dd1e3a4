import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  takedownContactResponseSchema,
  takedownContactTexts,
  type TakedownContact,
  type UpdateTakedownContact,
} from '@app/shared/takedown-contact';
import { toast } from '../../../components/ui/toast';
import { apiRequest, userFacingMessage } from '../../../lib/request';
import { takedownContactQueryKey } from './get-takedown-contact';

/** PUT /api/user/takedown-contact: the whole set; answers it as saved (tidied). */
export async function updateTakedownContact(contact: UpdateTakedownContact): Promise<TakedownContact> {
  const body = await apiRequest('PUT', takedownContactQueryKey[0], {
    body: contact,
    schema: takedownContactResponseSchema,
  });
  return body.contact;
}

const failureToastId = 'takedown-contact-save-failed';

export function useUpdateTakedownContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTakedownContact,
    onMutate: () => toast.dismiss(failureToastId),
    onSuccess: (contact) => {
      queryClient.setQueryData(takedownContactQueryKey, contact);
      toast.success(takedownContactTexts.saved, { description: takedownContactTexts.savedText });
    },
    onError: (error) =>
      toast.error(takedownContactTexts.saveFailed, {
        id: failureToastId,
        // The API names the field first ("email: Enter a valid…"); the toast needs only why.
        description: userFacingMessage(error).replace(/^[\w.]+: /, ''),
      }),
  });
}
