import { describe, expect, it } from 'vitest';
import { scheduleTexts } from '@app/shared/posts';
import {
  customTimeTexts,
  formatPostTime,
  fromLocalInputValue,
  resolveScheduleTime,
  toLocalInputValue,
  zoneLabel,
} from './schedule-time';

const now = new Date('2026-11-23T14:05:00.000Z');

describe('schedule time choices (spec 4 and 9)', () => {
  it.each(['optimal', 'now'] as const)('sends no time for %s: the server decides', (choice) => {
    expect(resolveScheduleTime(choice, '', now)).toEqual({ ok: true, timing: choice });
  });

  it.each([
    ['1h', '2026-11-23T15:05:00.000Z'],
    ['6h', '2026-11-23T20:05:00.000Z'],
    ['12h', '2026-11-24T02:05:00.000Z'],
    ['24h', '2026-11-24T14:05:00.000Z'],
  ] as const)('computes %s from now', (choice, expected) => {
    expect(resolveScheduleTime(choice, '', now)).toEqual({ ok: true, scheduledAt: expected });
  });

  it('reads a custom time in the browser zone and sends it as an instant', () => {
    const picked = new Date(now.getTime() + 2 * 86_400_000);
    const value = toLocalInputValue(picked);
    expect(fromLocalInputValue(value)?.getTime()).toBe(Math.floor(picked.getTime() / 60_000) * 60_000);
    expect(resolveScheduleTime('custom', value, now)).toEqual({
      ok: true,
      scheduledAt: fromLocalInputValue(value)!.toISOString(),
    });
  });

  it('refuses a custom time that is missing, past or more than a year ahead', () => {
    expect(resolveScheduleTime('custom', '', now)).toEqual({ ok: false, error: customTimeTexts.required });
    expect(resolveScheduleTime('custom', 'soon', now)).toEqual({ ok: false, error: customTimeTexts.invalid });
    const past = toLocalInputValue(new Date(now.getTime() - 3_600_000));
    expect(resolveScheduleTime('custom', past, now)).toEqual({ ok: false, error: scheduleTexts.inPast });
    const far = toLocalInputValue(new Date(now.getTime() + 400 * 86_400_000));
    expect(resolveScheduleTime('custom', far, now)).toEqual({ ok: false, error: scheduleTexts.tooFarAhead });
  });
});

describe('times shown in the user zone', () => {
  const options = { timeZone: 'Europe/Berlin', now, locale: 'en-GB' };

  it('names the day relative to today and the zone', () => {
    expect(formatPostTime('2026-11-23T20:00:00.000Z', options)).toBe('Today, 21:00 CET');
    expect(formatPostTime('2026-11-24T08:30:00.000Z', options)).toBe('Tomorrow, 09:30 CET');
    expect(formatPostTime('2026-11-22T08:30:00.000Z', options)).toBe('Yesterday, 09:30 CET');
    expect(formatPostTime('2026-11-27T20:30:00.000Z', options)).toBe('Fri 27 Nov, 21:30 CET');
    expect(formatPostTime('2027-01-05T09:00:00.000Z', options)).toBe('Tue, 5 Jan 2027, 10:00 CET');
  });

  it('counts days in the user zone, not UTC', () => {
    // 23:30 UTC is already tomorrow in Berlin.
    expect(formatPostTime('2026-11-23T23:30:00.000Z', options)).toBe('Tomorrow, 00:30 CET');
    expect(formatPostTime('2026-11-23T23:30:00.000Z', { ...options, timeZone: 'America/New_York' })).toBe(
      'Today, 18:30 GMT-5',
    );
  });

  it('labels the zone with its offset', () => {
    expect(zoneLabel('Europe/Berlin', now, 'en-GB')).toBe('Europe/Berlin (GMT+1)');
    expect(zoneLabel('America/New_York', now, 'en-GB')).toBe('America/New York (GMT-5)');
  });
});
