import { centsToDecimal } from '@app/shared/tax';

/** The amount as the edit form shows it: "1234.50". */
export const amountText = (cents: number) => centsToDecimal(cents);

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
