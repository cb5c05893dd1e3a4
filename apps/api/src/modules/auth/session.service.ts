import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { createAccessToken } from './access-token.repo.js';
import { authMessages } from './auth-messages.js';
import { deleteSession, findSessionUser } from './session.repo.js';

/** A fresh short-lived access token for the session the cookie names; 401 when it has ended. */
export async function refreshAccessToken(db: Database, sessionCookie: string | undefined) {
  const session = sessionCookie ? await findSessionUser(db, sessionCookie) : null;
  if (!session) throw AppError.unauthorized(authMessages.sessionEnded);
  const { accessToken, expiresAt } = await createAccessToken(db, session.sessionId);
  return { accessToken, expiresAt: expiresAt.toISOString() };
}

/** Sign-out: the session row goes, and with it (ON DELETE CASCADE) its access tokens. */
export async function endSession(db: Database, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}
