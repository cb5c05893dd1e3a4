/**
 * "jane.doe@example.com" → "j***@example.com": enough for a referrer to recognise a contact,
 * not enough to harvest the address of someone who never chose to show it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
