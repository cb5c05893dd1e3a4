import { apiKeyErrorCodes, apiKeyTexts, type ApiKey } from '@app/shared/api-keys';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { checkAccountPassword } from '../account/reauthenticate.js';
import { createApiKeySecret } from './api-key-secret.js';
import { insertApiKey, listApiKeys, revokeApiKey, toApiKey } from './api-keys.repo.js';

export async function apiKeysOf(db: Database, userId: string): Promise<{ keys: ApiKey[] }> {
  return { keys: (await listApiKeys(db, userId)).map(toApiKey) };
}

/**
 * Proof of the password before a key is made: a key outlives the session, so a stolen session
 * alone must not be enough to mint one (docs/decisions/014-api-keys.md). Social-only accounts set a password first.
 */
async function checkPasswordForKey(db: Database, user: UserRow, password: string, ip: string) {
  if (!user.passwordHash)
    throw new AppError(403, apiKeyTexts.passwordNotSet, apiKeyErrorCodes.passwordNotSet);
  await checkAccountPassword(db, user, password, ip, apiKeyTexts.passwordRequired, 'currentPassword');
}

/** A new key and its secret, which leaves the server this once: only its hash is stored. */
export async function createApiKey(
  db: Database,
  user: UserRow,
  request: { name: string; currentPassword: string },
  ip: string,
): Promise<{ key: ApiKey; secret: string }> {
  await checkPasswordForKey(db, user, request.currentPassword, ip);
  const { secret, prefix, secretHash } = createApiKeySecret();
  const row = await insertApiKey(db, { userId: user.id, name: request.name, prefix, secretHash });
  return { key: toApiKey(row), secret };
}

export async function revokeOwnApiKey(db: Database, userId: string, id: string): Promise<ApiKey> {
  const row = await revokeApiKey(db, userId, id);
  if (!row) throw AppError.notFound(apiKeyTexts.notFound);
  return toApiKey(row);
}
