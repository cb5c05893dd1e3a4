import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateUserSettingsSchema, userSettingsResponseSchema } from '@app/shared/settings';
import { takedownContactResponseSchema, updateTakedownContactSchema } from '@app/shared/takedown-contact';
import type { Database } from '../../db/client.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { settingsOf, updateSettings } from './settings.service.js';
import { saveTakedownContact, takedownContactOf } from './takedown-contact.service.js';

export async function settingsRoutes(app: FastifyInstance, options: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireUser);

  routes.get(
    '/api/user/settings',
    { config: { etag: true }, schema: { response: { 200: userSettingsResponseSchema } } },
    async (request) => settingsOf(options.db, currentUserOf(request).id),
  );

  routes.patch(
    '/api/user/settings',
    { schema: { body: updateUserSettingsSchema, response: { 200: userSettingsResponseSchema } } },
    async (request) => updateSettings(options.db, currentUserOf(request), request.body),
  );

  // Settings → Takedown contact details: personal, so kept out of every shared cache.
  routes.get(
    '/api/user/takedown-contact',
    { schema: { response: { 200: takedownContactResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return takedownContactOf(options.db, currentUserOf(request).id);
    },
  );

  routes.put(
    '/api/user/takedown-contact',
    { schema: { body: updateTakedownContactSchema, response: { 200: takedownContactResponseSchema } } },
    async (request) => saveTakedownContact(options.db, currentUserOf(request).id, request.body),
  );
}
