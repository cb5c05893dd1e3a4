/**
 * Where the reader is: her browser's language and time zone. Accounts carry no time-zone setting
 * (see docs/decisions/026-one-formatter.md), so the browser's zone is hers. Tests pass both.
 */
export interface Place {
  locale?: string;
  timeZone?: string;
}

export function userLocale(): string {
  return (typeof navigator !== 'undefined' && navigator.language) || 'en-US';
}

let browserZone: string | undefined;

/**
 * The browser's IANA zone, UTC when the browser will not say. Asked once per page load: asking
 * builds a whole Intl.DateTimeFormat, and every date drawn asks (a CPU profile of /history's first
 * list spent 120 ms at Lighthouse's 4× CPU there). A zone changed while the app is open (travel)
 * shows after a reload.
 */
export function userTimeZone(): string {
  if (browserZone === undefined) {
    try {
      browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      browserZone = 'UTC';
    }
  }
  return browserZone;
}

/** Intl formatters are slow to build and cheap to reuse: one per locale, zone and options. */
export function cached<T>(cache: Map<string, T>, key: unknown[], build: () => T): T {
  const id = JSON.stringify(key);
  let value = cache.get(id);
  if (!value) {
    value = build();
    cache.set(id, value);
  }
  return value;
}
