import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createLeakCaseSchema,
  leakCaseDeletedSchema,
  leakCaseListQuerySchema,
  leakCaseListResponseSchema,
  leakCaseNoticeSchema,
  leakCaseParamsSchema,
  leakCaseResponseSchema,
  updateLeakCaseSchema,
} from '@app/shared/leak-cases';
import type { Database } from '../../db/client.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { noticeOf, noticePdfOf } from './leak-case-notice.service.js';
import * as cases from './leak-cases.service.js';

/**
 * docs/leak-cases.md: the signed-in creator's own leak cases and their takedown notices. Another
 * user's case is "not found", exactly like one that does not exist; writes need the CSRF token.
 */
export async function leakCasesRoutes(app: FastifyInstance, options: { db: Database }) {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireUser);
  // Where her pictures leaked, and her legal name and address: no shared cache may keep them.
  routes.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const userIdOf = (request: Parameters<typeof currentUserOf>[0]) => currentUserOf(request).id;

  routes.get(
    '/api/leak-cases',
    { schema: { querystring: leakCaseListQuerySchema, response: { 200: leakCaseListResponseSchema } } },
    async (request) => cases.listCases(db, userIdOf(request), request.query.status),
  );

  routes.post(
    '/api/leak-cases',
    { schema: { body: createLeakCaseSchema, response: { 201: leakCaseResponseSchema } } },
    async (request, reply) =>
      reply.code(201).send({ case: await cases.createCase(db, userIdOf(request), request.body) }),
  );

  routes.get(
    '/api/leak-cases/:id',
    { schema: { params: leakCaseParamsSchema, response: { 200: leakCaseResponseSchema } } },
    async (request) => ({ case: await cases.getCase(db, userIdOf(request), request.params.id) }),
  );

  routes.patch(
    '/api/leak-cases/:id',
    {
      schema: {
        params: leakCaseParamsSchema,
        body: updateLeakCaseSchema,
        response: { 200: leakCaseResponseSchema },
      },
    },
    async (request) => ({
      case: await cases.changeCase(db, userIdOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    '/api/leak-cases/:id',
    { schema: { params: leakCaseParamsSchema, response: { 200: leakCaseDeletedSchema } } },
    async (request) => cases.removeCase(db, userIdOf(request), request.params.id),
  );

  routes.get(
    '/api/leak-cases/:id/notice',
    { schema: { params: leakCaseParamsSchema, response: { 200: leakCaseNoticeSchema } } },
    async (request) => noticeOf(db, userIdOf(request), request.params.id),
  );

  routes.get(
    '/api/leak-cases/:id/notice.pdf',
    { schema: { params: leakCaseParamsSchema } },
    async (request, reply) => {
      const { bytes, fileName } = await noticePdfOf(db, userIdOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Buffer.from(bytes));
    },
  );
}
