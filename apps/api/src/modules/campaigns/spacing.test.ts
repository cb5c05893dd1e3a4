import { describe, expect, it } from 'vitest';
import {
  earliestSafeTime,
  planTimes,
  sendingMarginMs,
  spacingConflict,
  type PlacedPost,
  type SubredditPace,
} from './spacing.js';

const spacing = { minGapMinutes: 20, maxPerHour: 2 };
const start = new Date('2026-12-01T10:00:00.000Z');
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
const pace = (key: string, extra: Partial<SubredditPace> = {}): SubredditPace => ({
  key,
  postingLimitPerDay: null,
  postingCooldownHours: null,
  bestPostingTimes: [],
  ...extra,
});

/**
 * Every pair and every rolling hour of one account's times, as the rule says, with the sending
 * margin to spare: each time may go out up to `late` ms later and the rule still holds.
 */
function expectSafe(times: Date[], rule = spacing, late = sendingMarginMs) {
  const sorted = times.map((t) => t.getTime()).sort((a, b) => a - b);
  for (let i = 1; i < sorted.length; i++)
    expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(rule.minGapMinutes * 60_000 + late);
  for (const s of sorted)
    expect(sorted.filter((t) => t >= s && t < s + 3_600_000 + late).length).toBeLessThanOrEqual(
      rule.maxPerHour,
    );
}
const margin = sendingMarginMs / 60_000;

describe('safe spacing of one account', () => {
  it('spreads thirty subreddits so no two are within the gap and no hour holds more than allowed', () => {
    const targets = Array.from({ length: 30 }, (_, i) => ({ pace: pace(`sub${i}`) }));
    const times = planTimes(targets, [], start, spacing, false);
    expect(times.every((t) => t !== null)).toBe(true);
    expectSafe(times as Date[]);
    // Two an hour, 20 minutes apart at best, each with a minute to spare: 30 posts fill about 15 hours.
    const last = Math.max(...(times as Date[]).map((t) => t.getTime()));
    expect(last - start.getTime()).toBeLessThanOrEqual(15 * (3_600_000 + sendingMarginMs));
    expect(times[0]).toEqual(start);
  });

  it('plans around the account posts already waiting, and keeps a creator-chosen time as it is', () => {
    const existing: PlacedPost[] = [{ subredditKey: 'other', at: minutes(10) }];
    const fixed = minutes(200);
    const times = planTimes(
      [{ pace: pace('a') }, { pace: pace('b'), fixedAt: fixed }, { pace: pace('c') }],
      existing,
      start,
      spacing,
      false,
    );
    expect(times[1]).toEqual(fixed);
    expect(times[0]).toEqual(minutes(30 + margin));
    expectSafe([...(times as Date[]), existing[0]!.at]);
  });

  it("keeps a subreddit's posts per day and cooldown", () => {
    const existing: PlacedPost[] = [{ subredditKey: 'strict', at: minutes(-60) }];
    const daily = earliestSafeTime(
      start,
      pace('strict', { postingLimitPerDay: 1 }),
      existing,
      spacing,
      false,
    );
    expect(daily).toEqual(minutes(-60 + 24 * 60 + margin));
    const cooled = earliestSafeTime(
      start,
      pace('strict', { postingCooldownHours: 6 }),
      existing,
      spacing,
      false,
    );
    expect(cooled).toEqual(minutes(-60 + 6 * 60 + margin));
  });

  it("asked for best time, posts inside the subreddit's best hours (UTC) and still spaced", () => {
    const best = pace('night', { bestPostingTimes: ['01:00', '02:00'] });
    const times = planTimes(
      [{ pace: best }, { pace: { ...best, key: 'night2' } }, { pace: { ...best, key: 'night3' } }],
      [],
      start,
      spacing,
      true,
    );
    const hours = (times as Date[]).map((t) => t.getUTCHours());
    expect(hours.every((h) => h === 1 || h === 2)).toBe(true);
    expect((times as Date[])[0]!.toISOString()).toBe('2026-12-02T01:00:00.000Z');
    expectSafe(times as Date[]);
    // A subreddit that lists no best hours is spread like any other.
    expect(planTimes([{ pace: pace('plain') }], [], start, spacing, true)[0]).toEqual(start);
  });

  it('names the rule a time breaks and the post it is too close to', () => {
    const placed: PlacedPost[] = [
      { subredditKey: 'a', at: minutes(0) },
      { subredditKey: 'b', at: minutes(30) },
    ];
    expect(spacingConflict(minutes(40), pace('c'), placed, spacing)).toEqual({
      kind: 'gap',
      other: minutes(30),
    });
    expect(spacingConflict(minutes(55), pace('c'), placed, spacing)).toEqual({
      kind: 'hour',
      other: minutes(0),
    });
    expect(spacingConflict(minutes(60), pace('c'), placed, spacing)).toBeNull();
  });
});
