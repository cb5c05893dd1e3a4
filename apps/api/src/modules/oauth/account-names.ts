import { randomInt } from 'node:crypto';
import { usernameSchema } from '@app/shared/auth';
import type { OAuthProvider } from '@app/shared/auth';
import type { ProviderProfile } from './providers.js';
import { trimChars, trimEndChars } from '@app/shared/trim-chars';

const placeholderDomain = '.invalid';
// Room for "_" and a 4-digit suffix within the 49-character limit.
const baseMaxLength = 44;

/** "José Smith!" → "Jose_Smith": the spec's username alphabet (letters, digits, _ and -). */
export function usernameFromText(text: string): string {
  const cleaned = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_');
  return trimEndChars(trimChars(cleaned, '_-').slice(0, baseMaxLength), '_-');
}

/** The first usable of: the profile name, the e-mail's local part, "<provider>_user". */
export function baseUsername(provider: OAuthProvider, profile: ProviderProfile): string {
  const candidates = [profile.name, profile.email?.split('@')[0]].map((text) => usernameFromText(text ?? ''));
  return candidates.find((name) => usernameSchema.safeParse(name).success) ?? `${provider}_user`;
}

/** Tried after the plain base is taken; a random suffix keeps retries from colliding in a row. */
export function suffixedUsername(base: string): string {
  return `${base}_${randomInt(1000, 10000)}`;
}

/**
 * Accounts need an address, but Reddit never shares one (and a Facebook user may withhold it).
 * The reserved .invalid TLD (RFC 2606) can never receive mail, and the account stays unverified
 * until the person adds a real address.
 */
export function placeholderEmail(provider: OAuthProvider, profile: ProviderProfile, attempt = 0): string {
  const id = profile.accountId.toLowerCase().replace(/[^a-z0-9_-]/g, '') || 'user';
  const suffix = attempt === 0 ? '' : `-${randomInt(1000, 10000)}`;
  return `${id}${suffix}@${provider}${placeholderDomain}`;
}

export function isPlaceholderEmail(email: string): boolean {
  return email.toLowerCase().endsWith(placeholderDomain);
}
