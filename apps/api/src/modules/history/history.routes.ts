import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentGenerationFiltersSchema,
  contentGenerationListQuerySchema,
  contentGenerationSchema,
  contentGenerationStatsSchema,
  idParamsSchema,
  saveContentRequestSchema,
  savedContentListQuerySchema,
  savedContentSchema,
} from '@app/shared/history';
import type { Database } from '../../db/client.js';
import { withPageHeaders } from '../../lib/cursor-page.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import {
  historyOf,
  historyStatsOf,
  removeGeneration,
  removeSavedContent,
  savedContentOf,
  saveContent,
} from './history.service.js';

export async function historyRoutes(app: FastifyInstance, options: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireUser);

  routes.get(
    '/api/content-generations',
    {
      config: { apiKey: true, etag: true },
      schema: {
        querystring: contentGenerationListQuerySchema,
        response: { 200: z.array(contentGenerationSchema) },
      },
    },
    async (request, reply) => {
      const { limit, cursor, ...filters } = request.query;
      const page = await historyOf(options.db, currentUserOf(request).id, { limit, cursor }, filters);
      return withPageHeaders(request, reply, page);
    },
  );

  routes.get(
    '/api/content-generations/stats',
    {
      config: { etag: true },
      schema: {
        querystring: contentGenerationFiltersSchema,
        response: { 200: contentGenerationStatsSchema },
      },
    },
    async (request) => historyStatsOf(options.db, currentUserOf(request).id, request.query),
  );

  routes.delete(
    '/api/content-generations/:id',
    { schema: { params: idParamsSchema } },
    async (request, reply) => {
      await removeGeneration(options.db, currentUserOf(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  routes.post(
    '/api/saved-content',
    { schema: { body: saveContentRequestSchema, response: { 201: savedContentSchema } } },
    async (request, reply) => {
      const saved = await saveContent(options.db, currentUserOf(request).id, request.body);
      return reply.status(201).send(saved);
    },
  );

  routes.get(
    '/api/saved-content',
    {
      config: { etag: true },
      schema: { querystring: savedContentListQuerySchema, response: { 200: z.array(savedContentSchema) } },
    },
    async (request, reply) =>
      withPageHeaders(
        request,
        reply,
        await savedContentOf(options.db, currentUserOf(request).id, request.query),
      ),
  );

  routes.delete('/api/saved-content/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    await removeSavedContent(options.db, currentUserOf(request).id, request.params.id);
    return reply.status(204).send();
  });
}
