import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  earlyAccessFeatureParamsSchema,
  earlyAccessListResponseSchema,
  earlyAccessTexts,
  isUpcomingFeatureKey,
  upcomingFeatures,
  type EarlyAccessListResponse,
  type UpcomingFeatureKey,
} from '@app/shared/early-access';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { deleteOptIn, insertOptIn, listOptIns } from './early-access.repo.js';

function featureKeyOf(value: string): UpcomingFeatureKey {
  if (!isUpcomingFeatureKey(value)) throw AppError.notFound(earlyAccessTexts.unknownFeature);
  return value;
}

async function listFor(db: Database, userId: string): Promise<EarlyAccessListResponse> {
  const rows = await listOptIns(db, userId);
  const byFeature = new Map(rows.map((row) => [row.feature, row.createdAt]));
  return {
    features: upcomingFeatures.map(({ key, title, description }) => {
      const at = byFeature.get(key);
      return { key, title, description, optedIn: at !== undefined, optedInAt: at?.toISOString() ?? null };
    }),
  };
}

/** Issue 11, /phase4: signed-in only; writes go through the session's CSRF check. */
export async function earlyAccessRoutes(app: FastifyInstance, options: { db: Database }) {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireUser);

  routes.get(
    '/api/early-access',
    { schema: { response: { 200: earlyAccessListResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listFor(db, currentUserOf(request).id);
    },
  );

  routes.put(
    '/api/early-access/:feature',
    { schema: { params: earlyAccessFeatureParamsSchema, response: { 200: earlyAccessListResponseSchema } } },
    async (request) => {
      const user = currentUserOf(request);
      await insertOptIn(db, user.id, featureKeyOf(request.params.feature));
      return listFor(db, user.id);
    },
  );

  routes.delete(
    '/api/early-access/:feature',
    { schema: { params: earlyAccessFeatureParamsSchema, response: { 200: earlyAccessListResponseSchema } } },
    async (request) => {
      const user = currentUserOf(request);
      await deleteOptIn(db, user.id, featureKeyOf(request.params.feature));
      return listFor(db, user.id);
    },
  );
}
