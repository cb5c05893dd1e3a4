import { vi } from 'vitest';
import { nextCursorHeader } from '@app/shared/paging';

export interface FetchCall {
  path: string;
  method: string;
  headers: Headers;
  init: RequestInit;
}

type FetchHandler = (call: FetchCall) => Response | Promise<Response>;

/** Replaces global fetch; the handler sees each call in a readable shape and answers with a real Response. */
export function stubFetch(handler: FetchHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    handler({ path: String(input), method: init.method ?? 'GET', headers: new Headers(init.headers), init }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function callsOf(fetchMock: ReturnType<typeof stubFetch>): FetchCall[] {
  return fetchMock.mock.calls.map(([input, init = {}]) => ({
    path: String(input),
    method: init.method ?? 'GET',
    headers: new Headers(init.headers),
    init,
  }));
}

export function jsonResponse(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

/**
 * Answers a cursor-paged list call as the API does (decision 032): up to ?limit items (50 unless
 * sent) after ?cursor, and X-Next-Cursor only while more follow. The stub's cursor names a position
 * ("after-50"); the page must send back whatever it got, unchanged.
 */
export function pagedResponse(items: readonly unknown[], call: FetchCall | string, defaultLimit = 50) {
  const query = new URL(typeof call === 'string' ? call : call.path, 'http://localhost').searchParams;
  const limit = Number(query.get('limit') ?? defaultLimit);
  const cursor = query.get('cursor');
  const start = cursor ? Number(cursor.replace(/^after-/, '')) : 0;
  const next = start + limit;
  const headers: Record<string, string> = next < items.length ? { [nextCursorHeader]: `after-${next}` } : {};
  return Response.json(items.slice(start, next), { headers });
}
