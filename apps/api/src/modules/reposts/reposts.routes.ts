import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  repostActionResponseSchema,
  repostListResponseSchema,
  repostParamsSchema,
  repostRequestSchema,
} from '@app/shared/reposts';
import { requireFullAccess } from '../../plugins/access.js';
import { currentUserOf } from '../../plugins/session.js';
import {
  createSeries,
  listSeries,
  resumeSeriesFor,
  stopSeriesFor,
  type RepostDependencies,
} from './reposts.service.js';

/** docs/reddit-posting.md#recurring-reposts: the same photo to the same subreddits every N days. */
export async function repostsRoutes(app: FastifyInstance, deps: RepostDependencies) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireFullAccess);

  routes.post(
    '/api/reposts',
    { schema: { body: repostRequestSchema, response: { 201: repostActionResponseSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createSeries(deps, currentUserOf(request), request.body)),
  );

  routes.get('/api/reposts', { schema: { response: { 200: repostListResponseSchema } } }, async (request) =>
    listSeries(deps, currentUserOf(request).id),
  );

  routes.post(
    '/api/reposts/:id/stop',
    { schema: { params: repostParamsSchema, response: { 200: repostActionResponseSchema } } },
    async (request) => stopSeriesFor(deps, currentUserOf(request).id, request.params.id),
  );

  routes.post(
    '/api/reposts/:id/resume',
    { schema: { params: repostParamsSchema, response: { 200: repostActionResponseSchema } } },
    async (request) => resumeSeriesFor(deps, currentUserOf(request).id, request.params.id),
  );
}
