import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { earlyAccessOptIns } from '../../db/schema/index.js';

export function listOptIns(db: Database, userId: string) {
  return db.select().from(earlyAccessOptIns).where(eq(earlyAccessOptIns.userId, userId));
}

/** Idempotent: opting in twice keeps the first time. */
export async function insertOptIn(db: Database, userId: string, feature: string) {
  await db.insert(earlyAccessOptIns).values({ userId, feature }).onConflictDoNothing();
}

export async function deleteOptIn(db: Database, userId: string, feature: string) {
  await db
    .delete(earlyAccessOptIns)
    .where(and(eq(earlyAccessOptIns.userId, userId), eq(earlyAccessOptIns.feature, feature)));
}
