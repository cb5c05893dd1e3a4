/**
 * A moment in texts the server writes (API messages, e-mails), where the reader's zone is unknown:
 * "Nov 26, 2026, 05:42 UTC" — readable, and the zone named so nobody guesses. The web formats
 * moments itself in the reader's zone (apps/web/src/lib/format).
 */
let utc: Intl.DateTimeFormat | undefined;

export function formatUtcTime(at: Date): string {
  // Built on first use, not when the module loads: a page that never writes such a text (most of
  // the web app) does not pay for a formatter, the costliest step of starting the app's script.
  utc ??= new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
  return `${utc.format(at)} UTC`;
}
