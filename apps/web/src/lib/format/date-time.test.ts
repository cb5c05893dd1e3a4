import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatTime } from './date-time';

// 05:42 UTC on 26 Nov: still the 25th in Los Angeles, already afternoon in Tokyo.
const at = '2026-11-26T05:42:12.838Z';

describe('date and time formatting', () => {
  it('reads a moment in the reader’s zone and locale, never as raw ISO', () => {
    expect(formatDateTime(at, { locale: 'en-US', timeZone: 'America/Los_Angeles' })).toBe(
      'Nov 25, 2026, 9:42 PM',
    );
    expect(formatDateTime(at, { locale: 'de-DE', timeZone: 'Asia/Tokyo' })).toBe('26.11.2026, 14:42');
    expect(formatDate(at, { locale: 'en-US', timeZone: 'America/Los_Angeles' })).toBe('Nov 25, 2026');
    expect(formatDate(at, { locale: 'en-US', timeZone: 'UTC', style: 'long' })).toBe('November 26, 2026');
  });

  it('uses the browser’s zone and language by default', () => {
    const expected = new Intl.DateTimeFormat(navigator.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(at));
    expect(formatDateTime(at)).toBe(expected);
  });

  it('shows times with the zone name when asked', () => {
    expect(formatTime(at, { locale: 'en-GB', timeZone: 'Europe/Berlin', zoneName: true })).toBe('06:42 CET');
  });

  it('keeps calendar days on their day in every zone', () => {
    expect(formatDay('2026-04-15', 'medium', 'en-US')).toBe('Apr 15, 2026');
    expect(formatDay('2026-04-15T23:30:00.000Z', 'long', 'en-US')).toBe('April 15, 2026');
    expect(formatDay('2026-11-24', 'short', 'en-US')).toBe('Nov 24');
  });

  it('shows an unreadable value as it came instead of crashing', () => {
    expect(formatDate('not a date')).toBe('not a date');
  });
});
