import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAccessToken, getAccessToken, setAccessToken } from './access-token';
import { clearCsrfToken } from './csrf';
import { createQueryClient, currentUserQueryKey } from './query-client';
import { ApiError } from './request';
import { callsOf, jsonResponse, stubFetch } from '../testing/fetch-stub';

let queryClient: QueryClient;
let onSessionLost: ReturnType<typeof vi.fn<() => void>>;

function stubApi(statusFor: Record<string, number>) {
  document.cookie = 'XSRF-TOKEN=csrf';
  return stubFetch(({ path }) => {
    if (path === '/api/auth/logout') return new Response(null, { status: 204 });
    const status = statusFor[path] ?? 200;
    return status === 200 ? jsonResponse({ path }) : jsonResponse({ message: 'no' }, status);
  });
}

const logoutCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  callsOf(fetchMock).filter((call) => call.path === '/api/auth/logout' && call.method === 'POST');

beforeEach(() => {
  clearAccessToken();
  clearCsrfToken();
  window.history.replaceState(null, '', '/');
  onSessionLost = vi.fn<() => void>();
  queryClient = createQueryClient({ onSessionLost });
});

afterEach(() => queryClient.clear());

describe('default queries', () => {
  it('GET the first key element as the path, with cookies', async () => {
    const fetchMock = stubApi({});
    await expect(queryClient.fetchQuery({ queryKey: ['/api/media', { page: 2 }] })).resolves.toEqual({
      path: '/api/media',
    });
    const [call] = callsOf(fetchMock);
    expect(call).toMatchObject({ path: '/api/media', method: 'GET' });
    expect(call?.init.credentials).toBe('include');
  });

  it('are never stale: a second read is served from the cache', async () => {
    const fetchMock = stubApi({});
    await queryClient.fetchQuery({ queryKey: ['/api/metrics'] });
    await queryClient.fetchQuery({ queryKey: ['/api/metrics'] });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(queryClient.getDefaultOptions().queries?.staleTime).toBe(Infinity);
  });

  it('are not retried', async () => {
    const fetchMock = stubApi({ '/api/metrics': 500 });
    await expect(queryClient.fetchQuery({ queryKey: ['/api/metrics'] })).rejects.toMatchObject({
      status: 500,
    });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('are not refetched on window focus', () => {
    expect(queryClient.defaultQueryOptions({ queryKey: ['/api/metrics'] })).toMatchObject({
      refetchOnWindowFocus: false,
      retry: false,
      staleTime: Infinity,
    });
  });

  it('mutations are not retried', () => {
    expect(queryClient.getDefaultOptions().mutations?.retry).toBe(false);
  });

  it('reject a key whose first element is not a path', async () => {
    stubApi({});
    await expect(queryClient.fetchQuery({ queryKey: [42] })).rejects.toThrow(/API path/);
  });
});

describe('current user query', () => {
  it('returns the user when signed in', async () => {
    stubApi({});
    await expect(queryClient.fetchQuery({ queryKey: currentUserQueryKey })).resolves.toEqual({
      path: '/api/auth/user',
    });
  });

  it('returns null on 401, without logging out or redirecting', async () => {
    window.history.replaceState(null, '', '/settings');
    const fetchMock = stubApi({ '/api/auth/user': 401 });
    await expect(queryClient.fetchQuery({ queryKey: currentUserQueryKey })).resolves.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(logoutCalls(fetchMock)).toHaveLength(0);
    expect(onSessionLost).not.toHaveBeenCalled();
  });
});

describe('session loss', () => {
  it.each([401, 403])('a %i from a default query logs out and leaves /settings for /', async (status) => {
    window.history.replaceState(null, '', '/settings');
    const fetchMock = stubApi({ '/api/user/settings': status });
    setAccessToken('token', Date.now() + 3_600_000);
    queryClient.setQueryData(currentUserQueryKey, { id: 'u1' });

    await expect(queryClient.fetchQuery({ queryKey: ['/api/user/settings'] })).rejects.toBeInstanceOf(
      ApiError,
    );

    await vi.waitFor(() => expect(onSessionLost).toHaveBeenCalledOnce());
    expect(getAccessToken()).toBeNull();
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
    expect(logoutCalls(fetchMock)).toHaveLength(1);
    expect(logoutCalls(fetchMock)[0]?.init.credentials).toBe('include');
  });

  it.each(['/', '/login'])('logs out but stays on %s', async (page) => {
    window.history.replaceState(null, '', page);
    const fetchMock = stubApi({ '/api/media': 401 });
    await expect(queryClient.fetchQuery({ queryKey: ['/api/media'] })).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(logoutCalls(fetchMock)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('ignores a 401 from a query with its own queryFn', async () => {
    window.history.replaceState(null, '', '/settings');
    const fetchMock = stubApi({});
    setAccessToken('token', Date.now() + 3_600_000);
    const customQuery = queryClient.fetchQuery({
      queryKey: ['/api/posts/scheduled'],
      queryFn: () => Promise.reject(new ApiError(401, 'Access token required')),
    });
    await expect(customQuery).rejects.toBeInstanceOf(ApiError);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onSessionLost).not.toHaveBeenCalled();
    expect(logoutCalls(fetchMock)).toHaveLength(0);
    expect(getAccessToken()).toBe('token');
  });

  it('ignores other errors from default queries', async () => {
    window.history.replaceState(null, '', '/settings');
    const fetchMock = stubApi({ '/api/media': 404 });
    await expect(queryClient.fetchQuery({ queryKey: ['/api/media'] })).rejects.toMatchObject({ status: 404 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onSessionLost).not.toHaveBeenCalled();
    expect(logoutCalls(fetchMock)).toHaveLength(0);
  });

  it('logs out once when several queries fail together', async () => {
    window.history.replaceState(null, '', '/gallery');
    const fetchMock = stubApi({ '/api/media': 401, '/api/storage/usage': 401 });
    const observers = ['/api/media', '/api/storage/usage'].map(
      (path) => new QueryObserver(queryClient, { queryKey: [path] }),
    );
    const unsubscribes = observers.map((observer) => observer.subscribe(() => undefined));
    await vi.waitFor(() => expect(onSessionLost).toHaveBeenCalled());
    unsubscribes.forEach((unsubscribe) => unsubscribe());
    expect(onSessionLost).toHaveBeenCalledOnce();
    expect(logoutCalls(fetchMock)).toHaveLength(1);
  });

  it('still redirects when the logout call itself fails', async () => {
    window.history.replaceState(null, '', '/settings');
    stubFetch(({ path }) =>
      path === '/api/csrf-token' || path === '/api/auth/logout'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : jsonResponse({ message: 'Access token required' }, 401),
    );
    await expect(queryClient.fetchQuery({ queryKey: ['/api/media'] })).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(onSessionLost).toHaveBeenCalledOnce());
  });

  it('goes to / by default', async () => {
    window.history.replaceState(null, '', '/settings');
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      pathname: '/settings',
      assign,
    });
    stubApi({ '/api/media': 401 });
    const defaultClient = createQueryClient();
    await expect(defaultClient.fetchQuery({ queryKey: ['/api/media'] })).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    defaultClient.clear();
  });
});
