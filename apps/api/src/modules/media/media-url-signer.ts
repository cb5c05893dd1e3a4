import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { loadServerSecret } from '../../lib/server-secret.js';

export const mediaVariants = ['original', 'thumbnail', 'protected'] as const;
export type MediaVariant = (typeof mediaVariants)[number];

export interface SignedMediaUrl {
  url: string;
  expiresAt: Date;
}

/** Expiry is rounded up to this step so a list fetched twice in a row gives the same (cacheable) URLs. */
const expiryStepSeconds = 600;
const secretName = 'media-url-signing-key';
const recentUrlsKept = 50_000;

export interface MediaUrlSigner {
  /** The expiry (Unix seconds) links signed now get: it moves one step at a time. */
  currentExpiry(): number;
  sign(assetId: string, variant: MediaVariant, options?: { download?: boolean }): SignedMediaUrl;
  /** 'valid', or why the link cannot be honoured. */
  verify(
    assetId: string,
    variant: MediaVariant,
    query: { exp: number; sig: string; download: boolean },
  ): 'valid' | 'invalid' | 'expired';
}

/**
 * Media are private, yet <img> tags cannot send our headers: each URL carries an expiry and an
 * HMAC over (asset, variant, expiry, download), so only links the server handed out work, and only
 * until they expire.
 */
export function createMediaUrlSigner(
  key: Buffer,
  ttlSeconds: number,
  now: () => number = Date.now,
): MediaUrlSigner {
  const message = (assetId: string, variant: MediaVariant, exp: number, download: boolean) =>
    `${assetId}:${variant}:${exp}:${download ? 1 : 0}`;
  const mac = (signed: string) => createHmac('sha256', key).update(signed).digest();
  // A gallery lists every asset with three links; within one expiry step they are the same strings,
  // so each is computed once (an HMAC each was 5 % of the server's CPU under load).
  const recent = new Map<string, string>();

  const currentExpiry = () => Math.ceil((now() / 1000 + ttlSeconds) / expiryStepSeconds) * expiryStepSeconds;

  return {
    currentExpiry,
    sign(assetId, variant, { download = false } = {}) {
      const exp = currentExpiry();
      const signed = message(assetId, variant, exp, download);
      let url = recent.get(signed);
      if (url === undefined) {
        // exp is digits and the signature base64url: nothing in the query needs escaping.
        const sig = mac(signed).toString('base64url');
        url = `/api/media/${assetId}/file/${variant}?exp=${exp}&sig=${sig}${download ? '&download=1' : ''}`;
        recent.set(signed, url);
        if (recent.size > recentUrlsKept) recent.delete(recent.keys().next().value!);
      }
      return { url, expiresAt: new Date(exp * 1000) };
    },

    verify(assetId, variant, { exp, sig, download }) {
      const expected = mac(message(assetId, variant, exp, download));
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return exp * 1000 < now() ? 'expired' : 'valid';
    },
  };
}

/**
 * MEDIA_URL_SECRET when configured; otherwise one random key kept in the database, created by
 * whichever process asks first, so every process behind a load balancer accepts every link.
 */
export async function loadMediaUrlKey(db: Database, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  return loadServerSecret(db, secretName);
}
