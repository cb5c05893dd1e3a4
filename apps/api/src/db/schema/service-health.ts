import { check, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamptz } from './columns.js';

/**
 * The last failure and the last success of each outside service (the admin's Setup page): a
 * service is failing while its last error is newer than its last success. One row per service.
 */
export const serviceFailures = pgTable(
  'service_failures',
  {
    service: text('service').primaryKey(),
    lastErrorAt: timestamptz('last_error_at'),
    /** A short reason without secrets, never an upstream body. */
    lastError: text('last_error'),
    /** The first success after the last error (later successes are not written). */
    lastOkAt: timestamptz('last_ok_at'),
  },
  (t) => [check('service_failures_last_error_length', sql`char_length(${t.lastError}) <= 500`)],
);

export type ServiceFailureRow = typeof serviceFailures.$inferSelect;
