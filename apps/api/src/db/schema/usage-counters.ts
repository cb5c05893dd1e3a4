import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/**
 * Counts of metered actions per subject and time window (e.g. ImageShield try-outs per visitor
 * per hour). One row per window, incremented atomically, so every process sees the same count.
 */
export const usageCounters = pgTable(
  'usage_counters',
  {
    scope: text('scope').notNull(),
    /** A user id, or a keyed hash of a visitor's address: never the address itself. */
    subject: text('subject').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.subject, t.windowStart] })],
);
