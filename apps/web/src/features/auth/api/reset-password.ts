import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/request';
import { parseResponse } from '../parse-response';

const messageSchema = z.object({ message: z.string() });

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** POST /api/auth/reset-password; 400 INVALID_TOKEN for a used or expired link, or a weak password. */
export async function resetPassword(input: ResetPasswordInput) {
  return parseResponse(messageSchema, await apiRequest('POST', '/api/auth/reset-password', input));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
