import { centsToDecimal, type TaxCurrency } from '@app/shared/tax';

const formatters = new Map<string, Intl.NumberFormat>();

/** 123456 → "$1,234.56" (the currency's symbol); display only, arithmetic stays in cents. */
export function formatMoney(cents: number, currency: TaxCurrency = 'usd'): string {
  let format = formatters.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
    formatters.set(currency, format);
  }
  return format.format(cents / 100);
}

/** The amount as the edit form shows it: "1234.50". */
export const amountText = (cents: number) => centsToDecimal(cents);

const dayFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "2026-04-15" → "Apr 15, 2026", the same day in every time zone. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

export const monthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** Today as YYYY-MM-DD in the user's own time zone, the default date of a new entry. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
