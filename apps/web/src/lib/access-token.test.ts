import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearAccessToken,
  ensureFreshAccessToken,
  getAccessToken,
  migrateLegacyToken,
  setAccessToken,
} from './access-token';
import { clearCsrfToken } from './csrf';
import { callsOf, jsonResponse, stubFetch } from '../testing/fetch-stub';

const inOneHour = () => Date.now() + 3_600_000;
const inTenSeconds = () => Date.now() + 10_000;

function stubRefresh(answer: () => Response | Promise<Response>) {
  document.cookie = 'XSRF-TOKEN=csrf-1';
  return stubFetch(({ path }) => {
    if (path === '/api/auth/refresh') return answer();
    throw new Error(`unexpected call to ${path}`);
  });
}

beforeEach(() => {
  clearAccessToken();
  clearCsrfToken();
});

describe('access token store', () => {
  it('keeps the token in memory until cleared', () => {
    expect(getAccessToken()).toBeNull();
    setAccessToken('abc', inOneHour());
    expect(getAccessToken()).toBe('abc');
    clearAccessToken();
    expect(getAccessToken()).toBeNull();
  });
});

describe('migrateLegacyToken', () => {
  it('moves the localStorage authToken into memory and removes it from storage', () => {
    localStorage.setItem('authToken', 'legacy-token');
    expect(migrateLegacyToken()).toBe(true);
    expect(getAccessToken()).toBe('legacy-token');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('does nothing when there is no legacy token', () => {
    expect(migrateLegacyToken()).toBe(false);
    expect(getAccessToken()).toBeNull();
  });

  it('takes the expiry from a legacy JWT, so an expired one gets refreshed', async () => {
    const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 60 }));
    localStorage.setItem('authToken', `header.${payload}.signature`);
    const fetchMock = stubRefresh(() => jsonResponse({ accessToken: 'fresh', expiresAt: inOneHour() }));
    migrateLegacyToken();
    expect(await ensureFreshAccessToken()).toBe('fresh');
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe('ensureFreshAccessToken', () => {
  it('returns null without calling the server when there is no token', async () => {
    const fetchMock = stubRefresh(() => jsonResponse({}));
    expect(await ensureFreshAccessToken()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('returns the token as is while it is valid for more than 30 seconds', async () => {
    const fetchMock = stubRefresh(() => jsonResponse({}));
    setAccessToken('still-good', Date.now() + 31_000);
    expect(await ensureFreshAccessToken()).toBe('still-good');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes a token that expires within 30 seconds, with cookies and the CSRF header', async () => {
    const newExpiry = new Date(inOneHour());
    const fetchMock = stubRefresh(() =>
      jsonResponse({ accessToken: 'renewed', expiresAt: newExpiry.toISOString() }),
    );
    setAccessToken('old', inTenSeconds());

    expect(await ensureFreshAccessToken()).toBe('renewed');
    expect(getAccessToken()).toBe('renewed');
    const [call] = callsOf(fetchMock);
    expect(call?.method).toBe('POST');
    expect(call?.init.credentials).toBe('include');
    expect(call?.headers.get('X-CSRF-Token')).toBe('csrf-1');

    // The ISO expiry was stored: the renewed token is now fresh and needs no second refresh.
    expect(await ensureFreshAccessToken()).toBe('renewed');
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('accepts an expiry in epoch milliseconds', async () => {
    const fetchMock = stubRefresh(() => jsonResponse({ accessToken: 'renewed', expiresAt: inTenSeconds() }));
    setAccessToken('old', inTenSeconds());
    expect(await ensureFreshAccessToken()).toBe('renewed');
    // Still inside the 30 s window, so the stored ms expiry causes another refresh.
    await ensureFreshAccessToken();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refreshes once for concurrent callers', async () => {
    const fetchMock = stubRefresh(() => jsonResponse({ accessToken: 'shared', expiresAt: inOneHour() }));
    setAccessToken('old', inTenSeconds());
    const tokens = await Promise.all([
      ensureFreshAccessToken(),
      ensureFreshAccessToken(),
      ensureFreshAccessToken(),
    ]);
    expect(tokens).toEqual(['shared', 'shared', 'shared']);
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('clears the token and returns null when the refresh is refused', async () => {
    stubRefresh(() => jsonResponse({ message: 'Refresh token expired' }, 401));
    setAccessToken('old', inTenSeconds());
    expect(await ensureFreshAccessToken()).toBeNull();
    expect(getAccessToken()).toBeNull();
  });

  it('clears the token and returns null when the refresh cannot reach the server', async () => {
    stubRefresh(() => Promise.reject(new TypeError('Failed to fetch')));
    setAccessToken('old', inTenSeconds());
    expect(await ensureFreshAccessToken()).toBeNull();
    expect(getAccessToken()).toBeNull();
  });

  it('does not bring back a token that was cleared while the refresh was in flight', async () => {
    let answer!: (response: Response) => void;
    stubRefresh(() => new Promise<Response>((resolve) => (answer = resolve)));
    setAccessToken('old', inTenSeconds());
    const refreshing = ensureFreshAccessToken();
    await Promise.resolve();
    clearAccessToken();
    answer(jsonResponse({ accessToken: 'too-late', expiresAt: inOneHour() }));
    expect(await refreshing).toBeNull();
    expect(getAccessToken()).toBeNull();
  });
});
