import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  taxProfileSchema,
  taxSummarySchema,
  taxYearQuerySchema,
  updateTaxProfileSchema,
} from '@app/shared/tax';
import type { Database } from '../../db/client.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import type { MediaUrlSigner } from '../media/media-url-signer.js';
import { entryRoutes } from './tax-entries.routes.js';
import * as tax from './tax.service.js';

/** docs/product.md#tax-tracker: the signed-in user's own tax records; writes need the session's CSRF token. */
export async function taxRoutes(app: FastifyInstance, options: { db: Database; signer: MediaUrlSigner }) {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireUser);
  // Money figures are personal: no shared cache may keep them.
  routes.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const yearOf = (query: { year?: number }) => query.year ?? tax.currentTaxYear();

  entryRoutes(routes, options, 'income');
  entryRoutes(routes, options, 'expense');

  routes.get('/api/tax/profile', { schema: { response: { 200: taxProfileSchema } } }, async (request) =>
    tax.profileOf(db, currentUserOf(request).id),
  );

  routes.put(
    '/api/tax/profile',
    { schema: { body: updateTaxProfileSchema, response: { 200: taxProfileSchema } } },
    async (request) => tax.saveProfile(db, currentUserOf(request).id, request.body),
  );

  routes.get(
    '/api/tax/summary',
    { schema: { querystring: taxYearQuerySchema, response: { 200: taxSummarySchema } } },
    async (request) => tax.taxSummary(db, currentUserOf(request).id, yearOf(request.query)),
  );

  routes.get(
    '/api/tax/export.csv',
    { schema: { querystring: taxYearQuerySchema } },
    async (request, reply) => {
      const year = yearOf(request.query);
      const csv = await tax.taxCsv(options, currentUserOf(request).id, year);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="tax-tracker-${year}.csv"`)
          // The byte-order mark makes spreadsheet apps read the file as UTF-8 (accents, emoji).
          .send(`\uFEFF${csv}`)
      );
    },
  );
}
