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
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { createApiKeySecret } from './api-key-secret.js';
import { insertApiKey, listApiKeys, revokeApiKey, toApiKey } from './api-keys.repo.js';
import { apiUsageOf } from './api-usage.js';

/** Spec 6: API access is Pro only (admins have every right). */
function proUserOf(request: FastifyRequest): UserRow {
  const user = currentUserOf(request);
  if (!hasRight(user, 'apiAccess')) throw new AppError(403, apiKeyTexts.proOnly, errorCodes.forbidden);
  return user;
}

/** Managing keys needs the signed-in session (and its CSRF token); a key cannot manage keys. */
export async function apiKeyRoutes(app: FastifyInstance, options: { db: Database; monthlyLimit: number }) {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireUser);

  routes.get('/api/api-keys', { schema: { response: { 200: apiKeyListResponseSchema } } }, async (request, reply) => {
    const user = proUserOf(request);
    reply.header('cache-control', 'no-store');
    return { keys: (await listApiKeys(db, user.id)).map(toApiKey) };
  });

  routes.post(
    '/api/api-keys',
    { schema: { body: createApiKeyRequestSchema, response: { 201: createdApiKeyResponseSchema } } },
    async (request, reply) => {
      const user = proUserOf(request);
      const { secret, prefix, secretHash } = createApiKeySecret();
      const row = await insertApiKey(db, { userId: user.id, name: request.body.name, prefix, secretHash });
      // The only time the whole key leaves the server: it is stored as a hash and never shown again.
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ key: toApiKey(row), secret });
    },
  );

  routes.delete(
    '/api/api-keys/:id',
    { schema: { params: apiKeyIdParamsSchema, response: { 200: apiKeySchema } } },
    async (request) => {
      const user = proUserOf(request);
      const row = await revokeApiKey(db, user.id, request.params.id);
      if (!row) throw AppError.notFound(apiKeyTexts.notFound);
      return toApiKey(row);
    },
  );

  routes.get('/api/api-keys/usage', { schema: { response: { 200: apiUsageSchema } } }, async (request, reply) => {
    const user = proUserOf(request);
    reply.header('cache-control', 'no-store');
    return apiUsageOf(db, user.id, options.monthlyLimit);
  });
}
