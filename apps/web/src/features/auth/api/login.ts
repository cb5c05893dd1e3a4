import { authResponseSchema, type LoginPayload } from '@app/shared/auth';
import { apiRequest } from '../../../lib/request';
import { storeAccessToken } from '../session-token';

export type LoginResult =
  { kind: 'signed-in'; message: string } | { kind: 'must-change-password'; userId: string; message: string };

/**
 * POST /api/auth/login. 200 signs in (the access token goes to memory); 202 carries
 * mustChangePassword and the userId for /change-password. Every refusal throws an ApiError.
 * No query hook: the login form calls it on submit without the query client (decision 033).
 */
export async function login(payload: LoginPayload): Promise<LoginResult> {
  const body = await apiRequest('POST', '/api/auth/login', { body: payload, schema: authResponseSchema });
  if (body.mustChangePassword && body.userId) {
    return { kind: 'must-change-password', userId: body.userId, message: body.message };
  }
  storeAccessToken(body.accessToken, body.expiresAt);
  return { kind: 'signed-in', message: body.message };
}
