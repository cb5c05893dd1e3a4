import { errorCodes } from '@app/shared/errors';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { authMessages } from './auth-messages.js';
import { clearFailedAttempts, hashIp, reserveAttempt } from './login-throttle.js';
import { verifyPassword } from './password-hash.js';

/**
 * The check login and change-password share: throttled, the same argon2 work whether or not the
 * account exists, a 401 with `wrongPasswordMessage` on failure, and a 403 for an unverified e-mail
 * (only once the password is proven, so the 403 reveals nothing to a guesser).
 */
export async function checkPasswordThrottled(
  db: Database,
  check: {
    user: UserRow | null;
    password: string;
    identifiers: string[];
    ip: string | undefined;
    wrongPasswordMessage: string;
  },
): Promise<UserRow> {
  const attempt = { identifiers: check.identifiers, ipHash: await hashIp(db, check.ip) };
  await reserveAttempt(db, attempt);

  const matches = await verifyPassword(check.user?.passwordHash, check.password);
  // A failure keeps its reservation: it already counts.
  if (!check.user || !matches) {
    throw new AppError(401, check.wrongPasswordMessage, errorCodes.invalidCredentials);
  }
  await clearFailedAttempts(db, attempt);

  if (!check.user.emailVerifiedAt) {
    throw new AppError(403, authMessages.emailNotVerified, errorCodes.emailNotVerified, {
      email: check.user.email,
    });
  }
  return check.user;
}
