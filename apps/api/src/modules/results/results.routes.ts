import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resultsQuerySchema, resultsResponseSchema } from '@app/shared/results';
import {
  putSubscriberCountSchema,
  subscriberDayParamsSchema,
  subscriberDeleteQuerySchema,
  subscriberDeletedResponseSchema,
  subscriberImportReportSchema,
  subscriberImportRequestSchema,
  subscriberImportResponseSchema,
  subscriberListQuerySchema,
  subscriberListResponseSchema,
  subscriberSavedResponseSchema,
} from '@app/shared/subscribers';
import type { Database } from '../../db/client.js';
import { requireFullAccess } from '../../plugins/access.js';
import { currentUserOf } from '../../plugins/session.js';
import { resultsOf } from './results.service.js';
import {
  deleteSubscriberDay,
  importSubscribers,
  listSubscribers,
  saveSubscriberCount,
} from './subscribers.service.js';

/** docs/tracked-links.md#results: what works, and the new subscribers she records per day. */
export async function resultsRoutes(app: FastifyInstance, deps: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireFullAccess);
  routes.get(
    '/api/results',
    { schema: { querystring: resultsQuerySchema, response: { 200: resultsResponseSchema } } },
    async (request) => resultsOf(deps.db, currentUserOf(request).id, request.query.days),
  );

  routes.get(
    '/api/results/subscribers',
    { schema: { querystring: subscriberListQuerySchema, response: { 200: subscriberListResponseSchema } } },
    async (request) => listSubscribers(deps.db, currentUserOf(request).id, request.query.days),
  );

  routes.put(
    '/api/results/subscribers',
    { schema: { body: putSubscriberCountSchema, response: { 200: subscriberSavedResponseSchema } } },
    async (request) => saveSubscriberCount(deps.db, currentUserOf(request).id, request.body),
  );

  routes.delete(
    '/api/results/subscribers/:day',
    {
      schema: {
        params: subscriberDayParamsSchema,
        querystring: subscriberDeleteQuerySchema,
        response: { 200: subscriberDeletedResponseSchema },
      },
    },
    async (request) =>
      deleteSubscriberDay(deps.db, currentUserOf(request).id, request.params.day, request.query.source),
  );

  routes.post(
    '/api/results/subscribers/import',
    {
      schema: {
        body: subscriberImportRequestSchema,
        response: { 201: subscriberImportResponseSchema, 422: subscriberImportReportSchema },
      },
    },
    async (request, reply) => {
      const result = await importSubscribers(deps.db, currentUserOf(request).id, request.body);
      if (!result.ok) return reply.code(422).send(result.report);
      const { ok: _ok, ...saved } = result;
      return reply.code(201).send(saved);
    },
  );
}
