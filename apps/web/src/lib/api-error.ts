import { httpMessages } from '@app/shared/messages';

interface ApiErrorDetails {
  statusText?: string;
  code?: string;
  email?: string;
  body?: unknown;
  cause?: unknown;
}

/** Every failed API call surfaces as this: status 0 means the request never got an answer. */
export class ApiError extends Error {
  override name = 'ApiError';
  status: number;
  statusText: string;
  code?: string;
  email?: string;
  body?: unknown;

  constructor(status: number, message: string, details: ApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = status;
    this.statusText = details.statusText ?? '';
    this.code = details.code;
    this.email = details.email;
    this.body = details.body;
  }

  /** The text shown when the server gave no message of its own (HTTP/2 has no status text). */
  get statusLabel(): string {
    return this.statusText || String(this.status);
  }

  get hasServerMessage(): boolean {
    return this.status !== 0 && this.message !== this.statusLabel;
  }
}

export function networkError(cause: unknown): ApiError {
  return new ApiError(0, httpMessages.network, { cause });
}

function isJsonResponse(response: Response): boolean {
  return /[/+]json\b/i.test(response.headers.get('content-type') ?? '');
}

/** JSON when the server says so, else text; undefined for 204/205 or an empty body. */
export async function readResponseBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  if (!isJsonResponse(response)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function stringField(body: unknown, field: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

// A proxy's HTML error page is not a message anyone should read.
function plainTextMessage(body: unknown): string | undefined {
  if (typeof body !== 'string') return undefined;
  const text = body.trim();
  return text !== '' && !text.startsWith('<') ? text : undefined;
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  const body = await readResponseBody(response).catch(() => undefined);
  const statusLabel = response.statusText || String(response.status);
  const message = stringField(body, 'message') ?? plainTextMessage(body) ?? statusLabel;
  return new ApiError(response.status, message, {
    statusText: response.statusText,
    code: stringField(body, 'code'),
    email: stringField(body, 'email'),
    body,
  });
}
