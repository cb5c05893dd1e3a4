import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from './client.js';

/**
 * PGlite (the embedded default) is one process with no background workers, so nothing runs
 * autovacuum there: without this, the planner never learns how many rows a table holds and picks
 * plans made for empty tables (a 50-row page of a 5,000-item history read and sorted all 5,000 rows,
 * 13 ms instead of 3), and dead rows are never reclaimed. PostgreSQL does both on its own.
 */
export async function refreshEmbeddedStatistics(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') await handle.db.execute(sql`analyze`);
}

/** The hourly job's work on PGlite: reclaim dead rows and refresh the planner's statistics. */
export async function vacuumEmbeddedDatabase(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}
