import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderDocsPage, type OpenApiDocument } from './docs-page.js';

const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({}))),
});

/** The public API's OpenAPI document and a page people can read; both open to everyone. */
export async function apiDocsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/openapi.json', { schema: { response: { 200: openApiDocumentSchema } } }, async () =>
    openApiDocumentSchema.parse(app.swagger()),
  );

  routes.get('/api/docs', async (_request, reply) => {
    const document = app.swagger() as unknown as OpenApiDocument;
    return reply.type('text/html; charset=utf-8').send(renderDocsPage(document));
  });
}
