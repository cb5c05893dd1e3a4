import { verificationErrorMessages } from '@app/shared/messages';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { verificationMail } from '../../adapters/mail/templates.js';
import { AppError } from '../../lib/app-error.js';
import { limitPerAddress, limitPerClient } from './account-request-limits.js';
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

/** Issues a new link (earlier ones stop working) and writes the mail that carries it. */
async function verificationMessage(deps: AuthDeps, user: UserRow): Promise<MailMessage> {
  const token = await issueOneTimeToken(deps.db, user.id, 'email_verification', verificationLifetimeMs);
  const link = `${deps.config.publicUrl}/email-verification?token=${token}`;
  return { to: user.email, ...verificationMail(user.username, link) };
}

export async function sendVerificationMail(deps: AuthDeps, user: UserRow) {
  deps.mail.deliver(await verificationMessage(deps, user), 'email verification');
}

/** The same, with the link issued after the answer (signup: as quick as for a taken address). */
export function sendVerificationMailLater(deps: AuthDeps, user: UserRow) {
  deps.mail.deliverLater('email verification', () => verificationMessage(deps, user));
}

/**
 * Silent about whether the address exists or is already verified: the answer is the same, and
 * the account is only looked up after it.
 */
export async function resendVerification(deps: AuthDeps, email: string, ip: string) {
  await limitPerClient(deps, 'resend-verification', ip);
  await limitPerAddress(deps, 'resend-verification', email);
  deps.mail.deliverLater('email verification', async () => {
    const user = await findUserByEmail(deps.db, email);
    return user && !user.emailVerifiedAt ? verificationMessage(deps, user) : null;
  });
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
