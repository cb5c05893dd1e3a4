import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { accessTokens, sessions, users } from '../../db/schema/index.js';
import { createOpaqueToken, hashToken } from './session-token.js';

export const accessTokenLifetimeMs = 15 * 60 * 1000;

/** A new bearer token for the session; the raw token goes to the client, only its hash is stored. */
export async function createAccessToken(db: Database, sessionId: string, now = new Date()) {
  const token = createOpaqueToken();
  const expiresAt = new Date(now.getTime() + accessTokenLifetimeMs);
  // Each refresh leaves an expired row behind; tidy the session's own on the way.
  await db
    .delete(accessTokens)
    .where(and(eq(accessTokens.sessionId, sessionId), lte(accessTokens.expiresAt, now)));
  await db.insert(accessTokens).values({ sessionId, tokenHash: hashToken(token), expiresAt });
  return { accessToken: token, expiresAt };
}

/** The token's user, while both the token and the session it came from are still valid. */
export async function findAccessTokenUser(db: Database, token: string, now = new Date()) {
  const [row] = await db
    .select({ sessionId: sessions.id, user: users })
    .from(accessTokens)
    .innerJoin(sessions, eq(sessions.id, accessTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, hashToken(token)),
        gt(accessTokens.expiresAt, now),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}
