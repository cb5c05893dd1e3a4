import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from './date-time';
import { userTimeZone } from './place';

describe('userTimeZone', () => {
  it('asks the browser once per page load, however many dates are drawn', () => {
    const asked = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
    const zone = userTimeZone();
    for (let i = 0; i < 20; i += 1) formatDateTime(Date.UTC(2026, 3, 15, 9, i));
    expect(userTimeZone()).toBe(zone);
    // Every asking builds a formatter: 20 dates asked 20 times before.
    expect(asked).toHaveBeenCalledTimes(1);
    asked.mockRestore();
  });
});
