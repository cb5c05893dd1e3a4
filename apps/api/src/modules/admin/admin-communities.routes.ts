import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { communityInputSchema } from '@app/shared/communities';
import type { Database } from '../../db/client.js';
import { requireAdmin } from '../../plugins/admin.js';
import { listedCommunitySchema } from '../communities/community-list.js';
import type { CommunityCatalog } from '../communities/communities.service.js';
import { createCommunity, deleteCommunity, patchCommunity } from './admin-communities.service.js';
import { communityPatchSchema } from './community-patch.js';
import { importCommunities, importRejectionSchema, maxImportRows } from './community-import.service.js';

const idParamsSchema = z.strictObject({ id: z.uuid({ message: 'id must be a community id' }) });
const importBodySchema = z.union([
  z.strictObject({ communities: z.array(z.unknown()).max(maxImportRows) }),
  z.string({ message: 'send JSON {communities: [...]} or CSV text (Content-Type: text/csv)' }),
]);

export async function adminCommunityRoutes(
  app: FastifyInstance,
  options: { db: Database; catalog: CommunityCatalog },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: options.db, catalog: options.catalog };
  routes.addHook('onRequest', requireAdmin);
  // Only this plugin's routes read CSV; elsewhere a text body stays a 415.
  routes.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  routes.post(
    '/api/admin/communities',
    { schema: { body: communityInputSchema, response: { 201: listedCommunitySchema } } },
    async (request, reply) => reply.status(201).send(await createCommunity(deps, request.body)),
  );

  routes.patch(
    '/api/admin/communities/:id',
    {
      schema: {
        params: idParamsSchema,
        body: communityPatchSchema,
        response: { 200: listedCommunitySchema },
      },
    },
    async (request) => patchCommunity(deps, request.params.id, request.body),
  );

  routes.delete(
    '/api/admin/communities/:id',
    { schema: { params: idParamsSchema } },
    async (request, reply) => {
      await deleteCommunity(deps, request.params.id);
      return reply.status(204).send();
    },
  );

  routes.post(
    '/api/admin/communities/import',
    {
      schema: {
        body: importBodySchema,
        response: {
          200: z.object({ inserted: z.number().int(), updated: z.number().int() }),
          400: importRejectionSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await importCommunities(deps, request.body);
      if (!outcome.ok) return reply.status(400).send(outcome.body);
      return { inserted: outcome.inserted, updated: outcome.updated };
    },
  );
}
