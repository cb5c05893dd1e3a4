import { analyticsEventKinds } from '@app/shared/analytics';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf, primaryId, timestamptz } from './columns.js';
import { users } from './users.js';

// One list with the wire contract, so a new kind cannot be accepted by one and refused by the other.
const analyticsEventTypes = analyticsEventKinds;

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: primaryId(),
    // The browser re-sends a batch whose delivery failed; this id makes the re-send a no-op.
    clientEventId: text('client_event_id').notNull(),
    type: text('type', { enum: analyticsEventTypes }).notNull(),
    eventType: text('event_type'),
    page: text('page'),
    referrer: text('referrer'),
    sessionId: text('session_id').notNull(),
    // SET NULL: site-wide figures keep their counts after an account is deleted, but no longer point at a person.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // A hash of a rotating salt, IP and user agent: counts unique visitors without storing either.
    visitorHash: text('visitor_hash').notNull(),
    occurredAt: timestamptz('occurred_at').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('analytics_events_client_event_id_key').on(t.clientEventId),
    index('analytics_events_type_occurred_at_idx').on(t.type, t.occurredAt),
    index('analytics_events_occurred_at_idx').on(t.occurredAt),
    index('analytics_events_session_id_idx').on(t.sessionId),
    index('analytics_events_user_id_occurred_at_idx')
      .on(t.userId, t.occurredAt)
      .where(sql`${t.userId} is not null`),
    oneOf('analytics_events_type_check', t.type, analyticsEventTypes),
  ],
);

export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;
export type NewAnalyticsEventRow = typeof analyticsEvents.$inferInsert;
