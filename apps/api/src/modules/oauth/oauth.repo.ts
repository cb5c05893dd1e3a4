import { and, eq, sql } from 'drizzle-orm';
import type { OAuthProvider } from '@app/shared/auth';
import type { Database } from '../../db/client.js';
import { oauthAccounts, sessions, users, type UserRow } from '../../db/schema/index.js';

export interface AccountLink {
  provider: OAuthProvider;
  providerAccountId: string;
  email: string | null;
}

export async function findUserByOauthAccount(
  db: Database,
  provider: OAuthProvider,
  providerAccountId: string,
) {
  const [row] = await db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerAccountId, providerAccountId)))
    .limit(1);
  return row?.user ?? null;
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row ?? null;
}

export async function isUsernameTaken(db: Database, username: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return Boolean(row);
}

/**
 * Adds the provider account to an existing user whose address the provider has verified. If that
 * user never verified the address, whoever set its password did not prove they own it (an attacker
 * can pre-register a victim's address): the address becomes verified, and the password and every
 * open session are dropped. The owner can set a password again with "forgot password".
 */
export async function linkAccountToUser(db: Database, user: UserRow, link: AccountLink, now: Date) {
  return db.transaction(async (tx) => {
    await tx
      .insert(oauthAccounts)
      .values({ userId: user.id, ...link })
      .onConflictDoNothing();
    if (user.emailVerifiedAt) return user;
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    const [updated] = await tx
      .update(users)
      .set({ emailVerifiedAt: now, passwordHash: null, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    return updated!;
  });
}

/** Both rows or neither, so a failed sign-in leaves no account without a way to sign in. */
export async function createUserWithAccount(
  db: Database,
  values: { username: string; email: string; displayName: string | null; emailVerifiedAt: Date | null },
  link: AccountLink,
) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ ...values, passwordHash: null, signupSource: link.provider })
      .returning();
    await tx.insert(oauthAccounts).values({ userId: user!.id, ...link });
    return user!;
  });
}
