import type { SignupPayload } from '@app/shared/auth';
import { signupAttemptMail } from '../../adapters/mail/templates.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../db/errors.js';
import { limitPerAddress, limitPerClient } from './account-request-limits.js';
import { authErrorCodes, authMessages } from './auth-messages.js';
import type { AuthDeps } from './auth-deps.js';
import { hashPassword } from './password-hash.js';
import { findUserByEmail, findUsersByUsernameOrEmail, insertUser } from './user.repo.js';
import { sendVerificationMailLater } from './verification.service.js';

const usernameTaken = () => AppError.conflict(authMessages.usernameTaken, authErrorCodes.usernameTaken);

/** Tells the owner of a taken address that someone tried to sign up with it, after the answer. */
function mailOwnerAboutSignupAttempt(deps: AuthDeps, email: string) {
  deps.mail.deliverLater('signup attempt', async () => {
    const owner = await findUserByEmail(deps.db, email);
    if (!owner) return null;
    const base = deps.config.publicUrl;
    return {
      to: owner.email,
      ...signupAttemptMail(owner.username, `${base}/login`, `${base}/forgot-password`),
    };
  });
}

/**
 * Creates an unverified account and mails its verification link; the user logs in after clicking it.
 * A taken username is said (usernames are public); a taken e-mail is not: the answer is the one a
 * new account gets, after the same password hashing, and the address's owner is mailed instead
 * (decision 018). `id` is null then: no account was made.
 */
export async function signUp(
  deps: AuthDeps,
  input: SignupPayload,
  ip: string,
): Promise<{ id: string | null; email: string }> {
  await limitPerClient(deps, 'signup', ip);
  const clashes = await findUsersByUsernameOrEmail(deps.db, input.username, input.email);
  if (clashes.some((user) => user.username.toLowerCase() === input.username.toLowerCase()))
    throw usernameTaken();
  await limitPerAddress(deps, 'signup', input.email);

  const passwordHash = await hashPassword(input.password);
  const emailTaken = () => {
    mailOwnerAboutSignupAttempt(deps, input.email);
    return { id: null, email: input.email };
  };
  if (clashes.length) return emailTaken();
  try {
    const user = await insertUser(deps.db, {
      username: input.username,
      email: input.email,
      passwordHash,
      signupSource: 'password',
    });
    sendVerificationMailLater(deps, user);
    return { id: user.id, email: user.email };
  } catch (error) {
    // Two signups for the same name at the same moment: the unique index decides, with the same answer.
    if (isUniqueViolation(error, 'users_username_lower_key')) throw usernameTaken();
    if (isUniqueViolation(error, 'users_email_lower_key')) return emailTaken();
    throw error;
  }
}
