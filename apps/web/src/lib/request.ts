import type { z } from 'zod';
import { httpMessages, serverMessages } from '@app/shared/messages';
import { errorCodes } from '@app/shared/errors';
import { nextCursorHeader } from '@app/shared/paging';
import { ensureFreshAccessToken } from './access-token';
import { ApiError, errorFromResponse, networkError, readResponseBody } from './api-error';
import { getCsrfToken, refreshCsrfToken } from './csrf';

export { ApiError } from './api-error';

export interface ApiRequestInit {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  keepalive?: boolean;
}

export interface ApiRequestOptions<Schema extends z.ZodType = z.ZodType> extends ApiRequestInit {
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  /** The shared contract the answer must fit; the call then resolves to its parsed type. */
  schema?: Schema;
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

async function send(
  method: string,
  path: string,
  body: unknown,
  init: ApiRequestInit,
  csrfToken: string | undefined,
): Promise<Response> {
  const accessToken = await ensureFreshAccessToken();
  const isFormData = body instanceof FormData;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // The browser must set multipart's boundary itself, so form data gets no content-type from us.
    ...(body !== undefined && !isFormData ? { 'Content-Type': 'application/json' } : {}),
    ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
    ...init.headers,
    ...(csrfToken ? { 'X-CSRF-Token': csrfToken } : {}),
  };
  try {
    return await fetch(path, {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : isFormData ? body : JSON.stringify(body),
      signal: init.signal,
      keepalive: init.keepalive,
    });
  } catch (error) {
    // A cancelled request is not a network failure; callers like TanStack Query expect the abort.
    if (init.signal?.aborted) throw error;
    throw networkError(error);
  }
}

/** A 403 whose body mentions CSRF: the token was stale, so one retry with a fresh token is due. */
export async function isCsrfRejection(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const text = await response
    .clone()
    .text()
    .catch(() => '');
  return /csrf/i.test(text);
}

/**
 * Checks an API answer against its shared contract. A mismatch means the server and this page
 * disagree (e.g. mid-deploy), which the user can only wait out: they get the server-error text.
 */
export function parseResponse<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(httpMessages.serverError, { cause: parsed.error });
  return parsed.data;
}

/** Sends the call (retrying once after a stale-CSRF rejection) and throws ApiError unless it succeeded. */
async function successfulResponse(method: string, path: string, body: unknown, init: ApiRequestInit) {
  const verb = method.toUpperCase();
  const csrfToken = safeMethods.has(verb) ? undefined : await getCsrfToken().catch(rethrowAsApiError);
  let response = await send(verb, path, body, init, csrfToken);
  // An expired or rotated CSRF secret deserves exactly one retry with a token fetched just now.
  if (await isCsrfRejection(response)) {
    const freshToken = await refreshCsrfToken().catch(rethrowAsApiError);
    response = await send(verb, path, body, init, freshToken);
  }
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/**
 * Calls the API with cookies, Bearer token and CSRF header and throws ApiError on failure. With a
 * schema it resolves to the parsed answer (see parseResponse); without one, to the raw body.
 */
export async function apiRequest<Schema extends z.ZodType>(
  method: string,
  path: string,
  options: ApiRequestOptions<Schema> & { schema: Schema },
): Promise<z.output<Schema>>;
export async function apiRequest(method: string, path: string, options?: ApiRequestOptions): Promise<unknown>;
export async function apiRequest(
  method: string,
  path: string,
  { body, schema, ...init }: ApiRequestOptions = {},
): Promise<unknown> {
  const response = await successfulResponse(method, path, body, init);
  const answer = await readResponseBody(response);
  return schema ? parseResponse(schema, answer) : answer;
}

export interface PageRequest<Schema extends z.ZodType> {
  /** The page's body: usually a list's item array, or an object such as { users, total }. */
  schema: Schema;
  /** The previous page's X-Next-Cursor, sent back unchanged; none for the first page. */
  cursor?: string | null;
  /** Left out, the server's default page size applies. */
  limit?: number;
  signal?: AbortSignal;
}

export interface CursorPage<Items> {
  items: Items;
  /** Null on the last page: the server sent no X-Next-Cursor. */
  nextCursor: string | null;
}

/** The path with ?limit and ?cursor added to whatever query it already has. */
export function withPaging(path: string, { cursor, limit }: { cursor?: string | null; limit?: number }) {
  const paging = new URLSearchParams();
  if (limit !== undefined) paging.set('limit', String(limit));
  if (cursor) paging.set('cursor', cursor);
  const query = paging.toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/**
 * GET one page of a cursor-paged list (docs/decisions/032-cursor-paging.md). The body keeps the
 * list's usual shape; the next page, if any, is named in the X-Next-Cursor header. Made for
 * TanStack Query's infinite queries: `getNextPageParam: (page) => page.nextCursor ?? undefined`.
 */
export async function apiPage<Schema extends z.ZodType>(
  path: string,
  { schema, cursor, limit, signal }: PageRequest<Schema>,
): Promise<CursorPage<z.output<Schema>>> {
  const response = await successfulResponse('GET', withPaging(path, { cursor, limit }), undefined, {
    signal,
  });
  const items = parseResponse(schema, await readResponseBody(response));
  return { items, nextCursor: response.headers.get(nextCursorHeader) || null };
}

/** Anything thrown while fetching the CSRF token becomes an ApiError (status 0 unless it already was one). */
export function rethrowAsApiError(error: unknown): never {
  throw error instanceof ApiError ? error : networkError(error);
}

const unauthorizedMessages = new Map<string, string>([
  [serverMessages.accessTokenRequired, httpMessages.accessTokenRequired],
  [serverMessages.invalidCredentials, httpMessages.invalidCredentials],
  [serverMessages.emailNotVerified, httpMessages.emailNotVerified],
]);

/**
 * docs/product.md#talking-to-the-server. 401, 403, 404 and 5xx always show the catalogue's text (the specific 401/403
 * server messages it names, or the EMAIL_NOT_VERIFIED code, get their friendlier versions), so
 * internals never leak. Every other status (400 validation, 409 conflict, 429 rate limit, …)
 * shows the server's own message when it sent one, because that message tells the user what to
 * fix; without one it reads "Request failed: <status text>". Status 0 is a network failure.
 */
export function userFacingMessage(error: unknown): string {
  if (!(error instanceof ApiError)) {
    return error instanceof Error && error.message ? error.message : httpMessages.serverError;
  }
  const { status, message } = error;
  if (status === 0) return httpMessages.network;
  if ((status === 401 || status === 403) && error.code === errorCodes.emailNotVerified) {
    return httpMessages.emailNotVerified;
  }
  if (status === 401) return unauthorizedMessages.get(message) ?? httpMessages.unauthorized;
  if (status === 403) {
    return message === serverMessages.insufficientPermissions
      ? httpMessages.insufficientPermissions
      : httpMessages.forbidden;
  }
  if (status === 404) return httpMessages.notFound;
  if (status >= 500) return httpMessages.serverError;
  return error.hasServerMessage ? message : `${httpMessages.requestFailedPrefix}${error.statusLabel}`;
}
