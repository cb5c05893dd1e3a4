import {
  analyticsMaxBodyBytes,
  analyticsMaxEventsPerBatch,
  type AnalyticsEvent,
} from '@app/shared/analytics';

export const analyticsEndpoint = '/api/analytics/events';

/** What became of one request: stored, worth sending again later, or refused for good. */
export type SendOutcome =
  | { status: 'sent' }
  | { status: 'retry'; reason: string; retryAfterMs?: number }
  | { status: 'drop'; reason: string };

export interface SenderDeps {
  fetch: typeof fetch;
  /** The CSRF header's value, fetched or read from the cookie before the request (docs/product.md#analytics). */
  getCsrfToken: () => Promise<string>;
  /** A new token after a CSRF rejection (a rotated secret). */
  refreshCsrfToken: () => Promise<string>;
}

// Leaves room under the server's limit for the JSON wrapper and a margin for multi-byte characters.
const bodyBudgetBytes = analyticsMaxBodyBytes - 1024;
const encoder = new TextEncoder();

/** Splits events into requests of at most 50 events and under the body limit, keeping their order. */
export function splitIntoBatches(events: readonly AnalyticsEvent[]): AnalyticsEvent[][] {
  const batches: AnalyticsEvent[][] = [];
  let current: AnalyticsEvent[] = [];
  let bytes = 0;
  for (const event of events) {
    const size = encoder.encode(JSON.stringify(event)).length + 1;
    if (
      current.length > 0 &&
      (current.length >= analyticsMaxEventsPerBatch || bytes + size > bodyBudgetBytes)
    ) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(event);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

async function isCsrfRejection(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const text = await response
    .clone()
    .text()
    .catch(() => '');
  return /csrf/i.test(text);
}

/** POST /api/analytics/events with the CSRF header, keepalive so it survives the page closing. */
export async function sendBatch(deps: SenderDeps, events: readonly AnalyticsEvent[]): Promise<SendOutcome> {
  const post = (token: string) =>
    deps.fetch(analyticsEndpoint, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': token },
      body: JSON.stringify({ events }),
    });
  let response: Response;
  let csrfRejected: boolean;
  try {
    response = await post(await deps.getCsrfToken());
    // A rotated CSRF secret deserves exactly one retry with a token fetched just now.
    if (await isCsrfRejection(response)) response = await post(await deps.refreshCsrfToken());
    csrfRejected = await isCsrfRejection(response);
  } catch (error) {
    return {
      status: 'retry',
      reason: `network error: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (response.ok) return { status: 'sent' };
  const reason = `HTTP ${response.status}`;
  // Server trouble, rate limiting, a CSRF token that stayed stale: the same events may succeed later.
  if (response.status >= 500 || response.status === 429 || response.status === 408 || csrfRejected) {
    return { status: 'retry', reason, retryAfterMs: retryAfterMs(response) };
  }
  // Any other 4xx refuses this body as such (validation, size); sending it again would fail again.
  return { status: 'drop', reason };
}
