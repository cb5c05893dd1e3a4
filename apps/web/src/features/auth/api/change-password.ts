import { useMutation } from '@tanstack/react-query';
import { authResponseSchema } from '@app/shared/auth';
import { apiRequest } from '../../../lib/request';
import { storeAccessToken } from '../session-token';

export interface ChangePasswordInput {
  userId: string;
  currentPassword: string;
  newPassword: string;
}

/** POST /api/auth/change-password: the forced change of a temporary password, which also signs in. */
export async function changePassword(input: ChangePasswordInput) {
  const body = await apiRequest('POST', '/api/auth/change-password', {
    body: input,
    schema: authResponseSchema,
  });
  storeAccessToken(body.accessToken, body.expiresAt);
  return body;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
