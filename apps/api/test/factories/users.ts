import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/client.js';
import { users, type NewUserRow, type UserRow } from '../../src/db/schema/index.js';

/** A verified free user unless told otherwise; names are unique per call. */
export async function newUser(db: Database, overrides: Partial<NewUserRow> = {}): Promise<UserRow> {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(users)
    .values({
      username: `creator_${suffix}`,
      email: `creator_${suffix}@example.com`,
      emailVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}
