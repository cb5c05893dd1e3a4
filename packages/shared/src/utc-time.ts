/**
 * A moment in texts the server writes (API messages, e-mails), where the reader's zone is unknown:
 * "Nov 26, 2026, 05:42 UTC" — readable, and the zone named so nobody guesses. The web formats
 * moments itself in the reader's zone (apps/web/src/lib/format).
 */
const utc = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

export function formatUtcTime(at: Date): string {
  return `${utc.format(at)} UTC`;
}
