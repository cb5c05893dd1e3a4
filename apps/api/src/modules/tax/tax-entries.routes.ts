import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import {
  taxDeletedSchema,
  taxEntryKinds,
  taxIdParamsSchema,
  taxYearQuerySchema,
  type TaxEntryKind,
  type TaxEntryTypes,
} from '@app/shared/tax';
import { currentUserOf } from '../../plugins/session.js';
import * as entries from './tax-entries.service.js';
import { currentTaxYear } from './tax.service.js';

/**
 * List, add, change and delete one kind of entry at its path (/api/tax/income, /api/tax/expenses).
 * The caller has already required a session; writes need the session's CSRF token.
 */
export function entryRoutes<K extends TaxEntryKind>(app: FastifyInstance, deps: entries.TaxDeps, kind: K) {
  const { path, createSchema, updateSchema, entrySchema } = taxEntryKinds[kind];
  // Typed loosely: TypeScript cannot match kind K's list to "either kind's list schema".
  const listSchema: ZodType = taxEntryKinds[kind].listSchema;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    path,
    { schema: { querystring: taxYearQuerySchema, response: { 200: listSchema } } },
    async (request) => {
      const year = request.query.year ?? currentTaxYear();
      return { year, items: await entries.listEntries(deps, kind, currentUserOf(request).id, year) };
    },
  );

  routes.post(
    path,
    { schema: { body: createSchema, response: { 201: entrySchema } } },
    async (request, reply) => {
      // The schema of kind K parses the body into kind K's input; TypeScript cannot follow K through it.
      const input = request.body as TaxEntryTypes[K]['create'];
      return reply.code(201).send(await entries.createEntry(deps, kind, currentUserOf(request).id, input));
    },
  );

  routes.patch(
    `${path}/:id`,
    { schema: { params: taxIdParamsSchema, body: updateSchema, response: { 200: entrySchema } } },
    async (request) => {
      const input = request.body as TaxEntryTypes[K]['update'];
      return entries.changeEntry(deps, kind, currentUserOf(request).id, request.params.id, input);
    },
  );

  routes.delete(
    `${path}/:id`,
    { schema: { params: taxIdParamsSchema, response: { 200: taxDeletedSchema } } },
    async (request) => entries.removeEntry(deps.db, kind, currentUserOf(request).id, request.params.id),
  );
}
