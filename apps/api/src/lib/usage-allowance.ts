import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { usageCounters } from '../db/schema/index.js';

export interface Allowance {
  allowed: boolean;
  remaining: number;
  resetsAt: Date;
}

/**
 * Takes one use from a fixed-window allowance. The increment and the read are one statement, so
 * parallel requests (from any process) can never take more than `limit` uses in a window.
 */
export async function consumeAllowance(
  db: Database,
  options: { scope: string; subject: string; windowMs: number; limit: number },
  now = new Date(),
): Promise<Allowance> {
  const windowStart = new Date(Math.floor(now.getTime() / options.windowMs) * options.windowMs);
  const [row] = await db
    .insert(usageCounters)
    .values({ scope: options.scope, subject: options.subject, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.scope, usageCounters.subject, usageCounters.windowStart],
      set: { count: sql`${usageCounters.count} + 1` },
    })
    .returning({ count: usageCounters.count });
  const used = row!.count;
  // Old windows are never read again; clearing them here keeps the table at one window's size.
  if (used === 1) await db.delete(usageCounters).where(lt(usageCounters.windowStart, new Date(windowStart.getTime() - options.windowMs)));
  return {
    allowed: used <= options.limit,
    remaining: Math.max(0, options.limit - used),
    resetsAt: new Date(windowStart.getTime() + options.windowMs),
  };
}
