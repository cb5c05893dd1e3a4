import { z } from 'zod';
import { apiRequest } from '../../../lib/request';

const messageSchema = z.object({ message: z.string() });

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** POST /api/auth/reset-password; 400 INVALID_TOKEN for a used or expired link, or a weak password. */
export async function resetPassword(input: ResetPasswordInput) {
  return await apiRequest('POST', '/api/auth/reset-password', { body: input, schema: messageSchema });
}
