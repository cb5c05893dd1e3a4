import { ApiError, errorFromResponse, networkError } from './api-error';

const csrfCookieName = 'XSRF-TOKEN';
let cachedToken: string | null = null;
let pendingFetch: Promise<string> | null = null;

function readCsrfCookie(): string | null {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== csrfCookieName) continue;
    const value = decodeURIComponent(part.slice(separator + 1).trim());
    if (value !== '') return value;
  }
  return null;
}

async function fetchCsrfToken(): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/csrf-token', { credentials: 'include' });
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok) throw await errorFromResponse(response);
  const body = (await response.json().catch(() => null)) as { csrfToken?: unknown } | null;
  if (typeof body?.csrfToken !== 'string' || body.csrfToken === '') {
    throw new ApiError(response.status, 'Missing csrfToken in response', { body });
  }
  return body.csrfToken;
}

// Concurrent callers share one request so a burst of mutations costs a single token fetch.
function fetchAndCache(): Promise<string> {
  pendingFetch ??= fetchCsrfToken()
    .then((token) => (cachedToken = token))
    .finally(() => (pendingFetch = null));
  return pendingFetch;
}

export async function getCsrfToken(): Promise<string> {
  return readCsrfCookie() ?? cachedToken ?? fetchAndCache();
}

/** Asks the server for a new token, ignoring the cookie and the cache (used after a CSRF rejection). */
export function refreshCsrfToken(): Promise<string> {
  cachedToken = null;
  return fetchAndCache();
}

/** Forget the cached token, e.g. when the session ends and the server issues a new secret. */
export function clearCsrfToken(): void {
  cachedToken = null;
}
