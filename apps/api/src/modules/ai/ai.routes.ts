import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aiGenerateRequestSchema, aiGenerateResponseSchema, aiQuotaSchema } from '@app/shared/ai';
import { aiWriterOf, aiWriterSchema } from '@app/shared/writer-label';
import type { CaptionWriter } from '../../adapters/ai/caption-writer.js';
import type { Database } from '../../db/client.js';
import type { PhotoDependencies } from './ai-photo.js';
import { readQuota } from './ai-quota.js';
import { generate, requesterOf } from './ai.service.js';

/** Open to visitors (/caption-generator), who get a small daily allowance per address; CSRF applies. */
export async function aiRoutes(
  app: FastifyInstance,
  options: { db: Database; writer: CaptionWriter; cacheTtlSeconds: number; photos: PhotoDependencies },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/ai/generate',
    {
      config: { apiKey: true },
      schema: { body: aiGenerateRequestSchema, response: { 200: aiGenerateResponseSchema } },
    },
    async (request) => {
      const requester = await requesterOf(options.db, request.currentUser, request.ip);
      return generate(options, requester, request.body, request.log);
    },
  );

  routes.get('/api/ai/quota', { schema: { response: { 200: aiQuotaSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return readQuota(options.db, await requesterOf(options.db, request.currentUser, request.ip));
  });

  // Lets the caption page say who writes before anything is generated; it changes only with a restart.
  const writer = aiWriterOf(options.writer.provider, options.writer.model);
  routes.get('/api/ai/writer', { schema: { response: { 200: aiWriterSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return writer;
  });
}
