import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginAttempts } from '../../db/schema/index.js';

/** Only failures are stored: a success deletes them, so the table holds at most one window of mistakes. */
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

export async function deleteLoginFailures(db: Database, identifiers: string[]) {
  await db.delete(loginAttempts).where(inArray(loginAttempts.identifier, identifiers));
}

export async function deleteLoginAttemptsBefore(db: Database, before: Date) {
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, before));
}
