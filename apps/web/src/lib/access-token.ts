import { getCsrfToken } from './csrf';

const legacyStorageKey = 'authToken';
const refreshMarginMs = 30_000;

let current: { token: string; expiresAt: number } | null = null;
let pendingRefresh: Promise<string | null> | null = null;

export function getAccessToken(): string | null {
  return current?.token ?? null;
}

export function setAccessToken(token: string, expiresAt: number): void {
  current = { token, expiresAt };
}

export function clearAccessToken(): void {
  current = null;
  pendingRefresh = null;
}

// Legacy tokens were stored without an expiry; a JWT still tells us when it ends.
function jwtExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** docs/product.md#accounts-and-sign-in: a token older builds kept in localStorage moves into memory and leaves storage. */
export function migrateLegacyToken(): boolean {
  let legacyToken: string | null;
  try {
    legacyToken = localStorage.getItem(legacyStorageKey);
    localStorage.removeItem(legacyStorageKey);
  } catch {
    return false;
  }
  if (!legacyToken) return false;
  if (!current) setAccessToken(legacyToken, jwtExpiry(legacyToken) ?? Number.POSITIVE_INFINITY);
  return true;
}

/**
 * POST /api/auth/refresh's answer. Checked by hand rather than with zod: this module is part of every
 * page's request helper, and zod (23 kB) would otherwise load with a visitor's first page (decision 033).
 */
function parseRefreshResponse(body: unknown): { accessToken: string; expiresAt: number | string } {
  const { accessToken, expiresAt } = (body ?? {}) as { accessToken?: unknown; expiresAt?: unknown };
  if (typeof accessToken !== 'string' || accessToken === '')
    throw new Error('Refresh answer without a token');
  if (typeof expiresAt !== 'number' && typeof expiresAt !== 'string') {
    throw new Error('Refresh answer without an expiry');
  }
  return { accessToken, expiresAt };
}

function toEpochMs(expiresAt: number | string): number {
  const isDigits = typeof expiresAt === 'string' && /^\d+$/.test(expiresAt);
  const ms = typeof expiresAt === 'number' || isDigits ? Number(expiresAt) : Date.parse(expiresAt);
  if (Number.isNaN(ms)) throw new Error(`Unreadable expiresAt: ${expiresAt}`);
  return ms;
}

// A login or logout that lands while the refresh is in flight wins over the refresh's result.
async function refreshAccessToken(expiring: typeof current): Promise<string | null> {
  try {
    const response = await fetch('/api/auth/refresh', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'X-CSRF-Token': await getCsrfToken() },
    });
    if (!response.ok) throw new Error(`Refresh failed with ${response.status}`);
    const { accessToken, expiresAt } = parseRefreshResponse(await response.json());
    if (current !== expiring) return getAccessToken();
    setAccessToken(accessToken, toEpochMs(expiresAt));
    return accessToken;
  } catch {
    if (current === expiring) current = null;
    return getAccessToken();
  }
}

/** The access token, refreshed first when it ends within 30 s; null when there is none (any more). */
export function ensureFreshAccessToken(): Promise<string | null> {
  if (!current) return Promise.resolve(null);
  if (current.expiresAt - Date.now() > refreshMarginMs) return Promise.resolve(current.token);
  if (!pendingRefresh) {
    const refresh = refreshAccessToken(current).finally(() => {
      if (pendingRefresh === refresh) pendingRefresh = null;
    });
    pendingRefresh = refresh;
  }
  return pendingRefresh;
}
