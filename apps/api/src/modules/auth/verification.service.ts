import { verificationErrorMessages } from '@app/shared/messages';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { verificationMail } from '../../adapters/mail/templates.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthDeps } from './auth-deps.js';
import { consumeOneTimeToken, findOneTimeToken, issueOneTimeToken } from './one-time-token.repo.js';
import { findUserByEmail, findUserById, markEmailVerified } from './user.repo.js';

export const verificationLifetimeMs = 24 * 60 * 60 * 1000;

export type VerificationErrorCode =
  | 'missing_token'
  | 'invalid_token'
  | 'expired_token'
  | 'invalid_token_type'
  | 'user_not_found'
  | 'verification_failed';

/** Carries one of the spec's verification codes; the page and the landing page know their texts. */
export class VerificationError extends AppError {
  constructor(readonly reason: VerificationErrorCode) {
    super(reason === 'user_not_found' ? 404 : 400, verificationErrorMessages[reason]!, reason);
  }
}

/** Issues a new link (earlier ones stop working) and mails it. */
export async function sendVerificationMail(deps: AuthDeps, user: UserRow) {
  const token = await issueOneTimeToken(deps.db, user.id, 'email_verification', verificationLifetimeMs);
  const link = `${deps.config.publicUrl}/email-verification?token=${token}`;
  deps.mail.deliver({ to: user.email, ...verificationMail(user.username, link) }, 'email verification');
}

/** Silent about whether the address exists or is already verified: the answer is the same. */
export async function resendVerification(deps: AuthDeps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.emailVerifiedAt) await sendVerificationMail(deps, user);
}

export async function verifyEmail(db: Database, token: string | undefined, now = new Date()) {
  if (!token) throw new VerificationError('missing_token');
  const row = await findOneTimeToken(db, token);
  if (!row) throw new VerificationError('invalid_token');
  if (row.purpose !== 'email_verification') throw new VerificationError('invalid_token_type');
  if (row.usedAt) throw new VerificationError('invalid_token');
  if (row.expiresAt <= now) throw new VerificationError('expired_token');
  const user = await findUserById(db, row.userId);
  if (!user) throw new VerificationError('user_not_found');

  const consumed = await db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, row.id, now))) return false;
    await markEmailVerified(tx, user.id);
    return true;
  });
  if (!consumed) throw new VerificationError('invalid_token');
  return { email: user.email };
}
