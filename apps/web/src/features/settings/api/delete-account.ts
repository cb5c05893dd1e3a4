import { useMutation } from '@tanstack/react-query';
import { deleteAccountResponseSchema, type DeleteAccountRequest } from '@app/shared/account';
import { apiRequest } from '../../../lib/request';

/** DELETE /api/user/account {confirmation, password?}: deletes everything; answers where to go next. */
export async function deleteAccount(request: DeleteAccountRequest) {
  const body = await apiRequest('DELETE', '/api/user/account', {
    body: request,
    schema: deleteAccountResponseSchema,
  });
  return body;
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
