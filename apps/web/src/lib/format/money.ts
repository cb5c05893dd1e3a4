import { cached, userLocale } from './place';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * 1399 → "$13.99" in the reader's locale ("13,99 $" in German); display only, arithmetic stays in
 * cents. Currency codes come lower-case from the API ("usd").
 */
export function formatMoney(cents: number, currency = 'usd', locale = userLocale()): string {
  const code = currency.toUpperCase();
  return cached(
    formats,
    [locale, code],
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: code }),
  ).format(cents / 100);
}
