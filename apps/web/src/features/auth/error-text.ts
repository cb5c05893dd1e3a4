import { httpMessages } from '@app/shared/messages';
import { ApiError } from '../../lib/request';

/**
 * docs/product.md#accounts-and-sign-in's "server message or <fallback>": a 4xx answer's own message tells the user what to fix
 * (expired link, weak password, wrong current password…). Server errors hide their details, so
 * they get the fallback; a request that never reached the server gets `networkText`.
 */
export function serverMessageOr(
  error: unknown,
  fallback: string,
  networkText: string = httpMessages.network,
): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return networkText;
  return error.status < 500 && error.hasServerMessage ? error.message : fallback;
}
