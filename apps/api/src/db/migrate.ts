import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { DatabaseHandle } from './client.js';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Any fixed bigint works; it only has to be the same in every process migrating this database.
const migrationLockKey = '4721953017';

/** Applies pending migrations from apps/api/drizzle; a no-op when the database is up to date. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    // PGlite belongs to this process alone, so nothing else can migrate it concurrently.
    await migratePglite(handle.db as PgliteDatabase<Record<string, unknown>>, { migrationsFolder });
    return;
  }
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  // The lock is held by a session, so lock, migrate and unlock must share one connection.
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await migrateNodePg(drizzleNodePg(connection), { migrationsFolder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
    connection.release();
  } catch (error) {
    // Discarded rather than pooled after a failure; closing it also frees the lock if unlock failed.
    connection.release(error as Error);
    throw error;
  }
}
