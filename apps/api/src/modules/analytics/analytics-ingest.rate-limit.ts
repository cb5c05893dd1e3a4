import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { usageCounters } from '../../db/schema/index.js';
import { fixedWindow } from '../../lib/usage-allowance.js';

export const analyticsRateWindowMs = 60_000;
const sessionScope = 'analytics.session';
const addressScope = 'analytics.address';
export const addressShards = 16;

/** A stable shard per session, so one tab always updates the same row. */
function shardOf(session: string | undefined): number {
  if (!session) return Math.floor(Math.random() * addressShards);
  let hash = 0;
  for (let i = 0; i < session.length; i++) hash = (hash * 31 + session.charCodeAt(i)) | 0;
  return Math.abs(hash) % addressShards;
}

export interface AnalyticsRateLimits {
  perSession: number;
  perAddress: number;
}

/** Who one batch counts against: the tab's analytics session (when it sent a valid event) and its address. */
export interface RateSubjects {
  session: string | undefined;
  /** The salted address key (visitor-hash.ts), never the address itself. */
  address: string;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface CounterUse {
  scope: string;
  subject: string;
  limit: number;
  /** Indexes of the batches that take one use each from this counter, in arrival order. */
  batches: number[];
}

/**
 * Per-minute counters in usage_counters, so every process counts against the same limit. The batches
 * of one group commit (lib/group-commit.ts) are counted in ONE statement: each counter goes up by
 * the number of batches it covers, and the k-th of n batches on a counter that now reads C saw
 * C − n + k, exactly as if they had come one after another.
 *
 * That statement commits without waiting for the disk (synchronous_commit off for its own
 * transaction only): waiting for a flush while holding a counter row's lock would serialise every
 * request that updates that row. A crash may forget the last fraction of a second of counts, which a
 * rate limit can afford; the events themselves are inserted with a normal, durable commit.
 *
 * An address's count is spread over `addressShards` rows (picked by session) and summed, so that
 * tabs behind one address (an office, a proxy) that several processes serve at once do not all queue
 * on one row's lock. The other shards are read from the statement's snapshot: off by at most the
 * batches in flight elsewhere at the same moment, which a limit can afford.
 */
export function createAnalyticsRateLimiter(db: Database, limits: AnalyticsRateLimits) {
  let clearedBefore = 0;

  return async function consume(batches: RateSubjects[], now: Date): Promise<RateDecision[]> {
    const window = fixedWindow(analyticsRateWindowMs, now);
    const windowStart = window.start.toISOString();

    const uses = new Map<string, CounterUse>();
    const use = (scope: string, subject: string, limit: number, batch: number) => {
      const key = `${scope}\0${subject}`;
      const counter = uses.get(key) ?? { scope, subject, limit, batches: [] };
      counter.batches.push(batch);
      uses.set(key, counter);
    };
    batches.forEach((subjects, batch) => {
      if (subjects.session) use(sessionScope, subjects.session, limits.perSession, batch);
      use(addressScope, `${subjects.address}:${shardOf(subjects.session)}`, limits.perAddress, batch);
    });
    const payload = JSON.stringify(
      [...uses.values()].map((c) => ({ scope: c.scope, subject: c.subject, n: c.batches.length })),
    );

    const result = await db.execute(sql`
      -- Rows are locked in one order (scope, subject), so two statements never wait on each other crosswise.
      with bumped as (
        insert into ${usageCounters} (scope, subject, window_start, count)
        select v.scope, v.subject, ${windowStart}::timestamptz, v.n
        from jsonb_to_recordset(${payload}::jsonb) as v(scope text, subject text, n int)
        cross join (select set_config('synchronous_commit', 'off', true)) as async_commit
        order by v.scope, v.subject
        on conflict (scope, subject, window_start) do update set count = ${usageCounters}.count + excluded.count
        returning scope, subject, count
      )
      select b.scope, b.subject, b.count + case when b.scope = ${addressScope} then coalesce((
        select sum(c.count) from ${usageCounters} c
        where c.scope = ${addressScope} and c.window_start = ${windowStart}::timestamptz and c.subject <> b.subject
          and c.subject = any(array(
            select regexp_replace(b.subject, ':[0-9]+$', '') || ':' || shard
            from generate_series(0, ${addressShards - 1}) as shard))
      ), 0) else 0 end as count
      from bumped b`);

    // Past windows are never read again; each process clears them once per window, off the hot path.
    if (window.start.getTime() > clearedBefore) {
      clearedBefore = window.start.getTime();
      void db
        .delete(usageCounters)
        .where(
          and(
            inArray(usageCounters.scope, [sessionScope, addressScope]),
            lt(usageCounters.windowStart, window.start),
          ),
        )
        .catch(() => undefined);
    }

    // PGlite and node-postgres both answer { rows }.
    const counted = (result as unknown as { rows: { scope: string; subject: string; count: number }[] }).rows;
    const over = new Set<number>();
    for (const row of counted) {
      const counter = uses.get(`${row.scope}\0${row.subject}`);
      if (!counter) continue;
      const before = Number(row.count) - counter.batches.length;
      counter.batches.forEach((batch, k) => {
        if (before + k + 1 > counter.limit) over.add(batch);
      });
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((window.end.getTime() - now.getTime()) / 1000));
    return batches.map((_, batch) =>
      over.has(batch) ? { allowed: false, retryAfterSeconds } : { allowed: true },
    );
  };
}

export type AnalyticsRateLimiter = ReturnType<typeof createAnalyticsRateLimiter>;
