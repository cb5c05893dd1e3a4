import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  disconnectRedditAccountResponseSchema,
  redditAccountParamsSchema,
  redditAccountsResponseSchema,
  redditConnectedPath,
  redditConnectQuerySchema,
  redditConnectResponseSchema,
  redditTexts,
} from '@app/shared/reddit';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { requireFullAccess } from '../../plugins/access.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import {
  accountsOf,
  disconnectAccount,
  finishConnect,
  LinkRefused,
  requirePosting,
  startConnect,
} from './reddit-accounts.service.js';
import type { RedditPosting } from './reddit-posting-context.js';

// Browser navigation from Reddit: a malformed value is treated as absent.
const optionalText = z.string().max(2048).optional().catch(undefined);

export async function redditAccountRoutes(
  app: FastifyInstance,
  options: { db: Database; posting: RedditPosting | undefined },
) {
  const { db, posting } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/reddit/connect',
    {
      onRequest: requireFullAccess,
      schema: { querystring: redditConnectQuerySchema, response: { 200: redditConnectResponseSchema } },
    },
    async (request, reply) => {
      const user = currentUserOf(request);
      if (!request.sessionId) throw AppError.unauthorized();
      reply.header('cache-control', 'no-store');
      return startConnect(db, requirePosting(posting), user, request.sessionId);
    },
  );

  routes.get(
    '/api/reddit/callback',
    { schema: { querystring: z.object({ code: optionalText, state: optionalText, error: optionalText }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!posting) return reply.redirect('/?error=reddit_failed');
      try {
        const account = await finishConnect(
          db,
          posting,
          { user: request.currentUser, sessionId: request.sessionId },
          request.query,
        );
        request.log.info({ accountId: account.id }, 'reddit account linked');
        return reply.redirect(redditConnectedPath);
      } catch (error) {
        if (!(error instanceof LinkRefused)) throw error;
        request.log.warn({ reason: error.message }, 'reddit account link refused');
        return reply.redirect(`/?error=${error.landingCode}`);
      }
    },
  );

  routes.get(
    '/api/reddit/accounts',
    { onRequest: requireUser, schema: { response: { 200: redditAccountsResponseSchema } } },
    async (request) => accountsOf(db, currentUserOf(request), posting !== undefined),
  );

  routes.delete(
    '/api/reddit/accounts/:id',
    {
      onRequest: requireUser,
      schema: { params: redditAccountParamsSchema, response: { 200: disconnectRedditAccountResponseSchema } },
    },
    async (request) => {
      await disconnectAccount(db, posting, currentUserOf(request).id, request.params.id, request.log);
      return { message: redditTexts.accountDisconnected };
    },
  );
}
