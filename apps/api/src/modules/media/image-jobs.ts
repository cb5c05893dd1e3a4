import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes } from '@app/shared/errors';
import { mediaErrors } from '@app/shared/media';
import { ImageQueueFullError, type ImageJobScheduler } from '../../adapters/image/image-job-scheduler.js';
import { AppError } from '../../lib/app-error.js';

/** A refused image job: 429 when the account has enough in processing, 503 when the whole server does. */
export class ImageJobsBusyError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    scope: ImageQueueFullError['scope'],
  ) {
    super(
      scope === 'owner' ? 429 : 503,
      scope === 'owner' ? mediaErrors.imagesStillProcessing : mediaErrors.imageServerBusy,
      scope === 'owner' ? errorCodes.rateLimited : errorCodes.unavailable,
    );
  }
}

/** Whose turn an image job takes: a signed-in account, or a visitor by the hash of their address. */
export const imageJobOwner = {
  user: (userId: string) => `user:${userId}`,
  // No address (never over HTTP) keeps the key it always had, `ip:null`.
  visitor: (ipHash: string | null) => `ip:${ipHash}`,
};

export async function runImageJob<T>(
  scheduler: ImageJobScheduler,
  owner: string,
  task: () => Promise<T>,
): Promise<T> {
  try {
    return await scheduler.run(owner, task);
  } catch (error) {
    if (error instanceof ImageQueueFullError)
      throw new ImageJobsBusyError(error.retryAfterSeconds, error.scope);
    throw error;
  }
}

/** onError hook: runs before the error handler, so the refusal also says when to come back the standard way. */
export async function retryAfterForBusyImageJobs(
  _request: FastifyRequest,
  reply: FastifyReply,
  error: Error,
) {
  if (error instanceof ImageJobsBusyError) void reply.header('retry-after', String(error.retryAfterSeconds));
}
