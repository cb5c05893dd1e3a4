import { scheduleTexts } from '@app/shared/posts';
import { redditTexts } from '@app/shared/reddit';
import { ApiError, userFacingMessage } from '../../../lib/request';

// Our server words these for the user (docs/product.md#reddit-posting's catalogue would hide them behind a generic 404/503).
const explainedCodes: Record<string, string> = {
  REDDIT_NOT_CONFIGURED: redditTexts.notConfigured,
};

/** What to tell the user about a failed Reddit call: our server's own explanation when it has one. */
export function redditErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const explained = error.code ? explainedCodes[error.code] : undefined;
    if (explained) return explained;
    if (error.status === 409 && error.code === 'POST_NOT_PENDING') return scheduleTexts.notPending;
    if (error.status === 404 && error.hasServerMessage && error.message !== 'Not Found') return error.message;
  }
  return userFacingMessage(error);
}

export function isAuthError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
