import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@app/shared/history';
import {
  deleteCopyResponseSchema,
  photoCopiesResponseSchema,
  traceResultSchema,
} from '@app/shared/leak-trace';
import { maxUploadBytes } from '@app/shared/media';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { retryAfterForBusyImageJobs } from '../media/image-jobs.js';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import { deletePhotoCopy, listPhotoCopies } from './photo-copies.service.js';
import { traceLeak, type TraceDependencies } from './trace.service.js';

export async function leaksRoutes(app: FastifyInstance, deps: TraceDependencies & { storage: MediaStorage }) {
  // Registered here too (plugins are encapsulated): one file, a few fields, the media upload cap.
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxUploadBytes, files: 2, fields: 5, fieldSize: 100, parts: 7, headerPairs: 100 },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireUser);
  routes.addHook('onError', retryAfterForBusyImageJobs);

  // A POST for the upload, but it changes nothing of hers (CSRF-checked like every POST).
  routes.post('/api/leaks/trace', { schema: { response: { 200: traceResultSchema } } }, async (request) =>
    traceLeak(deps, currentUserOf(request), request),
  );

  routes.get(
    '/api/media/:id/copies',
    { schema: { params: idParamsSchema, response: { 200: photoCopiesResponseSchema } } },
    async (request) => ({
      copies: await listPhotoCopies(deps.db, currentUserOf(request), request.params.id),
    }),
  );

  routes.delete(
    '/api/leaks/copies/:id',
    { schema: { params: idParamsSchema, response: { 200: deleteCopyResponseSchema } } },
    async (request) => ({ message: await deletePhotoCopy(deps, currentUserOf(request), request.params.id) }),
  );
}
