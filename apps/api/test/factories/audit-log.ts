import type { Database } from '../../src/db/client.js';
import { adminAuditLog } from '../../src/db/schema/index.js';

type NewAuditEntry = typeof adminAuditLog.$inferInsert;

/** An audit record of a tier change by a made-up admin, unless told otherwise. */
export async function newAuditEntry(db: Database, values: Partial<NewAuditEntry> = {}) {
  const [row] = await db
    .insert(adminAuditLog)
    .values({ actorUsername: 'some_admin', action: 'change_tier', details: { tier: 'pro' }, ...values })
    .returning();
  return row!;
}
