import { and, count, eq, ilike, or } from 'drizzle-orm';
import type { AdminUser } from '@app/shared/admin';
import type { Database } from '../../db/client.js';
import {
  keysetQuery,
  mapPage,
  pageOf,
  type Keyset,
  type Page,
  type PageRequest,
} from '../../lib/cursor-page.js';
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

/** Newest accounts first; index users_created_at_id_idx serves it. */
export const usersNewestFirst: Keyset = {
  direction: 'desc',
  keys: [
    { column: users.createdAt, kind: 'timestamp' },
    { column: users.id, kind: 'uuid' },
  ],
};

/** Case-insensitive substring match on username, e-mail or display name; total counts every match. */
export async function searchUsers(
  db: Database,
  text: string,
  page: PageRequest,
): Promise<{ page: Page<AdminUser>; total: number }> {
  const pattern = likePattern(text);
  const matching = text
    ? or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.displayName, pattern))
    : undefined;
  const keyset = keysetQuery(usersNewestFirst, page);
  const [rows, [total]] = await Promise.all([
    db
      .select({ item: users, cursorKey: keyset.cursorKey })
      .from(users)
      .where(and(matching, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
    db.select({ value: count() }).from(users).where(matching),
  ]);
  return { page: mapPage(pageOf(rows, page), toAdminUser), total: total?.value ?? 0 };
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
