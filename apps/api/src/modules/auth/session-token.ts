import { createHash, randomBytes } from 'node:crypto';

export const sessionCookieName = 'sid';
export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** 256 random bits: unguessable, so a plain SHA-256 (no salt, no slow hash) is enough at rest. */
export function createOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
