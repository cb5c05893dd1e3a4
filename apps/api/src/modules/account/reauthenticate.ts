import { accountErrorCodes, accountMessages } from '@app/shared/account';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { attemptIdentifiers, clearFailedAttempts, hashIp, reserveAttempt } from '../auth/login-throttle.js';
import { verifyPassword } from '../auth/password-hash.js';

/**
 * The signed-in user proves again that they know the password before a change a stolen session
 * must not make (a new e-mail, deleting the account). Failures count against the same limit as
 * logins, so the check cannot be used to guess the password. A 403, not a 401: the session is fine.
 */
export async function checkAccountPassword(
  db: Database,
  user: UserRow,
  password: string | undefined,
  ip: string | undefined,
  missingMessage: string,
  field = 'password',
) {
  if (!password) {
    throw new AppError(400, missingMessage, accountErrorCodes.passwordRequired, { field });
  }
  const attempt = { identifiers: attemptIdentifiers(null, user), ipHash: await hashIp(db, ip) };
  await reserveAttempt(db, attempt);
  // A failure keeps its reservation: it already counts.
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError(403, accountMessages.wrongPassword, accountErrorCodes.wrongPassword, { field });
  }
  await clearFailedAttempts(db, attempt);
}
