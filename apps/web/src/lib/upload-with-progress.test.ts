import { httpMessages } from '@app/shared/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAccessToken, setAccessToken } from './access-token';
import { ApiError } from './api-error';
import { clearCsrfToken } from './csrf';
import { installFakeXhr } from '../testing/fake-xhr';
import { callsOf, jsonResponse, stubFetch } from '../testing/fetch-stub';
import { uploadWithProgress } from './upload-with-progress';

function stubCsrf() {
  let issued = 0;
  return stubFetch((call) =>
    call.path === '/api/csrf-token' ? jsonResponse({ csrfToken: `csrf-${++issued}` }) : jsonResponse({}, 404),
  );
}

function formWithFile(): FormData {
  const form = new FormData();
  form.append('tags', 'beach');
  form.append('file', new File(['pixels'], 'sun.png', { type: 'image/png' }));
  return form;
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('Expected the upload to fail');
    },
    (reason: unknown) => reason,
  );
}

beforeEach(() => {
  clearAccessToken();
  clearCsrfToken();
});

afterEach(() => vi.unstubAllGlobals());

describe('uploadWithProgress', () => {
  it('posts the form with cookies, CSRF and Bearer headers, reports progress and resolves to the JSON body', async () => {
    stubCsrf();
    setAccessToken('token-1', Date.now() + 3_600_000);
    const xhrs = installFakeXhr();
    const form = formWithFile();
    const progress: number[] = [];
    const upload = uploadWithProgress('/api/media/upload', form, {
      onProgress: (percent) => progress.push(percent),
    });

    const xhr = await xhrs.sentRequest();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/media/upload');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.requestHeaders.get('X-CSRF-Token')).toBe('csrf-1');
    expect(xhr.requestHeaders.get('Authorization')).toBe('Bearer token-1');
    expect(xhr.requestHeaders.get('Accept')).toBe('application/json');
    expect(xhr.requestHeaders.has('Content-Type')).toBe(false);
    expect(xhr.body).toBe(form);

    xhr.progress(25, 100);
    xhr.progress(2, 3);
    xhr.respond(201, { message: 'Saved', asset: { id: 'a' } });
    await expect(upload).resolves.toEqual({ message: 'Saved', asset: { id: 'a' } });
    expect(progress).toEqual([25, 67, 100]);
  });

  it('sends no Authorization header when nobody holds an access token', async () => {
    stubCsrf();
    const xhrs = installFakeXhr((xhr) => xhr.respond(204));
    await expect(uploadWithProgress('/api/media/upload', formWithFile())).resolves.toBeUndefined();
    expect(xhrs.requests[0]?.requestHeaders.has('Authorization')).toBe(false);
  });

  it('retries once with a fresh token after a 403 that mentions CSRF', async () => {
    const fetchMock = stubCsrf();
    const xhrs = installFakeXhr((xhr) =>
      xhr.requestHeaders.get('X-CSRF-Token') === 'csrf-1'
        ? xhr.respond(403, { message: 'Invalid CSRF token' })
        : xhr.respond(201, { ok: true }),
    );
    await expect(uploadWithProgress('/api/media/upload', formWithFile())).resolves.toEqual({ ok: true });
    expect(xhrs.requests.map((xhr) => xhr.requestHeaders.get('X-CSRF-Token'))).toEqual(['csrf-1', 'csrf-2']);
    expect(callsOf(fetchMock).filter((call) => call.path === '/api/csrf-token')).toHaveLength(2);
  });

  it('does not retry a second CSRF rejection or any other 403', async () => {
    stubCsrf();
    const xhrs = installFakeXhr((xhr) => xhr.respond(403, { message: 'CSRF token mismatch' }));
    const error = await caught(uploadWithProgress('/api/media/upload', formWithFile()));
    expect(error).toMatchObject({ status: 403, message: 'CSRF token mismatch' });
    expect(xhrs.requests).toHaveLength(2);

    const other = installFakeXhr((xhr) => xhr.respond(403, { message: 'Forbidden', code: 'FORBIDDEN' }));
    await caught(uploadWithProgress('/api/media/upload', formWithFile()));
    expect(other.requests).toHaveLength(1);
  });

  it('turns an error answer into the ApiError apiRequest would throw', async () => {
    stubCsrf();
    installFakeXhr((xhr) =>
      xhr.respond(
        415,
        { message: 'This file type is not supported.', code: 'UNSUPPORTED' },
        { statusText: 'Unsupported Media Type' },
      ),
    );
    const error = await caught(uploadWithProgress('/api/media/upload', formWithFile()));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 415,
      message: 'This file type is not supported.',
      code: 'UNSUPPORTED',
      statusText: 'Unsupported Media Type',
    });

    installFakeXhr((xhr) => xhr.respond(413, '', { statusText: 'Payload Too Large' }));
    const bare = await caught(uploadWithProgress('/api/media/upload', formWithFile()));
    expect(bare).toMatchObject({ status: 413, message: 'Payload Too Large', hasServerMessage: false });
  });

  it('reports a broken connection as a network ApiError (status 0)', async () => {
    stubCsrf();
    installFakeXhr((xhr) => xhr.fail());
    const error = await caught(uploadWithProgress('/api/media/upload', formWithFile()));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: httpMessages.network });
  });

  it('reports an unreachable CSRF endpoint as a network ApiError and sends nothing', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const xhrs = installFakeXhr();
    const error = await caught(uploadWithProgress('/api/media/upload', formWithFile()));
    expect(error).toMatchObject({ status: 0, message: httpMessages.network });
    expect(xhrs.requests).toHaveLength(0);
  });

  it('aborts the request when the signal fires, rejecting with the abort reason', async () => {
    stubCsrf();
    const xhrs = installFakeXhr();
    const controller = new AbortController();
    const upload = uploadWithProgress('/api/media/upload', formWithFile(), { signal: controller.signal });
    const xhr = await xhrs.sentRequest();
    controller.abort();
    const error = await caught(upload);
    expect(xhr.aborted).toBe(true);
    expect(error).toBe(controller.signal.reason);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('sends nothing when the signal has already fired', async () => {
    stubCsrf();
    const xhrs = installFakeXhr();
    const controller = new AbortController();
    controller.abort();
    const error = await caught(
      uploadWithProgress('/api/media/upload', formWithFile(), { signal: controller.signal }),
    );
    expect((error as DOMException).name).toBe('AbortError');
    expect(xhrs.requests).toHaveLength(0);
  });
});
