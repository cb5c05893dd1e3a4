import { and, eq, gt, sql } from 'drizzle-orm';
import { aiErrorCodes, aiTexts, visitorGenerationsPerDay, type AiQuota } from '@app/shared/ai';
import { aiGenerationLimitFor } from '@app/shared/plans';
import { isAdminUser } from '@app/shared/user';
import type { Database } from '../../db/client.js';
import { usageCounters, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { consumeAllowance } from '../../lib/usage-allowance.js';

const scope = 'ai.generate';
const dayMs = 86_400_000;

/** Who is metered: an account, or a visitor by a keyed hash of their address. */
export interface Requester {
  user: UserRow | null;
  /** `user:<id>` or `ip:<hash>`. */
  subject: string;
}

function planOf(user: UserRow | null): AiQuota['plan'] {
  if (!user) return 'visitor';
  return isAdminUser(user) ? 'admin' : user.tier;
}

function limitOf(user: UserRow | null): number | null {
  return user ? aiGenerationLimitFor(user) : visitorGenerationsPerDay;
}

function dayStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / dayMs) * dayMs);
}

function quotaFrom(user: UserRow | null, counted: number, resetsAt: Date): AiQuota {
  const limit = limitOf(user);
  // Refused attempts are counted too; what was used can never exceed the limit.
  const used = limit === null ? counted : Math.min(counted, limit);
  return {
    used,
    limit,
    remaining: limit === null ? null : limit - used,
    resetsAt: resetsAt.toISOString(),
    plan: planOf(user),
  };
}

/**
 * Takes one generation from today's allowance (UTC days) in one atomic statement, so parallel
 * requests from any process can never exceed it; 429 with when it resets and how to upgrade.
 * Unlimited plans are counted as well, for the usage display.
 */
export async function takeGeneration(db: Database, requester: Requester, now = new Date()): Promise<AiQuota> {
  const limit = limitOf(requester.user);
  const allowance = await consumeAllowance(
    db,
    { scope, subject: requester.subject, windowMs: dayMs, limit: limit ?? Number.MAX_SAFE_INTEGER },
    now,
  );
  if (!allowance.allowed) {
    const plan = planOf(requester.user) as 'visitor' | 'free' | 'starter';
    throw new AppError(
      429,
      aiTexts.quotaExceeded(plan, limit!, allowance.resetsAt.getTime() - now.getTime()),
      aiErrorCodes.quotaExceeded,
      {
        resetsAt: allowance.resetsAt.toISOString(),
      },
    );
  }
  const counted =
    limit === null ? Number.MAX_SAFE_INTEGER - allowance.remaining : limit - allowance.remaining;
  return quotaFrom(requester.user, counted, allowance.resetsAt);
}

/** Gives back a generation taken for a request that then failed before answering. */
export async function returnGeneration(db: Database, requester: Requester, now = new Date()): Promise<void> {
  await db
    .update(usageCounters)
    .set({ count: sql`${usageCounters.count} - 1` })
    .where(
      and(
        eq(usageCounters.scope, scope),
        eq(usageCounters.subject, requester.subject),
        eq(usageCounters.windowStart, dayStart(now)),
        gt(usageCounters.count, 0),
      ),
    );
}

/** GET /api/ai/quota: today's use without taking any. */
export async function readQuota(db: Database, requester: Requester, now = new Date()): Promise<AiQuota> {
  const windowStart = dayStart(now);
  const [row] = await db
    .select({ count: usageCounters.count })
    .from(usageCounters)
    .where(
      and(
        eq(usageCounters.scope, scope),
        eq(usageCounters.subject, requester.subject),
        eq(usageCounters.windowStart, windowStart),
      ),
    );
  return quotaFrom(requester.user, row?.count ?? 0, new Date(windowStart.getTime() + dayMs));
}
