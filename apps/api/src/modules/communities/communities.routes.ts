import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { communityListQuerySchema } from '@app/shared/communities';
import { requireFullAccess } from '../../plugins/access.js';
import { currentUserOf } from '../../plugins/session.js';
import { listedCommunitiesSchema } from './community-list.js';
import type { CommunityCatalog } from './communities.service.js';
import { etagMatches, type SerializedBody } from './serialized-body.js';

/**
 * Answers bytes serialised once per data version (validated against the response schema when they
 * were made), with their ETag; a matching If-None-Match gets 304 and no body.
 */
export function sendSerialized(request: FastifyRequest, reply: FastifyReply, body: SerializedBody) {
  // Private: a user with history gets their own figures; no-cache: revalidate with the ETag each time.
  reply.header('etag', body.etag).header('cache-control', 'private, no-cache');
  if (etagMatches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body.bytes);
}

export async function communitiesRoutes(app: FastifyInstance, options: { catalog: CommunityCatalog }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/reddit/communities',
    {
      onRequest: requireFullAccess,
      schema: { querystring: communityListQuerySchema, response: { 200: listedCommunitiesSchema } },
    },
    async (request, reply) => {
      const body = await options.catalog.list(request.query, currentUserOf(request).id);
      return sendSerialized(request, reply as FastifyReply, body);
    },
  );
}
