import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authTokens, type AuthTokenRow } from '../../db/schema/index.js';
import { createOpaqueToken, hashToken } from './session-token.js';

export type OneTimePurpose = 'email_verification' | 'password_reset';

/**
 * Issues a fresh link token and deletes the user's earlier ones of the same purpose, so only the
 * newest link works. Returns the raw token for the mail; only its hash is stored.
 */
export async function issueOneTimeToken(
  db: Database,
  userId: string,
  purpose: OneTimePurpose,
  lifetimeMs: number,
) {
  const token = createOpaqueToken();
  await db.transaction(async (tx) => {
    await tx.delete(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose)));
    await tx.insert(authTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + lifetimeMs),
    });
  });
  return token;
}

export async function findOneTimeToken(db: Database, token: string): Promise<AuthTokenRow | null> {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(eq(authTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

/** Marks the token used if nobody else did first: of two concurrent clicks only one wins. */
export async function consumeOneTimeToken(db: Database, id: string, now = new Date()): Promise<boolean> {
  const claimed = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning({ id: authTokens.id });
  return claimed.length === 1;
}

/** Removes the user's links of these purposes, used or not: none of them can be opened any more. */
export async function deleteOneTimeTokens(db: Database, userId: string, purposes: AuthTokenRow['purpose'][]) {
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.userId, userId), inArray(authTokens.purpose, purposes)));
}
