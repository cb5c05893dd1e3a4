import fastifyCsrf from '@fastify/csrf-protection';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../config.js';
import { apiKeyCredentialOf } from './bearer.js';
import { reachesApiRoute } from './routed-path.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set to false on a route authenticated by something other than cookies (e.g. a signed webhook). */
    csrf?: boolean;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The cookie the browser's request helper reads; not httpOnly on purpose (double-submit pattern). */
export const csrfCookieName = 'XSRF-TOKEN';

export const csrfTokenResponseSchema = z.object({ csrfToken: z.string() });

/**
 * CSRF protection for every state-changing /api call: the secret lives in an httpOnly cookie,
 * the token derived from it must come back in the X-CSRF-Token header. Nothing is kept in memory,
 * so any server process can verify a token another one issued.
 */
export async function registerCsrf(app: FastifyInstance, config: AppConfig) {
  const cookieOptions = { path: '/', sameSite: 'lax' as const, secure: config.secureCookies };
  await app.register(fastifyCsrf, {
    cookieKey: '_csrf',
    cookieOpts: { ...cookieOptions, httpOnly: true },
    getToken: (request) => {
      const header = request.headers['x-csrf-token'];
      return Array.isArray(header) ? header[0] : header;
    },
  });

  app.addHook('onRequest', (request, reply, done) => {
    const needsCheck =
      reachesApiRoute(request) &&
      !safeMethods.has(request.method) &&
      request.routeOptions.config.csrf !== false &&
      // A personal API key is not a cookie a browser sends by itself; the session plugin then
      // authenticates such a request by the key alone (never the cookie) or refuses it.
      !apiKeyCredentialOf(request);
    if (!needsCheck) return done();
    app.csrfProtection(request, reply, done);
  });

  app.get(
    '/api/csrf-token',
    { schema: { response: { 200: csrfTokenResponseSchema } } },
    async (_request, reply) => {
      const csrfToken = reply.generateCsrf();
      reply.setCookie(csrfCookieName, csrfToken, { ...cookieOptions, httpOnly: false });
      reply.header('cache-control', 'no-store');
      return { csrfToken };
    },
  );
}
