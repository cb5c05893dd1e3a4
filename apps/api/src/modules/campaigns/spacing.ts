import type { Spacing } from '@app/shared/campaigns';

/**
 * Safe spacing (docs/reddit-posting.md#safe-spacing): when each post of one Reddit account may go
 * out so that the account never sends two within `minGapMinutes`, never more than `maxPerHour` in
 * any hour, and each subreddit's posts-per-day and cooldown still hold. Pure: the caller gives the
 * account's other posts, so planning, the calendar's drop check and the bench share one rule.
 */

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

export interface SubredditPace {
  /** Lower-case name: posts to one subreddit are compared with each other. */
  key: string;
  postingLimitPerDay: number | null;
  postingCooldownHours: number | null;
  /** "HH:MM" UTC, as the communities database lists them. */
  bestPostingTimes: readonly string[];
}

export interface PlacedPost {
  subredditKey: string;
  at: Date;
}

export interface SpacingConflict {
  kind: 'gap' | 'hour' | 'daily_limit' | 'cooldown';
  /** The other post it is too close to. */
  other: Date;
}

/** The first rule `at` breaks against the posts already placed, or null. */
export function spacingConflict(
  at: Date,
  pace: SubredditPace,
  placed: readonly PlacedPost[],
  spacing: Spacing,
): SpacingConflict | null {
  const t = at.getTime();
  const gap = spacing.minGapMinutes * minute;
  const close = placed.find((post) => Math.abs(post.at.getTime() - t) < gap);
  if (close) return { kind: 'gap', other: close.at };
  // Every hour-long window holding t: the one starting at each earlier post within the hour, and t's own.
  const times = placed.map((post) => post.at.getTime());
  for (const start of [t, ...times.filter((s) => s <= t && s > t - hour)]) {
    const inWindow = times.filter((s) => s >= start && s < start + hour).length;
    if (inWindow + 1 > spacing.maxPerHour) {
      const other = times.filter((s) => s >= start && s < start + hour).sort((a, b) => a - b)[0]!;
      return { kind: 'hour', other: new Date(other) };
    }
  }
  const sameSubreddit = placed
    .filter((post) => post.subredditKey === pace.key)
    .map((post) => post.at.getTime());
  if (pace.postingLimitPerDay !== null) {
    const sameDay = sameSubreddit.filter((s) => Math.abs(s - t) < day).sort((a, b) => a - b);
    if (sameDay.length >= pace.postingLimitPerDay)
      return { kind: 'daily_limit', other: new Date(sameDay[0]!) };
  }
  if (pace.postingCooldownHours) {
    const cooldown = pace.postingCooldownHours * hour;
    const near = sameSubreddit.find((s) => Math.abs(s - t) < cooldown);
    if (near !== undefined) return { kind: 'cooldown', other: new Date(near) };
  }
  return null;
}

/**
 * A post placed after another is placed this long past the rule's edge. Posts go out a few seconds
 * after their time (p99 under 5 s in the scheduler bench), so one planned exactly 20 minutes after
 * its neighbour reached Reddit up to 2 s inside the gap when the neighbour was the later of the two
 * to go out; a minute to spare keeps the rule as Reddit sees it. Times the creator picks herself
 * (a drop on the calendar, a fixed time) are checked against the rule itself, without the margin.
 */
export const sendingMarginMs = minute;

/** The earliest time from which `conflict` can no longer hold (always later than `at`). */
function pastConflict(at: Date, conflict: SpacingConflict, pace: SubredditPace, spacing: Spacing): number {
  const other = conflict.other.getTime();
  const after = {
    gap: other + spacing.minGapMinutes * minute,
    hour: other + hour,
    daily_limit: other + day,
    cooldown: other + (pace.postingCooldownHours ?? 0) * hour,
  }[conflict.kind];
  return Math.max(after + sendingMarginMs, at.getTime() + minute);
}

/** The start of the best-hour window holding t, or the next one; null when the subreddit lists none. */
function nextBestWindow(t: number, best: readonly string[]): number | null {
  let soonest: number | null = null;
  for (const time of best) {
    const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
    if (!match) continue;
    const start = new Date(t);
    start.setUTCHours(Number(match[1]), Number(match[2]), 0, 0);
    let s = start.getTime();
    // Inside today's window: t itself is fine.
    if (t >= s && t < s + hour) return t;
    if (s < t) s += day;
    if (soonest === null || s < soonest) soonest = s;
  }
  return soonest;
}

/** How far ahead a plan may look before giving up on a slot (a year, as scheduling allows). */
const horizon = 366 * day;

/**
 * The earliest time at or after `from` that breaks no rule; with `bestHours`, also inside one of
 * the subreddit's best hours (when it lists any). Null only if nothing fits within a year.
 */
export function earliestSafeTime(
  from: Date,
  pace: SubredditPace,
  placed: readonly PlacedPost[],
  spacing: Spacing,
  bestHours: boolean,
): Date | null {
  let t = from.getTime();
  const limit = t + horizon;
  while (t < limit) {
    if (bestHours && pace.bestPostingTimes.length > 0) {
      const window = nextBestWindow(t, pace.bestPostingTimes);
      if (window === null) bestHours = false;
      else t = window;
    }
    const conflict = spacingConflict(new Date(t), pace, placed, spacing);
    if (!conflict) return new Date(t);
    t = pastConflict(new Date(t), conflict, pace, spacing);
  }
  return null;
}

export interface PlanTarget {
  pace: SubredditPace;
  /** A time the creator chose: kept as it is (and checked by the caller). */
  fixedAt?: Date | undefined;
}

/**
 * Times for every target, in order, around the account's other posts (`existing`): fixed times
 * stay, the others take the earliest safe slot from `startAt`. Null for a target nothing fits.
 */
export function planTimes(
  targets: readonly PlanTarget[],
  existing: readonly PlacedPost[],
  startAt: Date,
  spacing: Spacing,
  bestHours: boolean,
): Array<Date | null> {
  const placed: PlacedPost[] = [...existing];
  const times: Array<Date | null> = targets.map(() => null);
  targets.forEach((target, index) => {
    if (!target.fixedAt) return;
    times[index] = target.fixedAt;
    placed.push({ subredditKey: target.pace.key, at: target.fixedAt });
  });
  targets.forEach((target, index) => {
    if (target.fixedAt) return;
    const at = earliestSafeTime(startAt, target.pace, placed, spacing, bestHours);
    times[index] = at;
    if (at) placed.push({ subredditKey: target.pace.key, at });
  });
  return times;
}
