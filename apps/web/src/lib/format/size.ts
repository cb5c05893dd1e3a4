import { cached, userLocale } from './place';

// Intl's unit style says "kB" and "byte"; docs/product.md#pages-and-navigation and the plans say "KB" and "GB", so the number is
// Intl's (the reader's digits and separators) and the unit is ours.
const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const formats = new Map<string, Intl.NumberFormat>();

function number(value: number, fractionDigits: number, locale: string): string {
  return cached(
    formats,
    [locale, fractionDigits],
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits }),
  ).format(value);
}

/** docs/product.md#pages-and-navigation: gallery cards and details show whole kilobytes ("245 KB"); a non-empty file never reads 0. */
export function formatKilobytes(bytes: number, locale = userLocale()): string {
  const kilobytes = bytes > 0 ? Math.max(1, Math.round(bytes / 1024)) : 0;
  return `${number(kilobytes, 0, locale)} KB`;
}

/**
 * The largest fitting binary unit, one decimal below 10 ("950 KB", "4.2 MB", "2 GB"), as plans
 * name quotas. Units step by 1024, as the quotas and upload limits are counted.
 */
export function formatBytes(bytes: number, locale = userLocale()): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${number(value, unit === 0 || value >= 10 ? 0 : 1, locale)} ${units[unit]}`;
}
