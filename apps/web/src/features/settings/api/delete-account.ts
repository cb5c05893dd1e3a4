import { useMutation } from '@tanstack/react-query';
import { deleteAccountResponseSchema, type DeleteAccountRequest } from '@app/shared/account';
import { httpMessages } from '@app/shared/messages';
import { apiRequest } from '../../../lib/request';

/** DELETE /api/user/account {confirmation, password?}: deletes everything; answers where to go next. */
export async function deleteAccount(request: DeleteAccountRequest) {
  const body = await apiRequest('DELETE', '/api/user/account', request);
  const parsed = deleteAccountResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error(httpMessages.serverError, { cause: parsed.error });
  return parsed.data;
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
