import { doublePrecision, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/**
 * Reddit's allowance for one OAuth client, shared by every process of this server
 * (docs/decisions/038-reddit-rate-budget.md). One row per client id, keyed by its SHA-256 so the id
 * itself is never stored. Every change is a single conditional UPDATE, so two processes never both
 * spend the last call.
 */
export const redditRateBudget = pgTable('reddit_rate_budget', {
  clientKey: text('client_key').primaryKey(),
  /** Calls Reddit allows per window: X-Ratelimit-Used + Remaining once seen, else the configured size. */
  windowSize: integer('window_size').notNull(),
  /** Calls left in this window: Reddit's last X-Ratelimit-Remaining, less what we spent since. */
  remaining: doublePrecision('remaining').notNull(),
  /** When the window refills (now + X-Ratelimit-Reset when Reddit last said). */
  windowEndsAt: timestamptz('window_ends_at').notNull(),
  /** Calls this server spent since Reddit's last headers (or since the window began). */
  spentSinceHeaders: integer('spent_since_headers').notNull().default(0),
  /** When Reddit's headers were last read; null while only our own count is known. */
  observedAt: timestamptz('observed_at'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export type RedditRateBudgetRow = typeof redditRateBudget.$inferSelect;
