import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users, type NewUserRow, type UserRow } from '../../db/schema/index.js';

const lower = (value: string) => value.trim().toLowerCase();

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${lower(email)}`)
    .limit(1);
  return row ?? null;
}

/** Usernames cannot contain "@", so an identifier with one can only be an e-mail. */
export async function findUserByLogin(db: Database, identifier: string): Promise<UserRow | null> {
  const column = identifier.includes('@') ? users.email : users.username;
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${column}) = ${lower(identifier)}`)
    .limit(1);
  return row ?? null;
}

/** Users holding either name, compared case-insensitively like the unique indexes do. */
export async function findUsersByUsernameOrEmail(db: Database, username: string, email: string) {
  return db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(
      or(sql`lower(${users.username}) = ${lower(username)}`, sql`lower(${users.email}) = ${lower(email)}`),
    );
}

export async function insertUser(db: Database, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: Database,
  id: string,
  changes: Partial<Pick<NewUserRow, 'username' | 'passwordHash' | 'mustChangePassword' | 'role' | 'isAdmin'>>,
): Promise<UserRow> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row!;
}

/** Keeps the first verification time when the address was already verified. */
export async function markEmailVerified(db: Database, id: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, id));
}
