import { accountErrorCodes } from '@app/shared/account';
import { ApiError, userFacingMessage } from '../../lib/request';

const explainedCodes: ReadonlySet<string> = new Set(Object.values(accountErrorCodes));

/**
 * The account calls' own messages say what to do (wrong password is a 403, a Stripe or storage
 * failure a 5xx that deleted nothing), so they are shown instead of the generic status texts.
 */
export function accountErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code && explainedCodes.has(error.code) && error.hasServerMessage) {
    return error.message;
  }
  return userFacingMessage(error);
}
