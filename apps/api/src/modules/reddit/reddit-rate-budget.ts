import { createHash } from 'node:crypto';
import type {
  BudgetAnswer,
  RedditCallPriority,
  RedditRateBudget,
} from '../../adapters/reddit/rate-budget.js';
import type { Database } from '../../db/client.js';
import {
  type BudgetSettings,
  type BudgetState,
  ensureBudgetRow,
  readBudget,
  recordHeaders,
  takeCalls,
} from './reddit-rate-budget.repo.js';

/**
 * The share of a window each priority leaves untouched for the ones above it
 * (docs/decisions/038-reddit-rate-budget.md): a community refresh stops at 40 % left, outcome
 * checks at 20 %, token grants at 5 %, and submits may spend the last call.
 */
export const budgetReserve: Record<RedditCallPriority, number> = { 1: 0, 2: 0.05, 3: 0.2, 4: 0.4 };

/** The row's key: the client id is never stored, only its SHA-256. */
export function budgetKey(clientId: string): string {
  return createHash('sha256').update(`reddit-client:${clientId}`).digest('hex');
}

export interface ServerRedditBudget extends RedditRateBudget {
  /** What the row says now; undefined before the first call. */
  state(): Promise<BudgetState | undefined>;
}

/**
 * The allowance of one Reddit OAuth client, kept in the database so every process of this server
 * spends from the same count (reddit_rate_budget).
 */
export function createRedditRateBudget(
  db: Database,
  clientId: string,
  settings: BudgetSettings,
): ServerRedditBudget {
  const key = budgetKey(clientId);
  let ready: Promise<void> | undefined;
  const ensure = () => {
    ready ??= ensureBudgetRow(db, key, settings).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  // The window's end is when to ask again (at least a second on, so a caller never spins).
  const waitUntil = (state: BudgetState): BudgetAnswer => ({
    go: false,
    until: new Date(Math.max(state.windowEndsAt.getTime(), Date.now() + 1000)),
  });

  return {
    async spend(priority, n = 1) {
      for (let attempt = 0; ; attempt++) {
        await ensure();
        if (await takeCalls(db, key, n, budgetReserve[priority], settings.windowSeconds)) return { go: true };
        const state = await readBudget(db, key);
        if (state) return waitUntil(state);
        // The row was removed (a test, an admin): create it again once.
        ready = undefined;
        if (attempt > 0) return { go: false, until: new Date(Date.now() + 1000) };
      }
    },
    async check(priority, n = 1) {
      await ensure();
      const state = await readBudget(db, key);
      if (!state || state.remaining - n >= budgetReserve[priority] * state.windowSize) return { go: true };
      return waitUntil(state);
    },
    async observe(seen) {
      await ensure();
      await recordHeaders(db, key, seen);
    },
    state: () => readBudget(db, key),
  };
}
