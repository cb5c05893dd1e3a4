import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsBatchRequestSchema,
  analyticsBatchResponseSchema,
  analyticsMaxBodyBytes,
  analyticsTexts,
} from '@app/shared/analytics';
import { errorCodes } from '@app/shared/errors';
import type { AnalyticsConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { createAnalyticsRateLimiter } from './analytics-ingest.rate-limit.js';
import { createIngestWriter, ingestBatch } from './analytics-ingest.service.js';
import { createVisitorHasher } from './visitor-hash.js';

/**
 * POST /api/analytics/events (docs/product.md#analytics, docs/analytics.md "Ingestion"). Signed-out visitors may send
 * too: like every state-changing call it needs the CSRF header, which GET /api/csrf-token hands to
 * anyone, signed in or not.
 */
export async function analyticsIngestRoutes(
  app: FastifyInstance,
  options: { db: Database; config: AnalyticsConfig; now?: () => Date },
) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const rateLimit = createAnalyticsRateLimiter(db, {
    perSession: options.config.maxBatchesPerMinutePerSession,
    perAddress: options.config.maxBatchesPerMinutePerIp,
  });
  const deps = {
    hasher: createVisitorHasher(db),
    now,
    write: createIngestWriter(db, rateLimit, now, {
      maxConcurrentWrites: options.config.maxConcurrentWrites,
      maxGroupSize: options.config.maxBatchesPerWrite,
    }),
  };
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/analytics/events',
    {
      // fetch(…, {keepalive: true}) carries at most 64 KiB, so a larger batch is a client bug.
      bodyLimit: analyticsMaxBodyBytes,
      // Only the wording of the body-size error is ours; every other error goes on to the app's handler.
      errorHandler: (error: FastifyError) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          throw new AppError(413, analyticsTexts.bodyTooLarge, errorCodes.payloadTooLarge);
        }
        throw error;
      },
      schema: { body: analyticsBatchRequestSchema, response: { 200: analyticsBatchResponseSchema } },
    },
    async (request, reply) => {
      const outcome = await ingestBatch(deps, {
        events: request.body.events,
        userId: request.currentUser?.id ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      if (outcome.status === 'rate-limited') {
        reply.header('retry-after', String(outcome.retryAfterSeconds));
        throw new AppError(429, analyticsTexts.rateLimited, errorCodes.rateLimited);
      }
      return outcome.response;
    },
  );
}
