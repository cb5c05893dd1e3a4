import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/client.js';
import { analyticsEvents } from '../../src/db/schema/index.js';

type NewEvent = typeof analyticsEvents.$inferInsert;

/** Stored analytics events, each a page view on /dashboard now unless its values say otherwise. */
export async function newAnalyticsEvents(db: Database, rows: Partial<NewEvent>[]) {
  if (rows.length === 0) return [];
  return db
    .insert(analyticsEvents)
    .values(
      rows.map((values) => ({
        clientEventId: randomUUID(),
        type: 'page_view' as const,
        sessionId: 'session-default',
        visitorHash: 'visitor-default',
        page: '/dashboard',
        occurredAt: new Date(),
        ...values,
      })),
    )
    .returning();
}
