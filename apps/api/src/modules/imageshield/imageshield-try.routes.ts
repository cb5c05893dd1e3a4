import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tryProtectionResponseSchema } from '@app/shared/imageshield';
import { maxUploadBytes } from '@app/shared/media';
import type { ImageJobScheduler } from '../../adapters/image/image-job-scheduler.js';
import type { Database } from '../../db/client.js';
import { retryAfterForBusyImageJobs } from '../media/image-jobs.js';
import { tryProtection } from './imageshield-try.service.js';

/** The /imageshield try-out: open to visitors, so no sign-in hook here (CSRF still applies). */
export async function imageshieldTryRoutes(
  app: FastifyInstance,
  options: { db: Database; tempDir: string; imageJobs: ImageJobScheduler },
) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxUploadBytes, files: 2, fields: 5, fieldSize: 100, parts: 7, headerPairs: 100 },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onError', retryAfterForBusyImageJobs);
  routes.post(
    '/api/imageshield/try',
    { schema: { response: { 200: tryProtectionResponseSchema } } },
    async (request) => tryProtection(options, request.currentUser, request),
  );
}
