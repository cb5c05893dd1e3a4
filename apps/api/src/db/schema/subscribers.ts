import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt } from './columns.js';
import { users } from './users.js';

/**
 * New subscribers a creator recorded for one day from one platform (her own statement), so
 * Results can estimate which subreddits they came from (docs/tracked-links.md#subscribers).
 * One row per day and source; the source keeps the spelling it was first recorded with.
 */
export const subscriberCounts = pgTable(
  'subscriber_counts',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    newSubscribers: integer('new_subscribers').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('subscriber_counts_user_day_source_unique').on(t.userId, t.day, t.source),
    check('subscriber_counts_new_subscribers_check', sql`${t.newSubscribers} between 0 and 100000`),
  ],
);

export type SubscriberCountRow = typeof subscriberCounts.$inferSelect;
