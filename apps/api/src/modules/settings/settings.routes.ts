import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateUserSettingsSchema, userSettingsResponseSchema } from '@app/shared/settings';
import type { Database } from '../../db/client.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { settingsOf, updateSettings } from './settings.service.js';

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
    async (request) => updateSettings(options.db, currentUserOf(request).id, request.body),
  );
}
