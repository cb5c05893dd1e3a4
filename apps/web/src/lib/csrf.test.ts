import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { clearCsrfToken, getCsrfToken, refreshCsrfToken } from './csrf';
import { callsOf, jsonResponse, stubFetch } from '../testing/fetch-stub';

function stubCsrfEndpoint() {
  let issued = 0;
  return stubFetch(({ path }) => {
    if (path === '/api/csrf-token') return jsonResponse({ csrfToken: `server-token-${++issued}` });
    throw new Error(`unexpected call to ${path}`);
  });
}

beforeEach(() => clearCsrfToken());

describe('getCsrfToken', () => {
  it('reads the XSRF-TOKEN cookie without calling the server', async () => {
    const fetchMock = stubCsrfEndpoint();
    document.cookie = 'other=1';
    document.cookie = 'XSRF-TOKEN=cookie%2Btoken';
    expect(await getCsrfToken()).toBe('cookie+token');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches GET /api/csrf-token with cookies when there is no cookie, then caches it', async () => {
    const fetchMock = stubCsrfEndpoint();
    expect(await getCsrfToken()).toBe('server-token-1');
    expect(await getCsrfToken()).toBe('server-token-1');
    const [call] = callsOf(fetchMock);
    expect(call?.method).toBe('GET');
    expect(call?.init.credentials).toBe('include');
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('shares one fetch between concurrent callers', async () => {
    const fetchMock = stubCsrfEndpoint();
    expect(await Promise.all([getCsrfToken(), getCsrfToken()])).toEqual(['server-token-1', 'server-token-1']);
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('fails with an ApiError when the token endpoint fails', async () => {
    stubFetch(() => jsonResponse({ message: 'Down for maintenance' }, 503));
    await expect(getCsrfToken()).rejects.toMatchObject({ status: 503, message: 'Down for maintenance' });
    await expect(getCsrfToken()).rejects.toBeInstanceOf(ApiError);
  });
});

describe('refreshCsrfToken', () => {
  it('fetches a new token even when one is cached or in the cookie', async () => {
    const fetchMock = stubCsrfEndpoint();
    await getCsrfToken();
    document.cookie = 'XSRF-TOKEN=stale-cookie';
    expect(await refreshCsrfToken()).toBe('server-token-2');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
