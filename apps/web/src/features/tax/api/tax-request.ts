import { httpMessages } from '@app/shared/messages';
import { taxTexts } from '@app/shared/tax';
import type { ZodType } from 'zod';
import { ApiError, userFacingMessage } from '../../../lib/request';

export const taxQueryRoot = ['tax'] as const;

export function parsed<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(httpMessages.serverError, { cause: result.error });
  return result.data;
}

const explainedNotFound: ReadonlySet<string> = new Set([
  taxTexts.incomeNotFound,
  taxTexts.expenseNotFound,
  taxTexts.receiptNotFound,
]);

/** The tracker's 404s say which thing is gone, so they are shown rather than the generic text. */
export function taxErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404 && explainedNotFound.has(error.message)) {
    return error.message === taxTexts.receiptNotFound
      ? 'Receipt not found. Pick another photo from your gallery.'
      : error.message;
  }
  return userFacingMessage(error);
}
