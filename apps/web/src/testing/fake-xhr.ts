import { vi } from 'vitest';

interface RespondOptions {
  statusText?: string;
  /** Defaults to application/json for object bodies, text/plain for strings. */
  contentType?: string;
}

/** A stand-in XMLHttpRequest: tests read what was sent and drive progress, answers and failures. */
export class FakeXhr {
  method = '';
  url = '';
  requestHeaders = new Headers();
  withCredentials = false;
  body: unknown = undefined;
  sent = false;
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private responseHeaders = '';

  constructor(private readonly registry: FakeXhrRegistry) {}

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.requestHeaders.set(name, value);
  }

  send(body: unknown): void {
    this.body = body;
    this.sent = true;
    this.registry.requests.push(this);
    this.registry.onSend?.(this);
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  getAllResponseHeaders(): string {
    return this.responseHeaders;
  }

  /** The form data that was sent (throws when the body was something else). */
  get form(): FormData {
    if (!(this.body instanceof FormData)) throw new Error('The request body is not FormData');
    return this.body;
  }

  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body: unknown = '', { statusText = '', contentType }: RespondOptions = {}): void {
    const isText = typeof body === 'string';
    const type = contentType ?? (isText ? 'text/plain' : 'application/json; charset=utf-8');
    this.status = status;
    this.statusText = statusText;
    this.responseText = isText ? body : JSON.stringify(body);
    this.responseHeaders = `content-type: ${type}\r\n`;
    this.onload?.();
  }

  /** The connection broke: no HTTP answer at all. */
  fail(): void {
    this.onerror?.();
  }
}

export interface FakeXhrRegistry {
  requests: FakeXhr[];
  /** Called for every send, e.g. to answer at once. */
  onSend?: (xhr: FakeXhr) => void;
  /** The index-th request sent (0 = the first), waiting until it has been sent. */
  sentRequest(index?: number): Promise<FakeXhr>;
}

/** Replaces the global XMLHttpRequest until vi.unstubAllGlobals() (or the next install). */
export function installFakeXhr(onSend?: (xhr: FakeXhr) => void): FakeXhrRegistry {
  const registry: FakeXhrRegistry = {
    requests: [],
    onSend,
    async sentRequest(index = 0) {
      return vi.waitFor(() => {
        const request = registry.requests[index];
        if (!request) throw new Error(`Upload request ${index} was not sent yet`);
        return request;
      });
    },
  };
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      constructor() {
        super(registry);
      }
    },
  );
  return registry;
}
