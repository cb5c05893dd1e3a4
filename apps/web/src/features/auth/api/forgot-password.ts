import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/request';
import { parseResponse } from '../parse-response';

const messageSchema = z.object({ message: z.string() });

/** POST /api/auth/forgot-password: always a neutral 200, so nobody learns which e-mails exist. */
export async function requestPasswordReset(email: string) {
  return parseResponse(messageSchema, await apiRequest('POST', '/api/auth/forgot-password', { email }));
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
