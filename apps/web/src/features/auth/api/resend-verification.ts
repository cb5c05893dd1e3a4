import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/request';
import { parseResponse } from '../parse-response';

const messageSchema = z.object({ message: z.string() });

/** POST /api/auth/resend-verification: mails a fresh verification link. */
export async function resendVerification(email: string) {
  return parseResponse(messageSchema, await apiRequest('POST', '/api/auth/resend-verification', { email }));
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
