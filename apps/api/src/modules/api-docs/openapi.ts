import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyPrefix, apiKeyTexts, apiMonthlyCallLimit } from '@app/shared/api-keys';
import { pagingDescription } from '../../lib/cursor-page.js';

/** What each public operation does, keyed "METHOD path"; the schemas come from the routes themselves. */
const summaries: Record<string, string> = {
  'POST /api/ai/generate': 'Generate captions (counts against the plan’s daily AI generations)',
  'GET /api/content-generations': 'List your past generations (history)',
  'GET /api/media': 'List your media library',
  'POST /api/posts/schedule': 'Schedule a post to a subreddit with your linked Reddit account',
  'GET /api/posts/scheduled': 'List your scheduled, sent and failed posts, all or by status',
};

/** What an operation's description says beyond paging: its filters and the order each gives. */
const details: Record<string, string> = {
  'GET /api/posts/scheduled':
    'Without `status`: all your posts, latest scheduled time first. `?status=pending`: the posts waiting ' +
    'to go out, soonest first. `?status=done`: sent and failed posts, latest scheduled first. Each order ' +
    'pages by its own cursor, so keep `status` when asking for the next page. Any other status answers 400.',
};

export const apiKeySecurityScheme = 'apiKey';

/** A route whose query takes a cursor is a paged list (lib/cursor-page.ts); its answer has paging headers. */
const isPaged = (querystring: unknown) => querystring instanceof z.ZodObject && 'cursor' in querystring.shape;

/**
 * Registers @fastify/swagger before any route, so it sees every route; the document lists only the
 * routes marked `config.apiKey` (the public API of decision 014), converted from their zod schemas.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Creator Studio public API',
        version: '1.0.0',
        description:
          `Personal API keys (Pro plan) are created in Settings, with your current password, and sent as \`Authorization: Bearer ${apiKeyPrefix}…\`. ` +
          `${apiKeyTexts.revokedWhen} ` +
          `Each call counts against ${apiMonthlyCallLimit} calls per calendar month (UTC); over it the API answers 429 ` +
          'with `resetsAt` and a Retry-After header. Errors are JSON `{message, code}`.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          [apiKeySecurityScheme]: {
            type: 'http',
            scheme: 'bearer',
            description: `A personal API key (${apiKeyPrefix}…), Pro plan only.`,
          },
        },
      },
      security: [{ [apiKeySecurityScheme]: [] }],
    },
    transform: (document) => {
      if (document.route.config?.apiKey !== true) return { schema: { hide: true }, url: document.url };
      const transformed = jsonSchemaTransform(document);
      const method = [document.route.method].flat()[0]!.toUpperCase();
      const operation = `${method} ${document.url}`;
      const description = [details[operation], isPaged(document.schema?.querystring) && pagingDescription]
        .filter(Boolean)
        .join('\n\n');
      return {
        ...transformed,
        schema: {
          ...transformed.schema,
          tags: ['Public API'],
          summary: summaries[operation],
          ...(description && { description }),
        },
      };
    },
    transformObject: jsonSchemaTransformObject,
  });
}
