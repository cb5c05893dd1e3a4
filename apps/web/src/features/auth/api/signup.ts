import { z } from 'zod';
import type { SignupPayload } from '@app/shared/auth';
import { apiRequest } from '../../../lib/request';

const signupResponseSchema = z.object({ message: z.string(), email: z.string().optional() });

/**
 * POST /api/auth/signup: 201 {message, email}, also for an e-mail that already has an account (its
 * owner is mailed instead; decision 018); 409 when the username is taken, 400 per field, 429 over the limit.
 */
export async function signup(payload: SignupPayload) {
  return await apiRequest('POST', '/api/auth/signup', { body: payload, schema: signupResponseSchema });
}
