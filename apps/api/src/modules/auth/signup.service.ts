import type { SignupPayload } from '@app/shared/auth';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../db/errors.js';
import { authErrorCodes, authMessages } from './auth-messages.js';
import type { AuthDeps } from './auth-deps.js';
import { hashPassword } from './password-hash.js';
import { findUsersByUsernameOrEmail, insertUser } from './user.repo.js';
import { sendVerificationMail } from './verification.service.js';

const usernameTaken = () => AppError.conflict(authMessages.usernameTaken, authErrorCodes.usernameTaken);
const emailTaken = () => AppError.conflict(authMessages.emailTaken, authErrorCodes.emailTaken);

/** Creates an unverified account and mails its verification link; the user logs in after clicking it. */
export async function signUp(deps: AuthDeps, input: SignupPayload): Promise<{ id: string; email: string }> {
  const clashes = await findUsersByUsernameOrEmail(deps.db, input.username, input.email);
  if (clashes.some((user) => user.username.toLowerCase() === input.username.toLowerCase()))
    throw usernameTaken();
  if (clashes.length) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  let user;
  try {
    user = await insertUser(deps.db, { username: input.username, email: input.email, passwordHash, signupSource: 'password' });
  } catch (error) {
    // Two signups for the same name at the same moment: the unique index decides, with the same answer.
    if (isUniqueViolation(error, 'users_username_lower_key')) throw usernameTaken();
    if (isUniqueViolation(error, 'users_email_lower_key')) throw emailTaken();
    throw error;
  }
  await sendVerificationMail(deps, user);
  return { id: user.id, email: user.email };
}
