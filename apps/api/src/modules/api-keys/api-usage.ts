import type { ApiUsage } from '@app/shared/api-keys';
import type { Database } from '../../db/client.js';
import { calendarMonthWindow, consumeAllowance, usedInWindow } from '../../lib/usage-allowance.js';

const scope = 'api.calls';

/** One public API call by the user, counted in the calendar month (UTC) it falls in. */
export function meterApiCall(db: Database, userId: string, limit: number, now = new Date()) {
  return consumeAllowance(db, { scope, subject: userId, limit, window: calendarMonthWindow }, now);
}

/** This month's figure for settings; refused calls over the limit still count, so it is capped. */
export async function apiUsageOf(
  db: Database,
  userId: string,
  limit: number,
  now = new Date(),
): Promise<ApiUsage> {
  const window = calendarMonthWindow(now);
  const used = await usedInWindow(db, { scope, subject: userId, window });
  return { used: Math.min(used, limit), limit, resetsAt: window.end.toISOString() };
}
