import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { redditRateBudget, type RedditRateBudgetRow } from '../../db/schema/index.js';

/** The row's columns, as single SQL statements read and change them (docs/decisions/038-reddit-rate-budget.md). */
const b = redditRateBudget;
const expired = sql`${b.windowEndsAt} <= now()`;
/** What is left now: a window that has ended refills to its size. */
const leftNow = sql`(case when ${expired} then ${b.windowSize}::double precision else ${b.remaining} end)`;
const secondsInterval = (seconds: number) => sql`make_interval(secs => ${seconds}::double precision)`;

export interface BudgetSettings {
  requests: number;
  windowSeconds: number;
}

/**
 * Creates the client's row with a full window; a size from config counts only until Reddit's headers
 * say. A process started with another size before any header was seen resizes the row, and what is
 * left and the window's end shrink with it: a row made with a larger figure would otherwise let every
 * process spend the old figure's calls until Reddit answered (two processes drew 429s that way).
 */
export async function ensureBudgetRow(db: Database, clientKey: string, settings: BudgetSettings) {
  const windowEnd = sql`now() + ${secondsInterval(settings.windowSeconds)}`;
  await db
    .insert(b)
    .values({
      clientKey,
      windowSize: settings.requests,
      remaining: settings.requests,
      windowEndsAt: windowEnd,
    })
    .onConflictDoUpdate({
      target: b.clientKey,
      set: {
        windowSize: settings.requests,
        remaining: sql`least(${leftNow}, ${settings.requests}::double precision)`,
        windowEndsAt: sql`case when ${expired} then ${windowEnd} else least(${b.windowEndsAt}, ${windowEnd}) end`,
      },
      setWhere: sql`${b.observedAt} is null and ${b.windowSize} <> ${settings.requests}`,
    });
}

/**
 * Takes n calls when at least `reserve` calls stay left afterwards, starting a new window when the
 * last one ended. One conditional UPDATE: two processes can never both take the last call.
 * Returns false (nothing taken) when the reserve would be touched.
 */
export async function takeCalls(
  db: Database,
  clientKey: string,
  n: number,
  reserveFraction: number,
  windowSeconds: number,
): Promise<boolean> {
  const calls = sql`${n}::double precision`;
  const rows = await db
    .update(b)
    .set({
      remaining: sql`${leftNow} - ${calls}`,
      windowEndsAt: sql`case when ${expired} then now() + ${secondsInterval(windowSeconds)} else ${b.windowEndsAt} end`,
      spentSinceHeaders: sql`case when ${expired} then ${n}::int else ${b.spentSinceHeaders} + ${n}::int end`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(b.clientKey, clientKey),
        sql`${leftNow} - ${calls} >= ${reserveFraction}::double precision * ${b.windowSize}`,
      ),
    )
    .returning({ clientKey: b.clientKey });
  return rows.length > 0;
}

export interface BudgetState {
  windowSize: number;
  /** Left now (a window that has ended counts as full). */
  remaining: number;
  windowEndsAt: Date;
  observedAt: Date | null;
  /** The database's clock, so callers compare with the time the row was judged by. */
  now: Date;
}

export async function readBudget(db: Database, clientKey: string): Promise<BudgetState | undefined> {
  const [row] = await db
    .select({
      windowSize: b.windowSize,
      remaining: sql<number>`${leftNow}`.mapWith(Number),
      windowEndsAt: b.windowEndsAt,
      observedAt: b.observedAt,
      now: sql<Date>`now()`.mapWith(b.windowEndsAt),
    })
    .from(b)
    .where(eq(b.clientKey, clientKey));
  return row;
}

/**
 * Reddit's own count wins when it is lower (it also sees calls we never counted); within one window
 * our count wins when lower (calls still in flight that Reddit had not seen yet). A reset further
 * away than ours by more than a few seconds is a new window: Reddit's figures are taken as they are.
 */
export async function recordHeaders(
  db: Database,
  clientKey: string,
  seen: { remaining: number; resetSeconds: number; used: number | undefined },
) {
  const headerEnd = sql`now() + ${secondsInterval(seen.resetSeconds)}`;
  const newWindow = sql`(${expired} or ${headerEnd} > ${b.windowEndsAt} + interval '5 seconds')`;
  const size = seen.used === undefined ? undefined : Math.round(seen.used + seen.remaining);
  await db
    .update(b)
    .set({
      ...(size && size > 0 ? { windowSize: size } : {}),
      remaining: sql`case when ${newWindow} then ${seen.remaining}::double precision else least(${b.remaining}, ${seen.remaining}::double precision) end`,
      windowEndsAt: headerEnd,
      spentSinceHeaders: 0,
      observedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(b.clientKey, clientKey));
}

export async function budgetRow(db: Database, clientKey: string): Promise<RedditRateBudgetRow | undefined> {
  const [row] = await db.select().from(b).where(eq(b.clientKey, clientKey));
  return row;
}
