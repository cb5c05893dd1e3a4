import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { communityListQuerySchema } from '@app/shared/communities';
import { requireFullAccess } from '../../plugins/access.js';
import { currentUserOf } from '../../plugins/session.js';
import { listedCommunitiesSchema } from './community-list.js';
import type { CommunityCatalog } from './communities.service.js';
import { preferredEncoding, type SerializedBody } from './serialized-body.js';

/**
 * Answers bytes serialised once per data version (validated against the response schema when they
 * were made), with their precomputed ETag, compressed once too; the etag plugin answers a matching
 * If-None-Match with 304, and the compression plugin leaves an answer already encoded alone.
 */
export function sendSerialized(request: FastifyRequest, reply: FastifyReply, body: SerializedBody) {
  reply.header('etag', body.etag).header('vary', 'accept-encoding').type('application/json; charset=utf-8');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body.bytes);
  return reply.header('content-encoding', encoding).send(body.encoded(encoding));
}

export async function communitiesRoutes(app: FastifyInstance, options: { catalog: CommunityCatalog }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/reddit/communities',
    {
      onRequest: requireFullAccess,
      config: { etag: true },
      schema: { querystring: communityListQuerySchema, response: { 200: listedCommunitiesSchema } },
    },
    async (request, reply) => {
      const body = await options.catalog.list(request.query, currentUserOf(request).id);
      return sendSerialized(request, reply as FastifyReply, body);
    },
  );
}
