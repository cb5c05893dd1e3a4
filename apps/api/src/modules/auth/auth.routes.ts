import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userSchema } from '@app/shared/user';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { sessionCookieOptions } from '../../plugins/session.js';
import { toPublicUser } from './public-user.js';
import { deleteSession } from './session.repo.js';
import { sessionCookieName } from './session-token.js';

export async function authRoutes(app: FastifyInstance, options: { db: Database; config: AppConfig }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Signed-out visitors get 200 null, not 401: the page is allowed, there is just nobody signed in.
  routes.get(
    '/api/auth/user',
    { schema: { response: { 200: userSchema.nullable() } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return request.currentUser ? toPublicUser(request.currentUser) : null;
    },
  );

  routes.post('/api/auth/logout', async (request, reply) => {
    if (request.sessionId) await deleteSession(options.db, request.sessionId);
    reply.clearCookie(sessionCookieName, sessionCookieOptions(options.config));
    return reply.status(204).send();
  });
}
