import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminApplicationIdParamsSchema,
  leadsResponseSchema,
  reviewedApplicationResponseSchema,
} from '@app/shared/admin';
import type { Database } from '../../db/client.js';
import { requireAdmin } from '../../plugins/admin.js';
import { currentUserOf } from '../../plugins/session.js';
import { approveApplication, listLeads, rejectApplication } from './admin-leads.service.js';

const review = {
  params: adminApplicationIdParamsSchema,
  response: { 200: reviewedApplicationResponseSchema },
};

export async function adminLeadRoutes(app: FastifyInstance, options: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  routes.addHook('onRequest', requireAdmin);

  routes.get('/api/admin/leads', { schema: { response: { 200: leadsResponseSchema } } }, async () =>
    listLeads(db),
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
