import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authTokens } from '../../db/schema/index.js';
import { createOpaqueToken, hashToken } from '../auth/session-token.js';

export const emailChangeLifetimeMs = 24 * 60 * 60 * 1000;

/** A new link for the address; earlier change links of the user stop working. Only the hash is stored. */
export async function issueEmailChangeToken(db: Database, userId: string, newEmail: string) {
  const token = createOpaqueToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(authTokens)
      .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, 'email_change')));
    await tx.insert(authTokens).values({
      userId,
      purpose: 'email_change',
      tokenHash: hashToken(token),
      newEmail,
      expiresAt: new Date(Date.now() + emailChangeLifetimeMs),
    });
  });
  return token;
}

/** The address still waiting for its link, if any. */
export async function findPendingEmail(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: authTokens.newEmail })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, 'email_change'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.newEmail ?? null;
}
