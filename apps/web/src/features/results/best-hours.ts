import type { ResultsResponse } from '@app/shared/results';

/** The busiest click hours (UTC) as local times, e.g. "9 PM". */
export function bestHoursText(clickHours: ResultsResponse['clickHours'], now = new Date()): string[] {
  return [...clickHours]
    .filter((hour) => hour.visitors > 0)
    .sort((a, b) => b.visitors - a.visitors || a.hourUtc - b.hourUtc)
    .slice(0, 3)
    .map((hour) => {
      const at = new Date(now);
      at.setUTCHours(hour.hourUtc, 0, 0, 0);
      return at.toLocaleTimeString(undefined, { hour: 'numeric' });
    });
}
