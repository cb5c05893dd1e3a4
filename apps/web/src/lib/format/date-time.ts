import { cached, userLocale, userTimeZone, type Place } from './place';

type Moment = string | number | Date;
const formats = new Map<string, Intl.DateTimeFormat>();

function format(value: Moment, options: Intl.DateTimeFormatOptions, place: Place = {}): string {
  const at = value instanceof Date ? value : new Date(value);
  // A value we cannot read is shown as it came rather than as "Invalid Date" or a crash.
  if (Number.isNaN(at.getTime())) return String(value);
  const locale = place.locale ?? userLocale();
  const timeZone = place.timeZone ?? userTimeZone();
  return cached(
    formats,
    [locale, timeZone, options],
    () => new Intl.DateTimeFormat(locale, { ...options, timeZone }),
  ).format(at);
}

/** "Mar 12, 2026" ('long': "March 12, 2026") in the reader's locale and zone. */
export function formatDate(
  value: Moment,
  { style = 'medium', ...place }: Place & { style?: 'medium' | 'long' } = {},
) {
  return format(value, { dateStyle: style }, place);
}

/** "Mar 12, 2026, 9:41 AM" ('long': "March 12, 2026 at 9:41 AM") in the reader's locale and zone. */
export function formatDateTime(
  value: Moment,
  { style = 'medium', ...place }: Place & { style?: 'medium' | 'long' } = {},
) {
  return format(value, { dateStyle: style, timeStyle: 'short' }, place);
}

/** "09:41" (or "9:41 AM"), with the zone's short name when asked: "09:41 GMT+1". */
export function formatTime(
  value: Moment,
  { zoneName = false, ...place }: Place & { zoneName?: boolean } = {},
) {
  return format(
    value,
    { hour: '2-digit', minute: '2-digit', ...(zoneName ? { timeZoneName: 'short' } : {}) },
    place,
  );
}

const dayStyles = {
  short: { month: 'short', day: 'numeric' },
  medium: { year: 'numeric', month: 'short', day: 'numeric' },
  long: { year: 'numeric', month: 'long', day: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A calendar day ("2026-04-15", or the UTC day of an ISO time) as "Apr 15, 2026": the same day in
 * every zone, for dates that are days (tax entries, daily reports, a reset at 00:00 UTC).
 */
export function formatDay(day: string, style: keyof typeof dayStyles = 'medium', locale?: string): string {
  return format(`${day.slice(0, 10)}T00:00:00Z`, dayStyles[style], { locale, timeZone: 'UTC' });
}
