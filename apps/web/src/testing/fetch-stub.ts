import { vi } from 'vitest';

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
