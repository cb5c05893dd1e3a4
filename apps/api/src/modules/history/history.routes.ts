import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentGenerationListQuerySchema, contentGenerationSchema, idParamsSchema } from '@app/shared/history';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { deleteGeneration, listGenerations } from './history.repo.js';

export async function historyRoutes(app: FastifyInstance, options: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireUser);

  routes.get(
    '/api/content-generations',
    { schema: { querystring: contentGenerationListQuerySchema, response: { 200: z.array(contentGenerationSchema) } } },
    async (request) => {
      const { limit, offset } = request.query;
      return listGenerations(options.db, currentUserOf(request).id, limit, offset);
    },
  );

  routes.delete('/api/content-generations/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const deleted = await deleteGeneration(options.db, currentUserOf(request).id, request.params.id);
    if (!deleted) throw AppError.notFound('This content no longer exists. Refresh the page to see your history.');
    return reply.status(204).send();
  });
}
