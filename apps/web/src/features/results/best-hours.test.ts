import { describe, expect, it } from 'vitest';
import { bestHoursText } from './best-hours';

describe('the hours her visitors click most', () => {
  it('names the three busiest hours in the reader’s time, busiest first, and none without clicks', () => {
    const hours = Array.from({ length: 24 }, (_, hourUtc) => ({
      hourUtc,
      visitors: { 21: 9, 3: 5, 22: 5, 10: 1 }[hourUtc] ?? 0,
    }));
    const at = (hourUtc: number) => {
      const date = new Date('2026-11-26T12:00:00Z');
      date.setUTCHours(hourUtc, 0, 0, 0);
      return date.toLocaleTimeString(undefined, { hour: 'numeric' });
    };
    expect(bestHoursText(hours, new Date('2026-11-26T12:00:00Z'))).toEqual([at(21), at(3), at(22)]);
    expect(bestHoursText(hours.map((hour) => ({ ...hour, visitors: 0 })))).toEqual([]);
  });
});
