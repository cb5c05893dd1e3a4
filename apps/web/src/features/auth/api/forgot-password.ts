import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/request';

const messageSchema = z.object({ message: z.string() });

/** POST /api/auth/forgot-password: always a neutral 200, so nobody learns which e-mails exist. */
export async function requestPasswordReset(email: string) {
  return await apiRequest('POST', '/api/auth/forgot-password', { body: { email }, schema: messageSchema });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
