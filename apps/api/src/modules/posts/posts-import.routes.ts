import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  csvImportCheckResponseSchema,
  csvImportExample,
  csvImportRequestSchema,
  csvImportResponseSchema,
} from '@app/shared/posts-import';
import { requireFullAccess } from '../../plugins/access.js';
import { currentUserOf } from '../../plugins/session.js';
import { checkImport, importPosts } from './posts-import.service.js';
import type { PostsDependencies } from './posts.service.js';

/** docs/reddit-posting.md#bulk-import: a CSV file of posts, checked row by row, saved as a whole. */
export async function postsImportRoutes(app: FastifyInstance, deps: PostsDependencies) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // A template, not anyone's data: open to all, so a plain download link works.
  routes.get(
    '/api/posts/import/example.csv',
    { schema: { response: { 200: z.string() } } },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="posts-example.csv"')
        .header('cache-control', 'no-store')
        .send(csvImportExample(new Date())),
  );

  routes.post(
    '/api/posts/import/check',
    {
      onRequest: requireFullAccess,
      schema: { body: csvImportRequestSchema, response: { 200: csvImportCheckResponseSchema } },
    },
    async (request) => checkImport(deps, currentUserOf(request), request.body),
  );

  routes.post(
    '/api/posts/import',
    {
      onRequest: requireFullAccess,
      schema: { body: csvImportRequestSchema, response: { 201: csvImportResponseSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await importPosts(deps, currentUserOf(request), request.body)),
  );
}
