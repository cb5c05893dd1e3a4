// The figures of the campaign mode of bench/scheduler.ts, from what the Reddit stand-in received.
import type { ApiRequest, StandInComment, StandInPost } from '../../apps/api/test/stand-ins/reddit.js';
import { quantile } from './harness.js';

/** How often each received key occurs, and the first receipt of each. */
export function receipts<T>(items: readonly T[], keyOf: (item: T) => string) {
  const count = new Map<string, number>();
  const first = new Map<string, T>();
  for (const item of items) {
    const key = keyOf(item);
    count.set(key, (count.get(key) ?? 0) + 1);
    if (!first.has(key)) first.set(key, item);
  }
  const duplicates = [...count.values()].reduce((sum, n) => sum + n - 1, 0);
  return { count, first, duplicates };
}

export interface SpacingRule {
  gapMs: number;
  maxPerHour: number;
}

const hourMs = 3_600_000;

/**
 * Per account (times in ms of real time, ascending or not): every gap between two posts shorter
 * than the rule, and every rolling hour holding more posts than allowed, with how far each falls
 * short (the hour: how far inside it the post too many came).
 */
export function spacingAudit(timesByAccount: ReadonlyMap<string, number[]>, rule: SpacingRule) {
  const shortfalls: number[] = [];
  let gapBreaches = 0;
  let hourBreaches = 0;
  for (const unsorted of timesByAccount.values()) {
    const times = [...unsorted].sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) {
      const gap = times[i]! - times[i - 1]!;
      if (gap < rule.gapMs) {
        gapBreaches++;
        shortfalls.push(rule.gapMs - gap);
      }
    }
    for (let i = 0; i + rule.maxPerHour < times.length; i++) {
      const span = times[i + rule.maxPerHour]! - times[i]!;
      if (span < hourMs) {
        hourBreaches++;
        shortfalls.push(hourMs - span);
      }
    }
  }
  return { gapBreaches, hourBreaches, worstShortfallMs: Math.max(0, ...shortfalls), shortfalls };
}

/** API calls by endpoint, subreddit names folded ("/r/{sub}/new"). */
export function callsByEndpoint(requests: readonly ApiRequest[]): Record<string, number> {
  const calls: Record<string, number> = {};
  for (const { path } of requests) {
    const endpoint = path
      .replace(/^\/r\/[^/]+\//, '/r/{sub}/')
      .replace(/^\/comments\/\w+$/, '/comments/{id}');
    calls[endpoint] = (calls[endpoint] ?? 0) + 1;
  }
  return calls;
}

/** p50/p99/max of some milliseconds, in seconds. */
export function spread(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const s = (q: number) => (quantile(sorted, q) / 1000).toFixed(2);
  return sorted.length === 0 ? 'none' : `p50 ${s(0.5)} s, p99 ${s(0.99)} s, max ${s(1)} s`;
}

/** Seconds after its post each first comment reached Reddit. */
export function commentDelays(comments: readonly StandInComment[], posts: readonly StandInPost[]): number[] {
  const postTime = new Map(posts.map((post) => [post.id, post.created_utc * 1000]));
  return comments.map((comment) => comment.created_utc * 1000 - (postTime.get(comment.postId) ?? NaN));
}
