import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandVoiceResponseSchema, updateBrandVoiceSchema } from '@app/shared/brand-voice';
import type { Database } from '../../db/client.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { brandVoiceOf, saveBrandVoice } from './brand-voice.service.js';

/** Settings → Brand voice; signed-in only, and the PUT needs the CSRF token like every change. */
export async function brandVoiceRoutes(app: FastifyInstance, options: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireUser);

  routes.get(
    '/api/user/brand-voice',
    { config: { etag: true }, schema: { response: { 200: brandVoiceResponseSchema } } },
    async (request) => brandVoiceOf(options.db, currentUserOf(request).id),
  );

  routes.put(
    '/api/user/brand-voice',
    { schema: { body: updateBrandVoiceSchema, response: { 200: brandVoiceResponseSchema } } },
    async (request) => saveBrandVoice(options.db, currentUserOf(request).id, request.body),
  );
}
