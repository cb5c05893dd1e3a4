import { httpMessages } from '@app/shared/messages';
import { pagingTexts } from '@app/shared/paging';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clearAccessToken, setAccessToken } from './access-token';
import { clearCsrfToken } from './csrf';
import { ApiError, apiPage, apiRequest, userFacingMessage } from './request';
import { callsOf, jsonResponse, stubFetch, type FetchCall } from '../testing/fetch-stub';

const inOneHour = () => Date.now() + 3_600_000;

/** Answers the CSRF and refresh endpoints like the server does; everything else goes to `api`. */
function stubServer(api: (call: FetchCall) => Response | Promise<Response>) {
  let csrfIssued = 0;
  return stubFetch((call) => {
    if (call.path === '/api/csrf-token') return jsonResponse({ csrfToken: `csrf-${++csrfIssued}` });
    if (call.path === '/api/auth/refresh')
      return jsonResponse({ accessToken: 'refreshed', expiresAt: inOneHour() });
    return api(call);
  });
}

function apiCalls(fetchMock: ReturnType<typeof stubFetch>, path: string) {
  return callsOf(fetchMock).filter((call) => call.path === path);
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  clearAccessToken();
  clearCsrfToken();
});

describe('apiRequest: credentials and access token', () => {
  it('always sends cookies', async () => {
    const fetchMock = stubServer(() => jsonResponse({ ok: true }));
    await apiRequest('GET', '/api/metrics');
    await apiRequest('POST', '/api/saved-content', { body: { title: 't' } });
    expect(apiCalls(fetchMock, '/api/metrics')[0]?.init.credentials).toBe('include');
    expect(apiCalls(fetchMock, '/api/saved-content')[0]?.init.credentials).toBe('include');
  });

  it('sends no Authorization header without an access token', async () => {
    const fetchMock = stubServer(() => jsonResponse([]));
    await apiRequest('GET', '/api/media');
    expect(apiCalls(fetchMock, '/api/media')[0]?.headers.has('Authorization')).toBe(false);
  });

  it('adds the access token as a Bearer header', async () => {
    const fetchMock = stubServer(() => jsonResponse([]));
    setAccessToken('token-1', inOneHour());
    await apiRequest('GET', '/api/media');
    expect(apiCalls(fetchMock, '/api/media')[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('refreshes a token about to expire before the request, once for concurrent requests', async () => {
    const fetchMock = stubServer(() => jsonResponse([]));
    setAccessToken('expiring', Date.now() + 5_000);
    await Promise.all([apiRequest('GET', '/api/media'), apiRequest('GET', '/api/posts/scheduled')]);
    expect(apiCalls(fetchMock, '/api/auth/refresh')).toHaveLength(1);
    expect(apiCalls(fetchMock, '/api/media')[0]?.headers.get('Authorization')).toBe('Bearer refreshed');
    expect(apiCalls(fetchMock, '/api/posts/scheduled')[0]?.headers.get('Authorization')).toBe(
      'Bearer refreshed',
    );
  });
});

describe('apiRequest: bodies', () => {
  it('sends plain values as JSON', async () => {
    const fetchMock = stubServer(() => jsonResponse({}));
    await apiRequest('POST', '/api/posts/schedule', { body: { subreddit: 'pics', title: 'Hi' } });
    const [call] = apiCalls(fetchMock, '/api/posts/schedule');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.init.body).toBe(JSON.stringify({ subreddit: 'pics', title: 'Hi' }));
  });

  it('sends FormData untouched and leaves the multipart content-type to the browser', async () => {
    const fetchMock = stubServer(() => jsonResponse({}));
    const form = new FormData();
    form.append('file', new Blob(['img']), 'a.png');
    await apiRequest('POST', '/api/media/upload', { body: form });
    const [call] = apiCalls(fetchMock, '/api/media/upload');
    expect(call?.init.body).toBe(form);
    expect(call?.headers.has('Content-Type')).toBe(false);
  });

  it('sends no body and no content-type when there is nothing to send', async () => {
    const fetchMock = stubServer(() => new Response(null, { status: 204 }));
    await apiRequest('DELETE', '/api/media/1');
    const [call] = apiCalls(fetchMock, '/api/media/1');
    expect(call?.init.body).toBeUndefined();
    expect(call?.headers.has('Content-Type')).toBe(false);
  });

  it('passes signal, keepalive and extra headers through', async () => {
    const fetchMock = stubServer(() => new Response(null, { status: 204 }));
    const controller = new AbortController();
    await apiRequest('POST', '/api/analytics/events', {
      body: { events: [] },
      signal: controller.signal,
      keepalive: true,
      headers: { 'X-Trace': '1' },
    });
    const [call] = apiCalls(fetchMock, '/api/analytics/events');
    expect(call?.init.signal).toBe(controller.signal);
    expect(call?.init.keepalive).toBe(true);
    expect(call?.headers.get('X-Trace')).toBe('1');
  });
});

describe('apiRequest: CSRF', () => {
  it('adds X-CSRF-Token to state-changing calls only', async () => {
    const fetchMock = stubServer(() => new Response(null, { status: 204 }));
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) await apiRequest(method, '/api/thing');
    await apiRequest('GET', '/api/thing');
    await apiRequest('HEAD', '/api/thing');
    const calls = apiCalls(fetchMock, '/api/thing');
    expect(calls.map((call) => [call.method, call.headers.get('X-CSRF-Token')])).toEqual([
      ['POST', 'csrf-1'],
      ['PUT', 'csrf-1'],
      ['PATCH', 'csrf-1'],
      ['DELETE', 'csrf-1'],
      ['GET', null],
      ['HEAD', null],
    ]);
  });

  it('uses the XSRF-TOKEN cookie when present', async () => {
    document.cookie = 'XSRF-TOKEN=from-cookie';
    const fetchMock = stubServer(() => new Response(null, { status: 204 }));
    await apiRequest('POST', '/api/thing');
    expect(apiCalls(fetchMock, '/api/thing')[0]?.headers.get('X-CSRF-Token')).toBe('from-cookie');
    expect(apiCalls(fetchMock, '/api/csrf-token')).toHaveLength(0);
  });

  it('retries once with a fresh token after a 403 that mentions CSRF', async () => {
    const fetchMock = stubServer(({ headers }) =>
      headers.get('X-CSRF-Token') === 'csrf-2'
        ? jsonResponse({ saved: true })
        : jsonResponse({ message: 'Invalid csrf token', code: 'CSRF_INVALID' }, 403),
    );
    await expect(apiRequest('POST', '/api/saved-content', { body: { title: 't' } })).resolves.toEqual({
      saved: true,
    });
    const calls = apiCalls(fetchMock, '/api/saved-content');
    expect(calls.map((call) => call.headers.get('X-CSRF-Token'))).toEqual(['csrf-1', 'csrf-2']);
    expect(calls[1]?.init.body).toBe(JSON.stringify({ title: 't' }));
  });

  it('does not retry a second time when the retry is rejected too', async () => {
    const fetchMock = stubServer(() => new Response('CSRF token mismatch', { status: 403 }));
    const error = await caught(apiRequest('POST', '/api/saved-content', { body: {} }));
    expect(error.status).toBe(403);
    expect(apiCalls(fetchMock, '/api/saved-content')).toHaveLength(2);
    expect(apiCalls(fetchMock, '/api/csrf-token')).toHaveLength(2);
  });

  it('does not retry a 403 that is not about CSRF', async () => {
    const fetchMock = stubServer(() => jsonResponse({ message: 'Insufficient permissions' }, 403));
    const error = await caught(apiRequest('POST', '/api/admin/thing', { body: {} }));
    expect(error.message).toBe('Insufficient permissions');
    expect(apiCalls(fetchMock, '/api/admin/thing')).toHaveLength(1);
  });
});

describe('apiRequest: responses', () => {
  it('gives undefined for a 204 and for an empty body', async () => {
    stubServer(({ method }) =>
      method === 'DELETE' ? new Response(null, { status: 204 }) : new Response(''),
    );
    await expect(apiRequest('DELETE', '/api/content-generations/1')).resolves.toBeUndefined();
    await expect(apiRequest('GET', '/api/empty')).resolves.toBeUndefined();
  });

  it('parses JSON bodies and returns other bodies as text', async () => {
    stubServer(({ path }) =>
      path === '/api/json'
        ? jsonResponse({ creators: 3 })
        : new Response('plain words', { headers: { 'content-type': 'text/plain' } }),
    );
    await expect(apiRequest('GET', '/api/json')).resolves.toEqual({ creators: 3 });
    await expect(apiRequest('GET', '/api/text')).resolves.toBe('plain words');
  });
});

describe('apiRequest: errors', () => {
  it('takes the message, code and email from a JSON error body', async () => {
    stubServer(() =>
      jsonResponse({ message: 'Email not verified', code: 'EMAIL_NOT_VERIFIED', email: 'a@b.co' }, 401),
    );
    const error = await caught(
      apiRequest('POST', '/api/auth/login', { body: { username: 'a', password: 'b' } }),
    );
    expect(error).toMatchObject({
      status: 401,
      message: 'Email not verified',
      code: 'EMAIL_NOT_VERIFIED',
      email: 'a@b.co',
      body: { message: 'Email not verified', code: 'EMAIL_NOT_VERIFIED', email: 'a@b.co' },
    });
  });

  it('falls back to the body text when there is no JSON message', async () => {
    stubServer(() => new Response('Username already taken', { status: 409, statusText: 'Conflict' }));
    const error = await caught(apiRequest('POST', '/api/auth/signup', { body: {} }));
    expect(error.message).toBe('Username already taken');
  });

  it('falls back to the status text when the body is empty', async () => {
    stubServer(() => new Response(null, { status: 429, statusText: 'Too Many Requests' }));
    const error = await caught(apiRequest('GET', '/api/metrics'));
    expect(error).toMatchObject({
      status: 429,
      message: 'Too Many Requests',
      statusText: 'Too Many Requests',
    });
  });

  it('turns a network failure into status 0 with the network message', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await caught(apiRequest('GET', '/api/metrics'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(httpMessages.network);
  });

  it('lets an abort through unchanged so query cancellation works', async () => {
    const controller = new AbortController();
    stubFetch(() => {
      controller.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
    await expect(apiRequest('GET', '/api/metrics', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('apiRequest: schema', () => {
  it('resolves to the answer parsed by the given schema', async () => {
    stubServer(() => jsonResponse({ count: 3, extra: 'dropped' }));
    const answer = await apiRequest('GET', '/api/things', { schema: z.object({ count: z.number() }) });
    expect(answer).toEqual({ count: 3 });
  });

  it('turns an answer that breaks the contract into the server-error text', async () => {
    stubServer(() => jsonResponse({ count: 'three' }));
    const error = await apiRequest('GET', '/api/things', { schema: z.object({ count: z.number() }) }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(httpMessages.serverError);
    expect(userFacingMessage(error)).toBe(httpMessages.serverError);
  });
});

describe('apiPage: cursor paging (decision 032)', () => {
  const pageSchema = z.array(z.object({ id: z.string() }));

  it('reads the next cursor from the X-Next-Cursor header', async () => {
    stubServer(() => Response.json([{ id: 'a' }, { id: 'b' }], { headers: { 'X-Next-Cursor': 'bmV4dA' } }));
    await expect(apiPage('/api/media', { schema: pageSchema })).resolves.toEqual({
      items: [{ id: 'a' }, { id: 'b' }],
      nextCursor: 'bmV4dA',
    });
  });

  it('gives no next cursor on the last page, which has no header', async () => {
    stubServer(() => jsonResponse([{ id: 'z' }]));
    await expect(apiPage('/api/media', { schema: pageSchema })).resolves.toEqual({
      items: [{ id: 'z' }],
      nextCursor: null,
    });
  });

  it('sends the cursor and limit back, after the query the path already has', async () => {
    const fetchMock = stubServer(() => jsonResponse([]));
    await apiPage('/api/media?tag=beach%20day', { schema: pageSchema, cursor: 'Y3Vy', limit: 20 });
    await apiPage('/api/posts/scheduled', { schema: pageSchema, cursor: null });
    expect(callsOf(fetchMock).map((call) => call.path)).toEqual([
      '/api/media?tag=beach%20day&limit=20&cursor=Y3Vy',
      '/api/posts/scheduled',
    ]);
  });

  it('fails like apiRequest, with the server text for a cursor it cannot read', async () => {
    stubServer(() => jsonResponse({ message: pagingTexts.cursorInvalid }, 400));
    const error = await caught(apiPage('/api/media', { schema: pageSchema, cursor: 'old' }));
    expect(error.status).toBe(400);
    expect(userFacingMessage(error)).toBe(pagingTexts.cursorInvalid);
  });
});
