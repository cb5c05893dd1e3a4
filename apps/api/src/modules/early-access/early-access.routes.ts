import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  earlyAccessFeatureParamsSchema,
  earlyAccessListResponseSchema,
  earlyAccessTexts,
  isUpcomingFeatureKey,
  type UpcomingFeatureKey,
} from '@app/shared/early-access';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { earlyAccessOf, optIn, optOut } from './early-access.service.js';

function featureKeyOf(value: string): UpcomingFeatureKey {
  if (!isUpcomingFeatureKey(value)) throw AppError.notFound(earlyAccessTexts.unknownFeature);
  return value;
}

/** docs/product.md#early-access, /phase4: signed-in only; writes go through the session's CSRF check. */
export async function earlyAccessRoutes(app: FastifyInstance, options: { db: Database }) {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireUser);

  routes.get(
    '/api/early-access',
    { schema: { response: { 200: earlyAccessListResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return earlyAccessOf(db, currentUserOf(request).id);
    },
  );

  routes.put(
    '/api/early-access/:feature',
    { schema: { params: earlyAccessFeatureParamsSchema, response: { 200: earlyAccessListResponseSchema } } },
    async (request) => {
      return optIn(db, currentUserOf(request).id, featureKeyOf(request.params.feature));
    },
  );

  routes.delete(
    '/api/early-access/:feature',
    { schema: { params: earlyAccessFeatureParamsSchema, response: { 200: earlyAccessListResponseSchema } } },
    async (request) => {
      return optOut(db, currentUserOf(request).id, featureKeyOf(request.params.feature));
    },
  );
}
