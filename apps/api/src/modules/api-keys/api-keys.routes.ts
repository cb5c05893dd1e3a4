import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiKeyIdParamsSchema,
  apiKeyListResponseSchema,
  apiKeySchema,
  apiKeyTexts,
  apiUsageSchema,
  createApiKeyRequestSchema,
  createdApiKeyResponseSchema,
} from '@app/shared/api-keys';
import { errorCodes } from '@app/shared/errors';
import { hasRight } from '@app/shared/plans';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { requireNotBanned } from '../../plugins/access.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { TooManyAttemptsError } from '../auth/login-throttle.js';
import { apiKeysOf, createApiKey, revokeOwnApiKey } from './api-keys.service.js';
import { apiUsageOf } from './api-usage.js';

/** docs/product.md#api-keys: API access is Pro only (admins have every right). */
function proUserOf(request: FastifyRequest): UserRow {
  const user = currentUserOf(request);
  if (!hasRight(user, 'apiAccess')) throw new AppError(403, apiKeyTexts.proOnly, errorCodes.forbidden);
  return user;
}

/** The same refusal before the body is validated, so a Free user is told about Pro, not about fields. */
async function requireApiAccess(request: FastifyRequest) {
  proUserOf(request);
}

/** Managing keys needs the signed-in session (and its CSRF token); a key cannot manage keys. */
export async function apiKeyRoutes(app: FastifyInstance, options: { db: Database; monthlyLimit: number }) {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireUser);
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
  });

  routes.get(
    '/api/api-keys',
    { schema: { response: { 200: apiKeyListResponseSchema } } },
    async (request, reply) => {
      const user = proUserOf(request);
      reply.header('cache-control', 'no-store');
      return apiKeysOf(db, user.id);
    },
  );

  routes.post(
    '/api/api-keys',
    {
      onRequest: [requireNotBanned, requireApiAccess],
      schema: { body: createApiKeyRequestSchema, response: { 201: createdApiKeyResponseSchema } },
    },
    async (request, reply) => {
      const user = proUserOf(request);
      const created = await createApiKey(db, user, request.body, request.ip);
      // The only time the whole key leaves the server: it is stored as a hash and never shown again.
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(created);
    },
  );

  routes.delete(
    '/api/api-keys/:id',
    { schema: { params: apiKeyIdParamsSchema, response: { 200: apiKeySchema } } },
    async (request) => {
      return revokeOwnApiKey(db, proUserOf(request).id, request.params.id);
    },
  );

  routes.get(
    '/api/api-keys/usage',
    { schema: { response: { 200: apiUsageSchema } } },
    async (request, reply) => {
      const user = proUserOf(request);
      reply.header('cache-control', 'no-store');
      return apiUsageOf(db, user.id, options.monthlyLimit);
    },
  );
}
