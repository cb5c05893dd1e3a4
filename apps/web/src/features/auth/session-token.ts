import { setAccessToken } from '../../lib/access-token';

// Used only when the server leaves expiresAt out; the refresh logic renews the token before then.
const fallbackLifetimeMs = 15 * 60_000;

/** Keeps the access token from a login or password change in memory (docs/product.md#accounts-and-sign-in: never in storage). */
export function storeAccessToken(accessToken: string | undefined, expiresAt: string | undefined): void {
  if (!accessToken) return;
  const expiry = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  setAccessToken(accessToken, Number.isNaN(expiry) ? Date.now() + fallbackLifetimeMs : expiry);
}
