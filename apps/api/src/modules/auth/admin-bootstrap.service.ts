import { verify } from '@node-rs/argon2';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { readAuthState, writeAuthState } from './auth-state.repo.js';
import { endCredentialsAfterPasswordChange } from './credential-revocation.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import { findUserByEmail, findUserByLogin, insertUser, markEmailVerified, updateUser } from './user.repo.js';

export interface AdminAccount {
  email: string;
  password: string;
  username: string;
}

export type AdminOutcome = 'created' | 'password-set' | 'updated' | 'unchanged';

/** A problem the operator must fix in the settings; the message says how. */
export class AdminBootstrapError extends Error {}

const appliedPasswordKey = (email: string) => `bootstrap_admin_password:${email.trim().toLowerCase()}`;

/**
 * Creates the admin, or makes an existing account with that e-mail an admin. A password set from
 * outside is temporary (mustChangePassword). `environment` runs at every start, so it leaves the
 * password alone when it still matches, and also when it is the one applied before and the admin
 * has since chosen their own; `command` is the explicit reset and sets it whenever it differs.
 */
export async function ensureAdmin(
  db: Database,
  account: AdminAccount,
  source: 'environment' | 'command',
): Promise<{ outcome: AdminOutcome; user: UserRow }> {
  const existing = await findUserByEmail(db, account.email);
  const holder = await findUserByLogin(db, account.username);
  if (holder && holder.id !== existing?.id) {
    throw new AdminBootstrapError(
      `The username "${account.username}" already belongs to another account (${holder.email}). ` +
        'Choose a different admin username (ADMIN_USERNAME or --username) and try again.',
    );
  }

  if (!existing) {
    const user = await insertUser(db, {
      username: account.username,
      email: account.email.trim(),
      passwordHash: await hashPassword(account.password),
      role: 'admin',
      isAdmin: true,
      mustChangePassword: true,
      emailVerifiedAt: new Date(),
    });
    await rememberAppliedPassword(db, account);
    return { outcome: 'created', user };
  }

  const setPassword = await needsPassword(db, existing, account, source);
  const isCurrent =
    existing.username === account.username &&
    existing.role === 'admin' &&
    existing.isAdmin &&
    existing.emailVerifiedAt;
  if (!setPassword && isCurrent) return { outcome: 'unchanged', user: existing };

  const passwordChanges = setPassword
    ? { passwordHash: await hashPassword(account.password), mustChangePassword: true }
    : {};
  await updateUser(db, existing.id, {
    username: account.username,
    role: 'admin',
    isAdmin: true,
    ...passwordChanges,
  });
  await markEmailVerified(db, existing.id);
  if (setPassword) {
    // A temporary password is a forced change: what the old password gave (sessions, API keys, reset links) ends.
    await endCredentialsAfterPasswordChange(db, existing.id);
    await rememberAppliedPassword(db, account);
  }
  const user = (await findUserByEmail(db, account.email))!;
  return { outcome: setPassword ? 'password-set' : 'updated', user };
}

async function needsPassword(
  db: Database,
  user: UserRow,
  account: AdminAccount,
  source: 'environment' | 'command',
) {
  if (await verifyPassword(user.passwordHash, account.password)) return false;
  if (source === 'command') return true;
  const applied = await readAuthState(db, appliedPasswordKey(account.email));
  const alreadyApplied = applied !== null && (await verify(applied, account.password).catch(() => false));
  return !alreadyApplied;
}

async function rememberAppliedPassword(db: Database, account: AdminAccount) {
  await writeAuthState(db, appliedPasswordKey(account.email), await hashPassword(account.password));
}

export function describeAdminOutcome(outcome: AdminOutcome, email: string): string {
  switch (outcome) {
    case 'created':
      return `Admin ${email} created; the password must be changed at the first login.`;
    case 'password-set':
      return `Admin ${email} updated with the given password; it must be changed at the next login.`;
    case 'updated':
      return `Admin ${email} updated; the password was left as it is.`;
    case 'unchanged':
      return `Admin ${email} is already set up; nothing to change.`;
  }
}
