import { errorCodes } from '@app/shared/errors';
import type { LoginPayload } from '@app/shared/auth';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { authMessages } from './auth-messages.js';
import {
  assertAttemptAllowed,
  attemptIdentifiers,
  clearFailedAttempts,
  hashIp,
  recordFailedAttempt,
} from './login-throttle.js';
import { verifyPassword } from './password-hash.js';
import { findUserByLogin } from './user.repo.js';

export type LoginOutcome =
  { kind: 'signed-in'; user: UserRow } | { kind: 'must-change-password'; user: UserRow };

/**
 * Checks a login. Unknown names, wrong passwords and social-only accounts get the same 401 after
 * the same argon2 work; only a caller who knows the password learns more (unverified, must change).
 */
export async function checkLogin(
  db: Database,
  input: LoginPayload,
  ip: string | undefined,
): Promise<LoginOutcome> {
  const user = await findUserByLogin(db, input.username);
  const attempt = { identifiers: attemptIdentifiers(input.username, user), ipHash: await hashIp(db, ip) };
  await assertAttemptAllowed(db, attempt);

  const passwordMatches = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordMatches) {
    await recordFailedAttempt(db, attempt);
    throw new AppError(401, authMessages.invalidCredentials, errorCodes.invalidCredentials);
  }
  await clearFailedAttempts(db, attempt);

  if (!user.emailVerifiedAt) {
    throw new AppError(403, authMessages.emailNotVerified, errorCodes.emailNotVerified, {
      email: user.email,
    });
  }
  return user.mustChangePassword ? { kind: 'must-change-password', user } : { kind: 'signed-in', user };
}
