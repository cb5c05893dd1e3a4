import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import type { UserRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import { authenticateApiKey } from '../modules/api-keys/api-key-auth.js';
import { findAccessTokenUser } from '../modules/auth/access-token.repo.js';
import type { SessionCache } from '../modules/auth/session-cache.js';
import { findSessionUserByHash } from '../modules/auth/session.repo.js';
import { hashToken, sessionCookieName } from '../modules/auth/session-token.js';
import { apiKeyCredentialOf, bearerToken } from './bearer.js';
import { reachesApiRoute } from './routed-path.js';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
    sessionId: string | null;
  }
}

/**
 * Resolves the signed-in user on every /api request, from an `Authorization: Bearer` access token
 * or else the session cookie. Both are rows in the database, so any server process can serve any
 * request. An expired or revoked bearer token falls back to the cookie, since the browser sends both.
 * A personal API key (decision 014) never does: it alone decides who the caller is, or refuses.
 * Cookie sessions are looked up in `sessionCache` first (decision 017).
 */
export const sessionPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      db: Database;
      config: AppConfig;
      apiKeyMonthlyLimit: number;
      sessionCache: SessionCache;
    },
  ) => {
    app.decorateRequest('currentUser', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('apiKeyId', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!reachesApiRoute(request)) return;
      const apiKey = apiKeyCredentialOf(request);
      if (apiKey)
        return authenticateApiKey(request, reply, apiKey, {
          db: options.db,
          monthlyLimit: options.apiKeyMonthlyLimit,
        });
      const bearer = bearerToken(request);
      const cookie = request.cookies[sessionCookieName];
      const found =
        (bearer ? await findAccessTokenUser(options.db, bearer) : null) ??
        (cookie ? await findCookieSession(options.db, options.sessionCache, cookie) : null);
      if (!found) return;
      request.currentUser = found.user;
      request.sessionId = found.sessionId;
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);

async function findCookieSession(db: Database, cache: SessionCache, cookie: string) {
  const tokenHash = hashToken(cookie);
  const cached = cache.get(tokenHash);
  if (cached) return cached;
  const generation = cache.generation;
  const found = await findSessionUserByHash(db, tokenHash);
  if (found) cache.remember(tokenHash, found, generation);
  return found;
}

export function sessionCookieOptions(config: AppConfig, expires?: Date) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies, expires };
}

/** onRequest hook for routes that need a signed-in user: refuse before the body is even read. */
export async function requireUser(request: FastifyRequest) {
  if (!request.currentUser) throw AppError.unauthorized();
}

export function currentUserOf(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw AppError.unauthorized();
  return request.currentUser;
}
