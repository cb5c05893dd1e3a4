import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { usageCounters } from '../db/schema/index.js';

export interface Allowance {
  allowed: boolean;
  remaining: number;
  resetsAt: Date;
}

/** A window with explicit bounds, for windows of uneven length such as calendar months. */
export interface UsageWindow {
  start: Date;
  end: Date;
}

/** The fixed window of `windowMs` that holds `now` (hours, days: every window the same length). */
export function fixedWindow(windowMs: number, now: Date): UsageWindow {
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  return { start, end: new Date(start.getTime() + windowMs) };
}

/** The calendar month (UTC) that holds `now`. */
export function calendarMonthWindow(now: Date): UsageWindow {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

/**
 * Takes one use from a windowed allowance. The increment and the read are one statement, so
 * parallel requests (from any process) can never take more than `limit` uses in a window.
 * Pass `windowMs` for fixed windows, or `window` to say which window `now` falls in.
 */
export async function consumeAllowance(
  db: Database,
  options: { scope: string; subject: string; limit: number } & (
    { windowMs: number } | { window: (now: Date) => UsageWindow }
  ),
  now = new Date(),
): Promise<Allowance> {
  const window = 'window' in options ? options.window(now) : fixedWindow(options.windowMs, now);
  const [row] = await db
    .insert(usageCounters)
    .values({ scope: options.scope, subject: options.subject, windowStart: window.start, count: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.scope, usageCounters.subject, usageCounters.windowStart],
      set: { count: sql`${usageCounters.count} + 1` },
    })
    .returning({ count: usageCounters.count });
  const used = row!.count;
  // Old windows are never read again; clearing them here keeps the table at one window's size.
  // Only this scope's: a daily scope must not clear a monthly scope's current window.
  if (used === 1) {
    await db
      .delete(usageCounters)
      .where(and(eq(usageCounters.scope, options.scope), lt(usageCounters.windowStart, window.start)));
  }
  return {
    allowed: used <= options.limit,
    remaining: Math.max(0, options.limit - used),
    resetsAt: window.end,
  };
}

/** Uses counted so far in the window that holds `now`, without taking one. */
export async function usedInWindow(
  db: Database,
  options: { scope: string; subject: string; window: UsageWindow },
): Promise<number> {
  const [row] = await db
    .select({ count: usageCounters.count })
    .from(usageCounters)
    .where(
      and(
        eq(usageCounters.scope, options.scope),
        eq(usageCounters.subject, options.subject),
        eq(usageCounters.windowStart, options.window.start),
      ),
    );
  return row?.count ?? 0;
}
