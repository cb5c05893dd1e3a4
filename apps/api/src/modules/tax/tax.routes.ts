import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createTaxExpenseSchema,
  createTaxIncomeSchema,
  taxDeletedSchema,
  taxExpenseListSchema,
  taxExpenseSchema,
  taxIdParamsSchema,
  taxIncomeListSchema,
  taxIncomeSchema,
  taxProfileSchema,
  taxSummarySchema,
  taxYearQuerySchema,
  updateTaxExpenseSchema,
  updateTaxIncomeSchema,
  updateTaxProfileSchema,
} from '@app/shared/tax';
import type { Database } from '../../db/client.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import type { MediaUrlSigner } from '../media/media-url-signer.js';
import * as tax from './tax.service.js';

/** Issue 11: the signed-in user's own tax records; writes need the session's CSRF token. */
export async function taxRoutes(app: FastifyInstance, options: { db: Database; signer: MediaUrlSigner }) {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireUser);
  // Money figures are personal: no shared cache may keep them.
  routes.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const yearOf = (query: { year?: number }) => query.year ?? tax.currentTaxYear();

  routes.get(
    '/api/tax/income',
    { schema: { querystring: taxYearQuerySchema, response: { 200: taxIncomeListSchema } } },
    async (request) => {
      const year = yearOf(request.query);
      return { year, items: await tax.listIncome(db, currentUserOf(request).id, year) };
    },
  );

  routes.post(
    '/api/tax/income',
    { schema: { body: createTaxIncomeSchema, response: { 201: taxIncomeSchema } } },
    async (request, reply) =>
      reply.code(201).send(await tax.createIncome(db, currentUserOf(request).id, request.body)),
  );

  routes.patch(
    '/api/tax/income/:id',
    {
      schema: { params: taxIdParamsSchema, body: updateTaxIncomeSchema, response: { 200: taxIncomeSchema } },
    },
    async (request) => tax.changeIncome(db, currentUserOf(request).id, request.params.id, request.body),
  );

  routes.delete(
    '/api/tax/income/:id',
    { schema: { params: taxIdParamsSchema, response: { 200: taxDeletedSchema } } },
    async (request) => tax.removeIncome(db, currentUserOf(request).id, request.params.id),
  );

  routes.get(
    '/api/tax/expenses',
    { schema: { querystring: taxYearQuerySchema, response: { 200: taxExpenseListSchema } } },
    async (request) => {
      const year = yearOf(request.query);
      return { year, items: await tax.listExpenses(options, currentUserOf(request).id, year) };
    },
  );

  routes.post(
    '/api/tax/expenses',
    { schema: { body: createTaxExpenseSchema, response: { 201: taxExpenseSchema } } },
    async (request, reply) =>
      reply.code(201).send(await tax.createExpense(options, currentUserOf(request).id, request.body)),
  );

  routes.patch(
    '/api/tax/expenses/:id',
    {
      schema: {
        params: taxIdParamsSchema,
        body: updateTaxExpenseSchema,
        response: { 200: taxExpenseSchema },
      },
    },
    async (request) => tax.changeExpense(options, currentUserOf(request).id, request.params.id, request.body),
  );

  routes.delete(
    '/api/tax/expenses/:id',
    { schema: { params: taxIdParamsSchema, response: { 200: taxDeletedSchema } } },
    async (request) => tax.removeExpense(db, currentUserOf(request).id, request.params.id),
  );

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
