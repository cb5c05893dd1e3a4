/**
 * Calendar days in the reader's time zone, with Intl only (no date library: docs/decisions/039-calendar.md).
 * A day is its "YYYY-MM-DD" key in that zone; day arithmetic runs on the keys in UTC, where every
 * day has 24 hours, and only the step between a zone's wall clock and a moment needs the zone.
 */

export type CalendarView = 'week' | 'month';

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string) {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** What a clock in `timeZone` shows at `at`. */
export function wallClock(at: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(at))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The zone's day of a moment, "YYYY-MM-DD". */
export function dayKeyOf(at: Date, timeZone: string): string {
  const clock = wallClock(at, timeZone);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** "HH:MM" on the zone's clock. */
export function timeOfDay(at: Date, timeZone: string): string {
  const clock = wallClock(at, timeZone);
  return `${pad(clock.hour)}:${pad(clock.minute)}`;
}

const dayKeyPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDayKey(value: string | null | undefined): value is string {
  const match = value ? dayKeyPattern.exec(value) : null;
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

const utcOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const keyOfUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return keyOfUtc(utcOf(day) + days * 86_400_000);
}

export function addMonths(day: string, months: number): string {
  const date = new Date(utcOf(day));
  // The first of the month: "Jan 31 + 1 month" should not skip February.
  return keyOfUtc(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
}

/** 0 = Monday … 6 = Sunday (weeks start on Monday, as ISO 8601 says). */
export const weekdayOf = (day: string) => (new Date(utcOf(day)).getUTCDay() + 6) % 7;

export const weekStart = (day: string) => addDays(day, -weekdayOf(day));

export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

export const sameMonth = (a: string, b: string) => a.slice(0, 7) === b.slice(0, 7);

/** The 7 days of the week holding `day`. */
export const weekDays = (day: string) =>
  Array.from({ length: 7 }, (_, index) => addDays(weekStart(day), index));

/** The month grid holding `day`: whole weeks from the week of the 1st to the week of the last day. */
export function monthGridDays(day: string): string[] {
  const first = weekStart(monthStart(day));
  const last = addDays(addMonths(day, 1), -1);
  const days: string[] = [];
  for (let current = first; current <= last || weekdayOf(current) !== 0; current = addDays(current, 1))
    days.push(current);
  return days;
}

/** The UTC offset of `timeZone` at `at`, in milliseconds (east of Greenwich positive). */
function offsetAt(at: number, timeZone: string): number {
  const clock = wallClock(new Date(at), timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  return asUtc - (at - (at % 60_000));
}

/**
 * The moment a clock in `timeZone` shows `time` ("HH:MM") on `day`. In the hour a clock skips
 * (spring forward), the moment just after the jump.
 */
export function zonedMoment(day: string, time: string, timeZone: string): Date {
  const [hour, minute] = time.split(':').map(Number);
  const wall = utcOf(day) + (hour! * 60 + minute!) * 60_000;
  const first = wall - offsetAt(wall, timeZone);
  const offset = offsetAt(first, timeZone);
  const second = wall - offset;
  // The zone's offset changed between the guess and the answer: the second guess holds unless the
  // time falls in the skipped hour, where the first one is the moment just after the jump.
  const at = second !== first && offsetAt(second, timeZone) === offset ? second : first;
  return new Date(at);
}

/** The range a view reads: from the first shown day's midnight to the day after the last. */
export function viewRange(view: CalendarView, day: string, timeZone: string) {
  const days = view === 'week' ? weekDays(day) : monthGridDays(day);
  return {
    days,
    from: zonedMoment(days[0]!, '00:00', timeZone).toISOString(),
    to: zonedMoment(addDays(days.at(-1)!, 1), '00:00', timeZone).toISOString(),
  };
}

/** The same time of day on another day (a chip dropped on a day), or at another hour too. */
export function movedMoment(at: Date, toDay: string, timeZone: string, toHour?: number): Date {
  const clock = wallClock(at, timeZone);
  const time = `${pad(toHour ?? clock.hour)}:${pad(clock.minute)}`;
  return zonedMoment(toDay, time, timeZone);
}
