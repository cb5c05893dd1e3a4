import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsRangeQuerySchema,
  siteAnalyticsReportSchema,
  userAnalyticsReportSchema,
} from '@app/shared/analytics-reports';
import type { Database } from '../../db/client.js';
import { requireAdmin } from '../../plugins/admin.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { siteReport, userReport } from './analytics-reports.service.js';

/** The read side of analytics: the user's own report and the admins' site-wide one (docs/analytics.md). */
export async function analyticsReportRoutes(
  app: FastifyInstance,
  options: { db: Database; publicUrl: string },
) {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Referrals from the site itself are in-app navigation, not a source of visitors.
  const ownHosts = [new URL(options.publicUrl).hostname.toLowerCase()];

  routes.get(
    '/api/analytics/me',
    {
      onRequest: requireUser,
      // Revalidated by ETag (private, no-cache): the report is the user's own and mostly unchanged between visits.
      config: { etag: true },
      schema: { querystring: analyticsRangeQuerySchema, response: { 200: userAnalyticsReportSchema } },
    },
    async (request) => userReport(db, currentUserOf(request), request.query.range),
  );

  routes.get(
    '/api/admin/analytics',
    {
      onRequest: requireAdmin,
      schema: { querystring: analyticsRangeQuerySchema, response: { 200: siteAnalyticsReportSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return siteReport(db, request.query.range, ownHosts);
    },
  );
}
