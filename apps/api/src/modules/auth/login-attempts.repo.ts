import { createHash } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginAttempts } from '../../db/schema/index.js';

/**
 * Only failures are stored: an attempt is inserted as a failure before its password is checked
 * (a reservation), and a success deletes them, so the table holds at most one window of mistakes.
 */
export async function insertLoginFailure(db: Database, identifier: string, ipHash: string | null) {
  await db.insert(loginAttempts).values({ identifier, ipHash, succeeded: false });
}

/** The newest `limit` failure times, newest first, for any of the identifiers or for one IP hash. */
export async function recentFailureTimes(
  db: Database,
  scope: { identifiers: string[] } | { ipHash: string },
  since: Date,
  limit: number,
): Promise<Date[]> {
  const matches =
    'ipHash' in scope
      ? eq(loginAttempts.ipHash, scope.ipHash)
      : inArray(loginAttempts.identifier, scope.identifiers);
  const rows = await db
    .select({ attemptedAt: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(and(matches, eq(loginAttempts.succeeded, false), gt(loginAttempts.attemptedAt, since)))
    .orderBy(desc(loginAttempts.attemptedAt))
    .limit(limit);
  return rows.map((row) => row.attemptedAt);
}

// The two-key advisory lock space, first key fixed: it cannot meet the migrations' one-key lock.
const attemptLockSpace = 0x4c6f6731; // "Log1"

const lockKeyOf = (name: string) => createHash('sha256').update(name).digest().readInt32BE(0);

/**
 * Locks, until the transaction ends, every name and address an attempt counts against, in one
 * global order so two attempts sharing names cannot deadlock. Advisory locks need no row to
 * exist, and hold across server processes (on PGlite, one connection, transactions queue anyway).
 */
export async function lockAttemptNames(tx: Database, names: string[]) {
  const keys = [...new Set(names.map(lockKeyOf))].sort((a, b) => a - b);
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(${attemptLockSpace}, ${key})`);
}

export async function deleteLoginFailures(db: Database, identifiers: string[]) {
  await db.delete(loginAttempts).where(inArray(loginAttempts.identifier, identifiers));
}

export async function deleteLoginAttemptsBefore(db: Database, before: Date) {
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, before));
}
