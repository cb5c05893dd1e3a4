import {
  maxScheduleAheadDays,
  scheduleOffsetHours,
  scheduledAtFor,
  scheduleTexts,
  type ScheduleTimeChoice,
  type ServerTiming,
} from '@app/shared/posts';
import { cached, userTimeZone } from '../../../lib/format/place';
import { formatTime } from '../../../lib/format/date-time';

/** What each time choice reads as on the form (docs/product.md#reddit-posting names the choices, not their labels). */
export const timeChoiceLabels: Record<ScheduleTimeChoice, string> = {
  optimal: 'Best time',
  now: 'Now',
  '1h': 'In 1 hour',
  '6h': 'In 6 hours',
  '12h': 'In 12 hours',
  '24h': 'In 24 hours',
  custom: 'Pick a time',
};

export const customTimeTexts = {
  required: 'Pick the date and time to post, or choose another option.',
  invalid: 'That is not a date and time we can read. Pick it again from the calendar.',
} as const;

// Building a formatter costs far more than using one (a list of posts formats each card's times
// several times over), so each is built once per zone and locale.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(formatters, [locale ?? '', options], () => new Intl.DateTimeFormat(locale, options));
}

/** "Europe/Berlin (GMT+1)": the zone's name people recognise, with its offset at that moment. */
export function zoneLabel(timeZone: string, at: Date = new Date(), locale?: string): string {
  const offset = formatter(locale, { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const name = timeZone.replace(/_/g, ' ');
  return offset && offset !== name ? `${name} (${offset})` : name;
}

function sameDay(a: Date, b: Date, timeZone: string): boolean {
  const day = formatter('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return day.format(a) === day.format(b);
}

/**
 * A moment in the user's zone, with the zone's short name so nobody guesses: "Today, 15:05 GMT+1",
 * "Tomorrow, 09:00 GMT+1", "Fri 27 Nov, 21:30 GMT+1" (the year only when it is not this one).
 */
export function formatPostTime(
  iso: string | Date,
  {
    timeZone = userTimeZone(),
    now = new Date(),
    locale,
  }: { timeZone?: string; now?: Date; locale?: string } = {},
): string {
  const at = typeof iso === 'string' ? new Date(iso) : iso;
  const time = formatTime(at, { timeZone, locale, zoneName: true });
  if (sameDay(at, now, timeZone)) return `Today, ${time}`;
  if (sameDay(at, new Date(now.getTime() + 86_400_000), timeZone)) return `Tomorrow, ${time}`;
  if (sameDay(at, new Date(now.getTime() - 86_400_000), timeZone)) return `Yesterday, ${time}`;
  const year = formatter('en', { timeZone, year: 'numeric' });
  const sameYear = year.format(at) === year.format(now);
  const date = formatter(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(at);
  return `${date}, ${time}`;
}

/** The value a datetime-local input shows for a moment, in the browser's own zone. */
export function toLocalInputValue(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A datetime-local value read in the browser's zone; null when empty or unreadable. */
export function fromLocalInputValue(value: string): Date | null {
  const match = value.match(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const at = new Date(year, month - 1, day, hour, minute);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** When a choice would send the post, for showing next to it; undefined when the server decides. */
export function previewTime(choice: ScheduleTimeChoice, now: Date, custom: string): Date | undefined {
  if (choice === 'now') return now;
  if (choice === 'custom') return fromLocalInputValue(custom) ?? undefined;
  if (choice === 'optimal') return undefined;
  return new Date(now.getTime() + scheduleOffsetHours[choice] * 3_600_000);
}

export type ResolvedTime =
  { ok: true; scheduledAt?: string; timing?: ServerTiming } | { ok: false; error: string };

/**
 * docs/product.md#reddit-posting: optimal and now send no time (the server decides, told which by `timing`); 1h to 24h
 * are computed from now; custom is the picked moment, which must lie ahead and within a year.
 */
export function resolveScheduleTime(
  choice: ScheduleTimeChoice,
  custom: string,
  now: Date = new Date(),
): ResolvedTime {
  if (choice === 'optimal' || choice === 'now') return { ok: true, timing: choice };
  if (choice !== 'custom') return { ok: true, scheduledAt: scheduledAtFor(choice, now) };
  if (custom.trim() === '') return { ok: false, error: customTimeTexts.required };
  const at = fromLocalInputValue(custom);
  if (!at) return { ok: false, error: customTimeTexts.invalid };
  // A minute's grace: picking "this minute" in the calendar means now, not an error.
  if (at.getTime() < now.getTime() - 60_000) return { ok: false, error: scheduleTexts.inPast };
  if (at.getTime() > now.getTime() + maxScheduleAheadDays * 86_400_000)
    return { ok: false, error: scheduleTexts.tooFarAhead };
  return { ok: true, scheduledAt: scheduledAtFor('custom', now, at) };
}
