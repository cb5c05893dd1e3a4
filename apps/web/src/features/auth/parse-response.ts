import type { z } from 'zod';
import { httpMessages } from '@app/shared/messages';

/**
 * Checks an API answer against its shared contract. A mismatch means the server and this page
 * disagree (e.g. mid-deploy), which the user can only wait out: they get the server-error text.
 */
export function parseResponse<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(httpMessages.serverError, { cause: parsed.error });
  return parsed.data;
}
