const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Mar 12, 2026" in the viewer's locale. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "Mar 12, 2026, 9:41 AM" in the viewer's locale. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
