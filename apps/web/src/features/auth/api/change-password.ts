import { authResponseSchema } from '@app/shared/auth';
import { apiRequest } from '../../../lib/request';
import { storeAccessToken } from '../session-token';

export interface ChangePasswordInput {
  userId: string;
  currentPassword: string;
  newPassword: string;
}

/**
 * POST /api/auth/change-password: the forced change of a temporary password, which also signs in.
 * No query hook here: /change-password calls it without the query client (decision 033); the
 * settings page wraps it in its own mutation.
 */
export async function changePassword(input: ChangePasswordInput) {
  const body = await apiRequest('POST', '/api/auth/change-password', {
    body: input,
    schema: authResponseSchema,
  });
  storeAccessToken(body.accessToken, body.expiresAt);
  return body;
}
