import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ApiKey } from '@app/shared/api-keys';
import type { Database } from '../../db/client.js';
import { apiKeys, users, type ApiKeyRow } from '../../db/schema/index.js';

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    displayPrefix: `${row.prefix}…`,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function insertApiKey(
  db: Database,
  values: { userId: string; name: string; prefix: string; secretHash: string },
) {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

export function listApiKeys(db: Database, userId: string) {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
}

/** Marks the user's key revoked; null when no such key is theirs. Revoking twice keeps the first time. */
export async function revokeApiKey(db: Database, userId: string, id: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
  if (!row) return null;
  if (row.revokedAt) return row;
  const [updated] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return updated ?? row;
}

/** Revokes every key the user still has, e.g. when the password changes or the account is banned. */
export async function revokeUserApiKeys(db: Database, userId: string, now = new Date()) {
  await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
}

/** Every key sharing the lookup prefix (usually one), with its owner; hashes are compared by the caller. */
export function findApiKeyCandidates(db: Database, prefix: string) {
  return db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.prefix, prefix));
}

export async function touchApiKey(db: Database, id: string, now = new Date()) {
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id));
}
