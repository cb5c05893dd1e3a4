import { z } from 'zod';
import { apiRequest } from '../../../lib/request';

const messageSchema = z.object({ message: z.string() });

/**
 * POST /api/auth/forgot-password: always a neutral 200, so nobody learns which e-mails exist. No
 * query hook: the form calls it on submit without the query client (decision 033).
 */
export async function requestPasswordReset(email: string) {
  return await apiRequest('POST', '/api/auth/forgot-password', { body: { email }, schema: messageSchema });
}
