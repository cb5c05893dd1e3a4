import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aiTexts } from '@app/shared/ai';
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
import { AppError } from '../../lib/app-error.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { deleteGeneration, generationStats, listGenerations, ownsGeneration } from './history.repo.js';
import { deleteSavedContent, insertSavedContent, listSavedContent } from './saved-content.repo.js';

export async function historyRoutes(app: FastifyInstance, options: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireUser);

  routes.get(
    '/api/content-generations',
    { config: { apiKey: true }, schema: { querystring: contentGenerationListQuerySchema, response: { 200: z.array(contentGenerationSchema) } } },
    async (request) => {
      const { limit, offset, ...filters } = request.query;
      return listGenerations(options.db, currentUserOf(request).id, limit, offset, filters);
    },
  );

  routes.get(
    '/api/content-generations/stats',
    { schema: { querystring: contentGenerationFiltersSchema, response: { 200: contentGenerationStatsSchema } } },
    async (request) => generationStats(options.db, currentUserOf(request).id, request.query),
  );

  routes.delete('/api/content-generations/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const deleted = await deleteGeneration(options.db, currentUserOf(request).id, request.params.id);
    if (!deleted) throw AppError.notFound(aiTexts.generationNotFound);
    return reply.status(204).send();
  });

  routes.post(
    '/api/saved-content',
    { schema: { body: saveContentRequestSchema, response: { 201: savedContentSchema } } },
    async (request, reply) => {
      const userId = currentUserOf(request).id;
      const { generationId, ...fields } = request.body;
      // Naming someone else's history item looks exactly like naming a deleted one.
      if (generationId && !(await ownsGeneration(options.db, userId, generationId))) {
        throw AppError.notFound(aiTexts.generationNotFound);
      }
      const saved = await insertSavedContent(options.db, { userId, generationId: generationId ?? null, ...fields });
      return reply.status(201).send(saved);
    },
  );

  routes.get(
    '/api/saved-content',
    { schema: { querystring: savedContentListQuerySchema, response: { 200: z.array(savedContentSchema) } } },
    async (request) => listSavedContent(options.db, currentUserOf(request).id, request.query.limit, request.query.offset),
  );

  routes.delete('/api/saved-content/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const deleted = await deleteSavedContent(options.db, currentUserOf(request).id, request.params.id);
    if (!deleted) throw AppError.notFound(aiTexts.savedNotFound);
    return reply.status(204).send();
  });
}
