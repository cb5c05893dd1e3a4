import { taxTexts } from '@app/shared/tax';
import { ApiError, userFacingMessage } from '../../../lib/request';

export const taxQueryRoot = ['tax'] as const;

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
