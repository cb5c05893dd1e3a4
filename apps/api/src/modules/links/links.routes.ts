import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createLinkRequestSchema,
  linkCreatedResponseSchema,
  linkDeletedResponseSchema,
  linkListResponseSchema,
  linkParamsSchema,
} from '@app/shared/links';
import { requireFullAccess } from '../../plugins/access.js';
import { currentUserOf } from '../../plugins/session.js';
import { createLink, deleteLink, listLinks, type LinksDependencies } from './links.service.js';

/** docs/tracked-links.md: the creator's tracked links and their clicks. */
export async function linksRoutes(app: FastifyInstance, deps: LinksDependencies) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireFullAccess);

  routes.get('/api/links', { schema: { response: { 200: linkListResponseSchema } } }, async (request) =>
    listLinks(deps, currentUserOf(request).id),
  );

  routes.post(
    '/api/links',
    { schema: { body: createLinkRequestSchema, response: { 201: linkCreatedResponseSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createLink(deps, currentUserOf(request).id, request.body)),
  );

  routes.delete(
    '/api/links/:id',
    { schema: { params: linkParamsSchema, response: { 200: linkDeletedResponseSchema } } },
    async (request) => deleteLink(deps, currentUserOf(request).id, request.params.id),
  );
}
