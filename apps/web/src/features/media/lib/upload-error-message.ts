import { ApiError, userFacingMessage } from '../../../lib/request';

/** The server's (or the catalogue's) text for a refused upload; the fallback when it never got that far. */
export function uploadErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? userFacingMessage(error) : fallback;
}
