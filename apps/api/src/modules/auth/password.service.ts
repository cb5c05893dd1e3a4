import type { z } from 'zod';
import type { changePasswordSchema } from '@app/shared/auth';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { passwordResetMail } from '../../adapters/mail/templates.js';
import { AppError } from '../../lib/app-error.js';
import { limitPerAddress, limitPerClient } from './account-request-limits.js';
import { authErrorCodes, authMessages } from './auth-messages.js';
import type { AuthDeps } from './auth-deps.js';
import { attemptIdentifiers, clearFailedAttempts } from './login-throttle.js';
import { endCredentialsAfterPasswordChange } from './credential-revocation.js';
import { checkPasswordThrottled } from './password-check.js';
import { consumeOneTimeToken, findOneTimeToken, issueOneTimeToken } from './one-time-token.repo.js';
import { hashPassword } from './password-hash.js';
import { findUserByEmail, findUserById, markEmailVerified, updateUser } from './user.repo.js';

export const resetLifetimeMs = 60 * 60 * 1000;

/**
 * Mails a reset link when the account exists; social-only accounts may use it to set a first
 * password. Before the answer only the limits are taken, the same for any address; finding the
 * account and issuing its link happen afterwards, so the answer takes as long either way.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string, ip: string) {
  await limitPerClient(deps, 'forgot-password', ip);
  await limitPerAddress(deps, 'forgot-password', email);
  deps.mail.deliverLater('password reset', async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user) return null;
    const token = await issueOneTimeToken(deps.db, user.id, 'password_reset', resetLifetimeMs);
    const link = `${deps.config.publicUrl}/reset-password?token=${token}`;
    return { to: user.email, ...passwordResetMail(user.username, link) };
  });
}

const invalidResetLink = () =>
  AppError.badRequest(authMessages.resetLinkInvalid, authErrorCodes.invalidResetToken);

/**
 * Sets the new password and signs the account out everywhere: whoever had the old password loses
 * access, API keys and mailed links included. Following the mailed link also proves the address,
 * so it counts as verified.
 */
export async function resetPassword(db: Database, token: string, newPassword: string) {
  const row = await findOneTimeToken(db, token);
  if (!row || row.purpose !== 'password_reset' || row.usedAt || row.expiresAt <= new Date())
    throw invalidResetLink();
  const passwordHash = await hashPassword(newPassword);
  const user = await db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, row.id))) throw invalidResetLink();
    const updated = await updateUser(tx, row.userId, { passwordHash, mustChangePassword: false });
    await markEmailVerified(tx, row.userId);
    await endCredentialsAfterPasswordChange(tx, row.userId);
    return updated;
  });
  // Whoever was locked out by someone guessing may log in at once with the new password.
  await clearFailedAttempts(db, { identifiers: attemptIdentifiers(null, user), ipHash: null });
}

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * The current password is the proof here (the forced change after login has no session yet), so
 * it is throttled exactly like a login and shares the account's failure count.
 */
export async function changePassword(
  db: Database,
  input: ChangePasswordInput,
  ip: string | undefined,
): Promise<UserRow> {
  const found = await findUserById(db, input.userId);
  const user = await checkPasswordThrottled(db, {
    user: found,
    password: input.currentPassword,
    identifiers: found ? attemptIdentifiers(null, found) : [`account:${input.userId}`],
    ip,
    wrongPasswordMessage: authMessages.currentPasswordWrong,
  });
  if (input.newPassword === input.currentPassword) {
    throw AppError.badRequest(authMessages.samePassword, authErrorCodes.samePassword);
  }

  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const updated = await updateUser(tx, user.id, { passwordHash, mustChangePassword: false });
    await endCredentialsAfterPasswordChange(tx, user.id);
    return updated;
  });
}
