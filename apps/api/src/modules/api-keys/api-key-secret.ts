import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { apiKeyPrefix } from '@app/shared/api-keys';

/** Characters after "cs_live_" kept as the lookup and display prefix (48 bits: rarely shared). */
const lookupLength = 8;

/** 256 random bits after the fixed prefix: unguessable, so a plain SHA-256 is enough at rest. */
export function createApiKeySecret(): { secret: string; prefix: string; secretHash: string } {
  const secret = `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: lookupPrefixOf(secret), secretHash: hashApiKeySecret(secret) };
}

export function lookupPrefixOf(secret: string): string {
  return secret.slice(0, apiKeyPrefix.length + lookupLength);
}

export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Compares two hex digests in constant time, so response timing says nothing about the stored hash. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
