import { cached, userLocale } from '../../../lib/format/place';
import { addDays, type CalendarView } from './calendar-dates';

const formats = new Map<string, Intl.DateTimeFormat>();

const styles = {
  weekday: { weekday: 'short', month: 'short', day: 'numeric' },
  weekdayOnly: { weekday: 'short' },
  long: { weekday: 'long', month: 'long', day: 'numeric' },
  month: { month: 'long', year: 'numeric' },
  range: { month: 'short', day: 'numeric', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// A day key is already the reader's day: it is shown in UTC so no zone moves it.
const formatOf = (style: keyof typeof styles, locale: string) =>
  cached(
    formats,
    [locale, style],
    () => new Intl.DateTimeFormat(locale, { ...styles[style], timeZone: 'UTC' }),
  );

const noon = (day: string) => new Date(`${day}T12:00:00Z`);

export function dayLabel(day: string, style: keyof typeof styles, locale = userLocale()): string {
  return formatOf(style, locale).format(noon(day));
}

/** "Nov 30 – Dec 6, 2026" or "December 2026". */
export function rangeLabel(view: CalendarView, day: string, days: string[], locale = userLocale()) {
  if (view === 'month') return dayLabel(day, 'month', locale);
  return formatOf('range', locale).formatRange(noon(days[0]!), noon(addDays(days[0]!, 6)));
}
