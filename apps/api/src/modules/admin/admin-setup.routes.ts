import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminSetupResponseSchema } from '@app/shared/admin-setup';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { requireAdmin } from '../../plugins/admin.js';
import { setupOverview } from './admin-setup.service.js';

/** The admin portal's Setup tab: which outside services are set up, failing, and how to set them up. */
export async function adminSetupRoutes(app: FastifyInstance, options: { db: Database; config: AppConfig }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireAdmin);
  routes.get('/api/admin/setup', { schema: { response: { 200: adminSetupResponseSchema } } }, async () =>
    setupOverview(options.db, options.config),
  );
}
