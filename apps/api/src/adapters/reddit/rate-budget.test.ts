import { describe, expect, it } from 'vitest';
import {
  budgeted,
  type RateHeaders,
  rateHeaders,
  RedditBudgetWaitError,
  type RedditRateBudget,
} from './rate-budget.js';

function fakeBudget(overrides: Partial<RedditRateBudget> = {}) {
  const seen: RateHeaders[] = [];
  const budget: RedditRateBudget = {
    spend: () => Promise.resolve({ go: true }),
    check: () => Promise.resolve({ go: true }),
    observe: (headers) => {
      seen.push(headers);
      return Promise.resolve();
    },
    ...overrides,
  };
  return { budget, seen };
}

describe('rateHeaders', () => {
  it("reads Reddit's X-Ratelimit-* headers, and nothing from an answer without them", () => {
    const headers = new Headers({
      'x-ratelimit-used': '4',
      'x-ratelimit-remaining': '596.0',
      'x-ratelimit-reset': '312',
    });
    expect(rateHeaders(200, headers)).toEqual({ remaining: 596, resetSeconds: 312, used: 4 });
    expect(rateHeaders(200, new Headers())).toBeUndefined();
  });

  it('reads a 429 as nothing left: until its reset, its Retry-After, or a minute', () => {
    expect(rateHeaders(429, new Headers({ 'x-ratelimit-reset': '40' }))).toMatchObject({
      remaining: 0,
      resetSeconds: 40,
    });
    expect(rateHeaders(429, new Headers({ 'retry-after': '7' }))).toMatchObject({ resetSeconds: 7 });
    expect(rateHeaders(429, new Headers())).toMatchObject({ remaining: 0, resetSeconds: 60 });
  });
});

describe('budgeted', () => {
  const ok = () =>
    Promise.resolve(
      new Response('{}', { headers: { 'x-ratelimit-remaining': '9', 'x-ratelimit-reset': '60' } }),
    );

  it('calls when the allowance says go, and reports the answer’s headers', async () => {
    const { budget, seen } = fakeBudget();
    const response = await budgeted(budget, 1, ok);
    expect(response.status).toBe(200);
    expect(seen).toEqual([{ remaining: 9, resetSeconds: 60, used: undefined }]);
  });

  it('does not call at all when the allowance says wait', async () => {
    const until = new Date(Date.now() + 120_000);
    const { budget } = fakeBudget({ spend: () => Promise.resolve({ go: false, until }) });
    let called = false;
    const attempt = budgeted(budget, 3, () => {
      called = true;
      return ok();
    });
    await expect(attempt).rejects.toBeInstanceOf(RedditBudgetWaitError);
    await expect(attempt).rejects.toMatchObject({ until, priority: 3, status: 429 });
    expect(called).toBe(false);
  });

  it('an allowance that cannot be read is a short wait, never a call', async () => {
    const { budget } = fakeBudget({ spend: () => Promise.reject(new Error('database gone')) });
    let called = false;
    const error = await budgeted(budget, 1, () => {
      called = true;
      return ok();
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedditBudgetWaitError);
    expect((error as RedditBudgetWaitError).retryAfterMs).toBeGreaterThan(20_000);
    expect(called).toBe(false);
  });

  it("headers that cannot be recorded never hide Reddit's answer", async () => {
    const { budget } = fakeBudget({ observe: () => Promise.reject(new Error('database gone')) });
    expect((await budgeted(budget, 1, ok)).status).toBe(200);
  });
});
