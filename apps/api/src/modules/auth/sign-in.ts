import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { sessionCookieOptions } from '../../plugins/session.js';
import { createAccessToken } from './access-token.repo.js';
import { toPublicUser } from './public-user.js';
import { createSession, deleteSession } from './session.repo.js';
import { sessionCookieName } from './session-token.js';

/**
 * Starts a fresh session for the user and sets its cookie. Any session the browser already had is
 * dropped first, so the session id always changes at sign-in (no session fixation).
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { db: Database; config: AppConfig },
  userId: string,
) {
  if (request.sessionId) await deleteSession(deps.db, request.sessionId);
  const { token, expiresAt, sessionId } = await createSession(deps.db, userId, request.headers['user-agent']);
  reply.setCookie(sessionCookieName, token, sessionCookieOptions(deps.config, expiresAt));
  return { expiresAt, sessionId };
}

/** A new session cookie plus the first access token: what a successful login or password change answers. */
export async function signIn(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { db: Database; config: AppConfig },
  user: UserRow,
) {
  const { sessionId } = await startSession(request, reply, deps, user.id);
  const { accessToken, expiresAt } = await createAccessToken(deps.db, sessionId);
  return { user: toPublicUser(user), accessToken, expiresAt: expiresAt.toISOString() };
}
