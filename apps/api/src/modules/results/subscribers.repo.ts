import { and, desc, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { subscriberCounts } from '../../db/schema/index.js';

export interface SubscriberCountValues {
  day: string;
  source: string;
  newSubscribers: number;
}

/** Her recorded days from `fromDay` on, newest first. */
export async function listSubscriberCounts(db: Database, userId: string, fromDay: string) {
  return db
    .select()
    .from(subscriberCounts)
    .where(and(eq(subscriberCounts.userId, userId), gte(subscriberCounts.day, fromDay)))
    .orderBy(desc(subscriberCounts.day), asc(subscriberCounts.source));
}

/** The sources she already uses, so "onlyfans" joins "OnlyFans" instead of starting a second one. */
export async function knownSources(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ source: subscriberCounts.source })
    .from(subscriberCounts)
    .where(eq(subscriberCounts.userId, userId));
  return rows.map((row) => row.source);
}

/**
 * Saves the counts in one transaction (a day and source already recorded takes the new count),
 * and says how many replaced an earlier count.
 */
export async function upsertSubscriberCounts(
  db: Database,
  userId: string,
  values: readonly SubscriberCountValues[],
) {
  return db.transaction(async (tx) => {
    const days = [...new Set(values.map((value) => value.day))];
    const existing = await tx
      .select({ day: subscriberCounts.day, source: subscriberCounts.source })
      .from(subscriberCounts)
      .where(
        and(
          eq(subscriberCounts.userId, userId),
          sql`${subscriberCounts.day} in (${sql.join(
            days.map((day) => sql`${day}::date`),
            sql`, `,
          )})`,
        ),
      );
    const known = new Set(existing.map((row) => `${row.day}|${row.source}`));
    const rows = await tx
      .insert(subscriberCounts)
      .values(values.map((value) => ({ userId, ...value })))
      .onConflictDoUpdate({
        target: [subscriberCounts.userId, subscriberCounts.day, subscriberCounts.source],
        set: { newSubscribers: sql`excluded.new_subscribers`, updatedAt: sql`now()` },
      })
      .returning();
    const replaced = values.filter((value) => known.has(`${value.day}|${value.source}`)).length;
    return { rows, replaced };
  });
}

export async function deleteSubscriberCounts(
  db: Database,
  userId: string,
  day: string,
  source: string | undefined,
) {
  const rows = await db
    .delete(subscriberCounts)
    .where(
      and(
        eq(subscriberCounts.userId, userId),
        eq(subscriberCounts.day, day),
        source === undefined ? undefined : sql`lower(${subscriberCounts.source}) = lower(${source})`,
      ),
    )
    .returning({ id: subscriberCounts.id });
  return rows.length;
}

/** New subscribers she recorded from `fromDay` to `toDay` (both included), and on how many days. */
export async function subscribersBetween(db: Database, userId: string, fromDay: string, toDay: string) {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${subscriberCounts.newSubscribers}), 0)::int`,
      days: sql<number>`count(distinct ${subscriberCounts.day})::int`,
    })
    .from(subscriberCounts)
    .where(
      and(
        eq(subscriberCounts.userId, userId),
        gte(subscriberCounts.day, fromDay),
        lte(subscriberCounts.day, toDay),
      ),
    );
  return row ?? { total: 0, days: 0 };
}
