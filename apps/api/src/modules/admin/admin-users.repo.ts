import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { AdminUser } from '@app/shared/admin';
import type { Database } from '../../db/client.js';
import { users, type NewUserRow, type UserRow } from '../../db/schema/index.js';

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    displayName: row.displayName,
    tier: row.tier,
    role: row.role,
    isAdmin: row.isAdmin,
    emailVerified: row.emailVerifiedAt !== null,
    mustChangePassword: row.mustChangePassword,
    bannedAt: row.bannedAt?.toISOString() ?? null,
    suspendedUntil: row.suspendedUntil?.toISOString() ?? null,
    signupSource: row.signupSource,
    createdAt: row.createdAt.toISOString(),
  };
}

/** LIKE's own wildcards in the search text are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Case-insensitive substring match on username, e-mail or display name; newest accounts first. */
export async function searchUsers(db: Database, text: string, limit: number, offset: number) {
  const pattern = likePattern(text);
  const where = text
    ? or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.displayName, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toAdminUser), total: total?.value ?? 0 };
}

export async function findUserRow(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Row-locked read for an action, so two admins acting at once see each other's change. */
export async function lockUserRow(tx: Database, id: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function setUserFields(
  tx: Database,
  id: string,
  changes: Partial<
    Pick<NewUserRow, 'bannedAt' | 'suspendedUntil' | 'tier' | 'mustChangePassword' | 'referredByUserId'>
  >,
): Promise<UserRow> {
  const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
  return row!;
}
