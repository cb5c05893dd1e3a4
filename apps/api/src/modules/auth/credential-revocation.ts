import type { Database } from '../../db/client.js';
import { revokeUserApiKeys } from '../api-keys/api-keys.repo.js';
import type { AuthTokenRow } from '../../db/schema/index.js';
import { deleteOneTimeTokens } from './one-time-token.repo.js';
import { deleteUserSessions } from './session.repo.js';

/**
 * Mailed links that would let their holder take the account over or undo a change (decision 019):
 * a reset link sets a password; a pending e-mail change moves where the next reset link goes.
 */
const linksEndedByPasswordChange: AuthTokenRow['purpose'][] = ['password_reset', 'email_change'];

/** Links sent to the old address: a reset link still grants the account, a verification link proves an address it no longer has. */
const linksEndedByEmailChange: AuthTokenRow['purpose'][] = ['password_reset', 'email_verification'];

/**
 * Whoever held a session or an API key loses it (ban, an admin's forced password change). API keys
 * are never cached (decision 017), so a revoked key is refused at once by every process; the
 * session rows' triggers make every process forget the cached sessions.
 */
export async function endSignIns(db: Database, userId: string) {
  await deleteUserSessions(db, userId);
  await revokeUserApiKeys(db, userId);
}

/** A new password (reset, change, or a temporary one set by an admin): nothing the old one gave still works. */
export async function endCredentialsAfterPasswordChange(db: Database, userId: string) {
  await endSignIns(db, userId);
  await deleteOneTimeTokens(db, userId, linksEndedByPasswordChange);
}

/** A confirmed new address: links mailed to the old one stop working. */
export async function endLinksAfterEmailChange(db: Database, userId: string) {
  await deleteOneTimeTokens(db, userId, linksEndedByEmailChange);
}
