import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dayKeyOf,
  isDayKey,
  monthGridDays,
  movedMoment,
  timeOfDay,
  viewRange,
  weekDays,
  zonedMoment,
} from './calendar-dates';

describe('calendar days in the reader’s zone', () => {
  it('puts a moment on the zone’s day and clock', () => {
    const at = new Date('2030-06-04T23:30:00Z');
    expect(dayKeyOf(at, 'Asia/Tokyo')).toBe('2030-06-05');
    expect(timeOfDay(at, 'Asia/Tokyo')).toBe('08:30');
    expect(dayKeyOf(at, 'America/Los_Angeles')).toBe('2030-06-04');
    expect(timeOfDay(at, 'America/Los_Angeles')).toBe('16:30');
  });

  it('turns a wall-clock time back into the moment, across daylight saving changes', () => {
    expect(zonedMoment('2030-06-05', '08:30', 'Asia/Tokyo').toISOString()).toBe('2030-06-04T23:30:00.000Z');
    // New York: EST in January, EDT in July.
    expect(zonedMoment('2030-01-15', '09:00', 'America/New_York').toISOString()).toBe(
      '2030-01-15T14:00:00.000Z',
    );
    expect(zonedMoment('2030-07-15', '09:00', 'America/New_York').toISOString()).toBe(
      '2030-07-15T13:00:00.000Z',
    );
    // 02:30 does not exist on 10 March 2030 in New York: the moment after the jump.
    expect(zonedMoment('2030-03-10', '02:30', 'America/New_York').toISOString()).toBe(
      '2030-03-10T07:30:00.000Z',
    );
    expect(zonedMoment('2030-03-10', '03:30', 'America/New_York').toISOString()).toBe(
      '2030-03-10T07:30:00.000Z',
    );
  });

  it('moves a post to another day keeping its time of day, or to another hour keeping its minutes', () => {
    const at = new Date('2030-06-04T23:30:00Z'); // 08:30 in Tokyo
    expect(movedMoment(at, '2030-06-07', 'Asia/Tokyo').toISOString()).toBe('2030-06-06T23:30:00.000Z');
    expect(movedMoment(at, '2030-06-07', 'Asia/Tokyo', 14).toISOString()).toBe('2030-06-07T05:30:00.000Z');
  });

  it('lays out weeks from Monday and months in whole weeks', () => {
    expect(weekDays('2030-06-05')).toEqual([
      '2030-06-03',
      '2030-06-04',
      '2030-06-05',
      '2030-06-06',
      '2030-06-07',
      '2030-06-08',
      '2030-06-09',
    ]);
    const december = monthGridDays('2026-12-17');
    expect(december[0]).toBe('2026-11-30');
    expect(december.at(-1)).toBe('2027-01-03');
    expect(december).toHaveLength(35);
    // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks.
    expect(monthGridDays('2027-02-10')).toHaveLength(28);
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-01');
  });

  it('reads a view’s range from the first day’s midnight to the day after the last, in the zone', () => {
    expect(viewRange('week', '2030-06-05', 'Asia/Tokyo')).toMatchObject({
      from: '2030-06-02T15:00:00.000Z',
      to: '2030-06-09T15:00:00.000Z',
    });
    const month = viewRange('month', '2026-12-01', 'UTC');
    expect(month.from).toBe('2026-11-30T00:00:00.000Z');
    expect(month.to).toBe('2027-01-04T00:00:00.000Z');
  });

  it('accepts only real days from the URL', () => {
    expect(isDayKey('2026-12-01')).toBe(true);
    expect(isDayKey('2026-02-30')).toBe(false);
    expect(isDayKey('tomorrow')).toBe(false);
    expect(isDayKey(null)).toBe(false);
  });
});
