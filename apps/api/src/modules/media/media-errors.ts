import { errorCodes } from '@app/shared/errors';
import { mediaErrors } from '@app/shared/media';
import { AppError } from '../../lib/app-error.js';
import { formatGigabytes } from './format-bytes.js';

/**
 * The media errors other modules raise too (ImageShield stores copies and serves files): they live
 * here, beside the storage they are about, rather than in one service that others import for them.
 */

/** Storage could not be read or written: a 503 the user can retry, with the cause kept for the log. */
export function storageUnavailable(cause: unknown): AppError {
  const error = new AppError(503, mediaErrors.storageUnavailable, errorCodes.unavailable);
  error.cause = cause;
  return error;
}

export function quotaExceeded(quotaBytes: number): AppError {
  return new AppError(413, mediaErrors.quotaExceeded(formatGigabytes(quotaBytes)), mediaErrors.quotaCode);
}
