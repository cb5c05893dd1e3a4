import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { createOpaqueToken, hashToken, sessionLifetimeMs } from './session-token.js';

export function findSessionUser(db: Database, token: string, now = new Date()) {
  return findSessionUserByHash(db, hashToken(token), now);
}

export async function findSessionUserByHash(db: Database, tokenHash: string, now = new Date()) {
  const [row] = await db
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Returns the raw token for the cookie; only its hash is stored. */
export async function createSession(db: Database, userId: string, userAgent?: string) {
  const token = createOpaqueToken();
  const expiresAt = new Date(Date.now() + sessionLifetimeMs);
  const [row] = await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), userAgent, expiresAt })
    .returning({ id: sessions.id });
  return { token, expiresAt, sessionId: row!.id };
}

/** Access tokens of the session go with it (ON DELETE CASCADE). */
export async function deleteSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Signs the user out everywhere, e.g. after a password reset. */
export async function deleteUserSessions(db: Database, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
