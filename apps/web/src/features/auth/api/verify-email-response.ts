import { z } from 'zod';

/** GET /api/auth/verify-email's answer; its own module so the page can load it with the answer. */
export const verifyEmailResponseSchema = z.object({ message: z.string(), email: z.string().optional() });
