import { sql } from 'drizzle-orm';
import { check, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Every timestamp is timestamptz: the server, PostgreSQL and browsers may sit in different zones. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const primaryId = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * Value lists are check-constrained text rather than pgEnum: a CHECK can be swapped inside the
 * migration transaction, while enum values cannot be removed and new ones are unusable until commit.
 */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  const literals = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return check(name, sql`${column} in (${sql.raw(literals)})`);
}
