import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { accessTokens, authTokens, sessions } from '../../db/schema/index.js';

/** One-time links stay a week past their end, so an old link still says "expired", not "invalid". */
export const oneTimeLinkKeptMs = 7 * 24 * 60 * 60 * 1000;

/** Expired sessions and access tokens, and one-time links a week past their end. */
export async function deleteExpiredAuthRows(db: Database, now: Date) {
  const linksBefore = new Date(now.getTime() - oneTimeLinkKeptMs);
  // Access tokens go with their session (ON DELETE CASCADE); those that ended earlier go here.
  const endedSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  const endedAccessTokens = await db
    .delete(accessTokens)
    .where(lt(accessTokens.expiresAt, now))
    .returning({ id: accessTokens.id });
  const oldLinks = await db
    .delete(authTokens)
    .where(
      or(
        lt(authTokens.expiresAt, linksBefore),
        and(isNotNull(authTokens.usedAt), lt(authTokens.usedAt, linksBefore)),
      ),
    )
    .returning({ id: authTokens.id });
  return {
    sessions: endedSessions.length,
    accessTokens: endedAccessTokens.length,
    oneTimeLinks: oldLinks.length,
  };
}
