import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { onboardingResponseSchema, onboardingStateSchema } from '@app/shared/onboarding';
import type { Database } from '../../db/client.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { getOnboarding, recordOnboarding } from './onboarding.service.js';

/** docs/product.md#onboarding-walkthrough: the walkthrough's progress, mirrored from the browser so it follows the user (signed in; writes need CSRF). */
export async function onboardingRoutes(app: FastifyInstance, options: { db: Database }) {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireUser);

  routes.get(
    '/api/user/onboarding',
    { schema: { response: { 200: onboardingResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { onboarding: await getOnboarding(db, currentUserOf(request).id) };
    },
  );

  routes.put(
    '/api/user/onboarding',
    { schema: { body: onboardingStateSchema, response: { 200: onboardingResponseSchema } } },
    async (request) => ({ onboarding: await recordOnboarding(db, currentUserOf(request).id, request.body) }),
  );
}
