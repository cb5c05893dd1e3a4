import { leakCaseTexts } from '@app/shared/leak-cases';
import { ApiError, userFacingMessage } from '../../../lib/request';

/** Every leak-case query starts with this, so a change refreshes them all. */
export const leakCasesQueryRoot = ['/api/leak-cases'] as const;

const explained: ReadonlySet<string> = new Set([
  leakCaseTexts.notFound,
  leakCaseTexts.photoNotFound,
  leakCaseTexts.tracedCopyNotFound,
]);

/** The API's 404s and 409s say what is gone or missing, so they are shown as they are. */
export function leakCaseErrorText(error: unknown): string {
  if (error instanceof ApiError && (error.status === 409 || explained.has(error.message)))
    return error.message;
  return userFacingMessage(error);
}

/** The API names a refused field first ("infringingUrls.2: Each address…"); a toast needs only why. */
export function withoutFieldName(message: string): string {
  return message.replace(/^[\w.]+: /, '');
}
