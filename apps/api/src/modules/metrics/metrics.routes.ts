import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicMetricsSchema } from '@app/shared/auth';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { metricsTtlMs, publicMetrics } from './metrics.service.js';

export async function metricsRoutes(app: FastifyInstance, options: { db: Database; config: AppConfig }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const metrics = publicMetrics(options.db);

  routes.get(
    '/api/metrics',
    { schema: { response: { 200: publicMetricsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${metricsTtlMs / 1000}`);
      return metrics();
    },
  );
}
