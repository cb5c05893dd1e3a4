import { adminTexts } from '@app/shared/admin';
import { ApiError, userFacingMessage } from '../../../lib/request';

const explained: ReadonlySet<string> = new Set<string>([
  adminTexts.userNotFound,
  adminTexts.applicationNotFound,
]);

/** The admin routes' 404s say what happened; other answers go through the usual mapping (409/400 show the server's text). */
export function adminErrorText(error: unknown): string {
  if (error instanceof ApiError && error.hasServerMessage && explained.has(error.message))
    return error.message;
  return userFacingMessage(error);
}
