import type { LoginPayload } from '@app/shared/auth';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { authMessages } from './auth-messages.js';
import { attemptIdentifiers } from './login-throttle.js';
import { checkPasswordThrottled } from './password-check.js';
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
  const found = await findUserByLogin(db, input.username);
  const user = await checkPasswordThrottled(db, {
    user: found,
    password: input.password,
    identifiers: attemptIdentifiers(input.username, found),
    ip,
    wrongPasswordMessage: authMessages.invalidCredentials,
  });
  return user.mustChangePassword ? { kind: 'must-change-password', user } : { kind: 'signed-in', user };
}
