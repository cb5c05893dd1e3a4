import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicMetricsSchema } from '@app/shared/auth';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { loadPublicMetrics } from './metrics.repo.js';

export const metricsTtlMs = 60_000;

export async function metricsRoutes(app: FastifyInstance, options: { db: Database; config: AppConfig }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Every landing-page visit asks; four counts a minute per process is plenty.
  const metrics = ttlCache(() => loadPublicMetrics(options.db), metricsTtlMs);

  routes.get(
    '/api/metrics',
    { schema: { response: { 200: publicMetricsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${metricsTtlMs / 1000}`);
      return metrics();
    },
  );
}

/**
 * Remembers one loaded value for ttlMs in this process. Concurrent callers share one load, and a
 * failed load is forgotten so the next caller tries again. Each process keeps its own copy: the
 * figures may differ by up to ttlMs between processes, which public counters can afford.
 */
export function ttlCache<T>(load: () => Promise<T>, ttlMs: number, now: () => number = Date.now) {
  let entry: { value: Promise<T>; expiresAt: number } | undefined;
  return function get(): Promise<T> {
    if (entry && entry.expiresAt > now()) return entry.value;
    const current = { value: load(), expiresAt: now() + ttlMs };
    entry = current;
    current.value.catch(() => {
      if (entry === current) entry = undefined;
    });
    return current.value;
  };
}
