import type { OAuthProvider } from '@app/shared/auth';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { UserRow } from '../../db/schema/index.js';
import { baseUsername, placeholderEmail, suffixedUsername } from './account-names.js';
import { OAuthFlowError } from './oauth.client.js';
import {
  createUserWithAccount,
  findUserByEmail,
  findUserByOauthAccount,
  isUsernameTaken,
  linkAccountToUser,
  type AccountLink,
} from './oauth.repo.js';
import type { ProviderProfile } from './providers.js';

const maxAttempts = 5;

/**
 * The account a provider profile signs in to: the one already linked to it; else the one whose
 * address the provider verified (linked now); else a new account without a password.
 */
export async function resolveUser(
  db: Database,
  provider: OAuthProvider,
  profile: ProviderProfile,
  now = new Date(),
): Promise<UserRow> {
  const email = profile.email?.trim().toLowerCase() || null;
  const link: AccountLink = { provider, providerAccountId: profile.accountId, email };
  let username: string | undefined;
  let placeholderAttempt = 0;

  // Unique violations mean a concurrent request or a name clash: look again, then retry with a new name.
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const linked = await findUserByOauthAccount(db, provider, profile.accountId);
    if (linked) return linked;

    const sameEmail = email ? await findUserByEmail(db, email) : null;
    if (sameEmail && profile.emailVerified) return linkAccountToUser(db, sameEmail, link, now);
    // An unverified address proves nothing, so it may not take over the account that has it.
    if (sameEmail)
      throw new OAuthFlowError(
        'email_in_use',
        'the address belongs to another account and the provider did not verify it',
      );

    username ??= await availableUsername(db, baseUsername(provider, profile));
    try {
      return await createUserWithAccount(
        db,
        {
          username,
          email: email ?? placeholderEmail(provider, profile, placeholderAttempt),
          displayName: profile.name?.trim().slice(0, 100) || null,
          emailVerifiedAt: email && profile.emailVerified ? now : null,
        },
        link,
      );
    } catch (error) {
      if (isUniqueViolation(error, 'users_username_lower_key'))
        username = suffixedUsername(baseUsername(provider, profile));
      else if (isUniqueViolation(error, 'users_email_lower_key') && !email) placeholderAttempt += 1;
      else if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new OAuthFlowError('no_free_name', `no free username or address after ${maxAttempts} attempts`);
}

async function availableUsername(db: Database, base: string): Promise<string> {
  let candidate = base;
  for (let attempt = 0; attempt < maxAttempts && (await isUsernameTaken(db, candidate)); attempt += 1) {
    candidate = suffixedUsername(base);
  }
  return candidate;
}
