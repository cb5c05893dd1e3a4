import { RedditRateLimitError } from './reddit-api.js';

/**
 * Who a Reddit call is for, most urgent first: 1 submits (and what a submit needs: the media lease,
 * finding the post afterwards), 2 token grants and account linking, 3 outcome checks,
 * 4 community refreshes and rules lookups. Lower priorities leave a reserve for higher ones
 * (docs/decisions/038-reddit-rate-budget.md).
 */
export type RedditCallPriority = 1 | 2 | 3 | 4;

export type BudgetAnswer = { go: true } | { go: false; until: Date };

/** What Reddit's X-Ratelimit-* headers (or a 429) said about the allowance. */
export interface RateHeaders {
  remaining: number;
  /** Seconds until the window refills. */
  resetSeconds: number;
  used: number | undefined;
}

/** The server-wide allowance of one OAuth client; every Reddit call asks it first and reports back. */
export interface RedditRateBudget {
  /** Takes n calls when priority may spend them now; otherwise says when to ask again. Nothing is taken on a wait. */
  spend(priority: RedditCallPriority, n?: number): Promise<BudgetAnswer>;
  /** Whether priority could spend n calls now, without taking them. */
  check(priority: RedditCallPriority, n?: number): Promise<BudgetAnswer>;
  /** Reddit's headers on an answer (a 429 counts as nothing left until its reset). */
  observe(headers: RateHeaders): Promise<void>;
}

/** The budget said wait: no request went out. */
export class RedditBudgetWaitError extends RedditRateLimitError {
  override name = 'RedditBudgetWaitError';
  constructor(
    readonly priority: RedditCallPriority,
    readonly until: Date,
  ) {
    super(
      `This server has used its Reddit allowance for the moment (calls of priority ${priority} wait until ${until.toISOString()}).`,
      Math.max(0, until.getTime() - Date.now()),
    );
  }
}

const number = (value: string | null) => {
  const parsed = Number.parseFloat(value ?? '');
  return Number.isFinite(parsed) ? parsed : undefined;
};

/**
 * Reads X-Ratelimit-Remaining / -Reset / -Used; a 429 without them means nothing is left until
 * Retry-After (or a minute). undefined when an ordinary answer carries no such headers.
 */
export function rateHeaders(status: number, headers: Headers): RateHeaders | undefined {
  const remaining = number(headers.get('x-ratelimit-remaining'));
  const resetSeconds = number(headers.get('x-ratelimit-reset'));
  const used = number(headers.get('x-ratelimit-used'));
  if (status === 429) {
    const wait = resetSeconds ?? number(headers.get('retry-after')) ?? 60;
    return { remaining: 0, resetSeconds: Math.max(1, wait), used };
  }
  if (remaining === undefined || resetSeconds === undefined) return undefined;
  return { remaining: Math.max(0, remaining), resetSeconds: Math.max(0, resetSeconds), used };
}

/** How long a call waits when the allowance could not be read at all (the database failed). */
const unreadableBudgetWaitMs = 30_000;

/**
 * One Reddit call under the budget: asks for one call of `priority`, throws RedditBudgetWaitError
 * (without calling) when it must wait, and records the answer's headers. Both failure modes are
 * chosen so the caller can tell "the request never left" from "Reddit may have it": an allowance
 * that cannot be read is a short wait (nothing was sent), and headers that cannot be recorded never
 * hide Reddit's answer.
 */
export async function budgeted(
  budget: RedditRateBudget | undefined,
  priority: RedditCallPriority,
  call: () => Promise<Response>,
): Promise<Response> {
  if (!budget) return call();
  const answer = await budget
    .spend(priority, 1)
    .catch((): BudgetAnswer => ({ go: false, until: new Date(Date.now() + unreadableBudgetWaitMs) }));
  if (!answer.go) throw new RedditBudgetWaitError(priority, answer.until);
  const response = await call();
  const seen = rateHeaders(response.status, response.headers);
  // Our count stays as it was (lower or equal): the next answer's headers correct it.
  if (seen) await budget.observe(seen).catch(() => undefined);
  return response;
}
