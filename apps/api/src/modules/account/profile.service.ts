import { eq, sql } from 'drizzle-orm';
import {
  accountErrorCodes,
  accountMessages,
  type Profile,
  type updateProfileSchema,
} from '@app/shared/account';
import type { z } from 'zod';
import { emailChangedNotice, emailChangeMail } from '../../adapters/mail/templates.js';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { endLinksAfterEmailChange } from '../auth/credential-revocation.js';
import type { MailDispatch } from '../auth/mail-dispatch.js';
import { consumeOneTimeToken, findOneTimeToken } from '../auth/one-time-token.repo.js';
import { findUserByEmail, findUserById } from '../auth/user.repo.js';
import { findPendingEmail, issueEmailChangeToken } from './email-change.repo.js';
import { checkAccountPassword } from './reauthenticate.js';

export interface ProfileDeps {
  db: Database;
  config: AppConfig;
  mail: MailDispatch;
}

type ProfileChange = z.output<typeof updateProfileSchema>;

export async function profileOf(db: Database, user: UserRow): Promise<Profile> {
  return {
    username: user.username,
    email: user.email,
    displayName: user.displayName,
    bio: user.bio,
    pendingEmail: await findPendingEmail(db, user.id),
    hasPassword: user.passwordHash !== null,
  };
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Display name and bio are saved at once. A new e-mail is only recorded as pending and a link is
 * mailed to it: the address changes when that link is opened, so a typo or someone else's address
 * never takes over the account's mail. Accounts with a password must also give it, so a stolen
 * session alone cannot redirect password-reset mails.
 */
export async function updateProfile(
  deps: ProfileDeps,
  user: UserRow,
  change: ProfileChange,
  ip: string | undefined,
) {
  const wantsNewEmail = change.email !== undefined && !sameAddress(change.email, user.email);
  if (wantsNewEmail) {
    // The password first: only its owner may learn that an address already has an account.
    if (user.passwordHash) {
      await checkAccountPassword(
        deps.db,
        user,
        change.currentPassword,
        ip,
        accountMessages.passwordRequiredForEmail,
      );
    }
    if (await findUserByEmail(deps.db, change.email!)) {
      throw AppError.conflict(accountMessages.emailTaken, accountErrorCodes.emailTaken);
    }
  }

  const fields = {
    ...(change.displayName !== undefined ? { displayName: change.displayName } : {}),
    ...(change.bio !== undefined ? { bio: change.bio } : {}),
  };
  const [saved] = Object.keys(fields).length
    ? await deps.db.update(users).set(fields).where(eq(users.id, user.id)).returning()
    : [user];

  let message: string = accountMessages.profileSaved;
  if (wantsNewEmail) {
    const newEmail = change.email!.trim();
    const token = await issueEmailChangeToken(deps.db, user.id, newEmail);
    const link = `${deps.config.publicUrl}/api/user/email/confirm?token=${token}`;
    deps.mail.deliver({ to: newEmail, ...emailChangeMail(user.username, newEmail, link) }, 'email change');
    message = accountMessages.emailChangeSent(newEmail);
  }
  return { profile: await profileOf(deps.db, saved!), message };
}

export class EmailChangeError extends AppError {
  constructor(readonly reason: 'invalid' | 'expired' | 'taken') {
    const [status, message, code] =
      reason === 'taken'
        ? [409, accountMessages.emailTaken, accountErrorCodes.emailTaken]
        : reason === 'expired'
          ? [400, accountMessages.emailChangeLinkExpired, accountErrorCodes.emailChangeLinkExpired]
          : [400, accountMessages.emailChangeLinkInvalid, accountErrorCodes.emailChangeLinkInvalid];
    super(status, message, code);
  }
}

/** `j***@example.com`: enough for the old address's owner to recognise it, not to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

/**
 * Opening the mailed link: the switch happens here, once, and the old address is told. Links
 * mailed to the old address (reset, verification) stop working.
 */
export async function confirmEmailChange(deps: ProfileDeps, token: string | undefined, now = new Date()) {
  const row = token ? await findOneTimeToken(deps.db, token) : null;
  if (!row || row.purpose !== 'email_change' || !row.newEmail || row.usedAt)
    throw new EmailChangeError('invalid');
  if (row.expiresAt <= now) throw new EmailChangeError('expired');
  const user = await findUserById(deps.db, row.userId);
  if (!user) throw new EmailChangeError('invalid');
  const newEmail = row.newEmail;

  try {
    await deps.db.transaction(async (tx) => {
      if (!(await consumeOneTimeToken(tx, row.id, now))) throw new EmailChangeError('invalid');
      // The link reached the new address, so it is verified from now on.
      await tx
        .update(users)
        .set({ email: newEmail, emailVerifiedAt: sql`now()` })
        .where(eq(users.id, user.id));
      await endLinksAfterEmailChange(tx, user.id);
    });
  } catch (error) {
    // Someone signed up with the address after the link was sent.
    if (isUniqueViolation(error)) throw new EmailChangeError('taken');
    throw error;
  }
  deps.mail.deliver(
    {
      to: user.email,
      ...emailChangedNotice(user.username, maskEmail(newEmail), `${deps.config.publicUrl}/settings`),
    },
    'email changed notice',
  );
  return { email: newEmail };
}
