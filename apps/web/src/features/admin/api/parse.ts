import { httpMessages } from '@app/shared/messages';
import type { ZodType } from 'zod';

/** An answer that does not fit the contract is a server fault, not something to show raw. */
export function parsed<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(httpMessages.serverError, { cause: result.error });
  return result.data;
}
