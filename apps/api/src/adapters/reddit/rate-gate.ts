import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Spaces calls to one API client. Reddit allows about 100 calls a minute per OAuth client over a
 * 10-minute window and reports what is left in X-Ratelimit-Remaining / X-Ratelimit-Reset (seconds
 * to the end of the window). We never go faster than minIntervalMs, and never spend the remaining
 * quota faster than the window refills it, so a long refresh does not hit 429 at all.
 */
export class RateGate {
  private nextAt = 0;

  constructor(private readonly minIntervalMs: number) {}

  /** Resolves when the next call may go out; rejects when signal aborts. */
  async wait(signal?: AbortSignal): Promise<void> {
    const delay = this.nextAt - Date.now();
    if (delay > 0) await sleep(delay, undefined, { signal });
    else signal?.throwIfAborted();
    this.nextAt = Math.max(this.nextAt, Date.now() + this.minIntervalMs);
  }

  /** Reads Reddit's rate-limit headers from any answer. */
  observe(headers: Headers): void {
    const remaining = Number.parseFloat(headers.get('x-ratelimit-remaining') ?? '');
    const resetSeconds = Number.parseFloat(headers.get('x-ratelimit-reset') ?? '');
    if (!Number.isFinite(remaining) || !Number.isFinite(resetSeconds)) return;
    const resetMs = Math.max(0, resetSeconds) * 1000;
    const spacing = remaining < 1 ? resetMs : resetMs / remaining;
    this.nextAt = Math.max(this.nextAt, Date.now() + spacing);
  }

  /** After a 429: nothing goes out for ms. */
  pause(ms: number): void {
    this.nextAt = Math.max(this.nextAt, Date.now() + ms);
  }
}

/** How long a 429 asks us to wait: Retry-After (seconds), else X-Ratelimit-Reset, else undefined. */
export function retryAfterMs(headers: Headers): number | undefined {
  for (const name of ['retry-after', 'x-ratelimit-reset']) {
    const seconds = Number.parseFloat(headers.get(name) ?? '');
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  }
  return undefined;
}
