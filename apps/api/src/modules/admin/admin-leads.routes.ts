import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminApplicationIdParamsSchema,
  adminPageQuerySchema,
  leadApplicationListResponseSchema,
  leadSignupListResponseSchema,
  reviewedApplicationResponseSchema,
} from '@app/shared/admin';
import type { Database } from '../../db/client.js';
import { withPageHeaders } from '../../lib/cursor-page.js';
import { requireAdmin } from '../../plugins/admin.js';
import { currentUserOf } from '../../plugins/session.js';
import {
  applicationsPage,
  approveApplication,
  recentSignupsPage,
  rejectApplication,
} from './admin-leads.service.js';

const review = {
  params: adminApplicationIdParamsSchema,
  response: { 200: reviewedApplicationResponseSchema },
};

export async function adminLeadRoutes(app: FastifyInstance, options: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  routes.addHook('onRequest', requireAdmin);

  const paged = { config: { etag: true } } as const;
  routes.get(
    '/api/admin/leads/applications',
    {
      ...paged,
      schema: { querystring: adminPageQuerySchema, response: { 200: leadApplicationListResponseSchema } },
    },
    async (request, reply) => withPageHeaders(request, reply, await applicationsPage(db, request.query)),
  );
  routes.get(
    '/api/admin/leads/signups',
    {
      ...paged,
      schema: { querystring: adminPageQuerySchema, response: { 200: leadSignupListResponseSchema } },
    },
    async (request, reply) => withPageHeaders(request, reply, await recentSignupsPage(db, request.query)),
  );

  routes.post('/api/admin/leads/:id/approve', { schema: review }, async (request) => {
    const user = currentUserOf(request);
    return approveApplication(db, { id: user.id, username: user.username }, request.params.id);
  });

  routes.post('/api/admin/leads/:id/reject', { schema: review }, async (request) => {
    const user = currentUserOf(request);
    return rejectApplication(db, { id: user.id, username: user.username }, request.params.id);
  });
}
