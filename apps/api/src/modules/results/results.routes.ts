import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resultsQuerySchema, resultsResponseSchema } from '@app/shared/results';
import type { Database } from '../../db/client.js';
import { requireFullAccess } from '../../plugins/access.js';
import { currentUserOf } from '../../plugins/session.js';
import { resultsOf } from './results.service.js';

export async function resultsRoutes(app: FastifyInstance, deps: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireFullAccess);
  routes.get(
    '/api/results',
    { schema: { querystring: resultsQuerySchema, response: { 200: resultsResponseSchema } } },
    async (request) => resultsOf(deps.db, currentUserOf(request).id, request.query.days),
  );
}
