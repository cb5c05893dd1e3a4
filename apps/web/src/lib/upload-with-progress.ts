import { ensureFreshAccessToken } from './access-token';
import { errorFromResponse, networkError, readResponseBody } from './api-error';
import { getCsrfToken, refreshCsrfToken } from './csrf';
import { isCsrfRejection, rethrowAsApiError } from './request';

export interface UploadOptions {
  signal?: AbortSignal;
  /** Share of the body sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
}

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('The upload was cancelled.', 'AbortError');
}

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const separator = line.indexOf(':');
    if (separator <= 0) continue;
    try {
      headers.append(line.slice(0, separator).trim(), line.slice(separator + 1).trim());
    } catch {
      // A malformed header line says nothing we need.
    }
  }
  return headers;
}

// The answer becomes a real Response so api-error.ts reads it exactly as it reads fetch's.
function toResponse(xhr: XMLHttpRequest): Response {
  const hasNoBody = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
  return new Response(hasNoBody ? null : xhr.responseText, {
    status: xhr.status,
    statusText: xhr.statusText,
    headers: parseHeaders(xhr.getAllResponseHeaders()),
  });
}

async function send(
  path: string,
  form: FormData,
  csrfToken: string,
  options: UploadOptions,
): Promise<Response> {
  const { signal, onProgress } = options;
  const accessToken = await ensureFreshAccessToken();
  signal?.throwIfAborted();
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = (finish: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      finish();
    };
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    xhr.setRequestHeader('X-CSRF-Token', csrfToken);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () =>
      settle(() => {
        // Status 0 on load means the browser got no real answer (blocked or cut off).
        if (xhr.status < 200 || xhr.status > 599)
          reject(networkError(new Error(`No HTTP answer (status ${xhr.status})`)));
        else resolve(toResponse(xhr));
      });
    xhr.onerror = () => settle(() => reject(networkError(new Error('The upload request failed'))));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => settle(() => reject(abortReason(signal)));
    signal?.addEventListener('abort', onAbort, { once: true });
    // FormData goes untouched: the browser writes the multipart content-type with its boundary.
    xhr.send(form);
  });
}

/**
 * POSTs form data like apiRequest does (cookies, Bearer token, CSRF header with one retry after a
 * CSRF rejection, ApiError on failure) but through XMLHttpRequest, because fetch cannot report
 * how much of a request body has been sent.
 */
export async function uploadWithProgress<T = unknown>(
  path: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<T> {
  const { signal } = options;
  signal?.throwIfAborted();
  const csrfToken = await getCsrfToken().catch(rethrowAsApiError);
  let response = await send(path, form, csrfToken, options);
  if (await isCsrfRejection(response)) {
    const freshToken = await refreshCsrfToken().catch(rethrowAsApiError);
    options.onProgress?.(0);
    response = await send(path, form, freshToken, options);
  }
  if (!response.ok) throw await errorFromResponse(response);
  options.onProgress?.(100);
  return (await readResponseBody(response)) as T;
}
