import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, getTableName } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/db/test-database.js';
import { type DatabaseHandle, openDatabase } from './client.js';
import { migrateDatabase } from './migrate.js';
import * as schema from './schema/index.js';
import { users } from './schema/users.js';

const journal = JSON.parse(
  await readFile(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

async function appliedMigrationCount(handle: DatabaseHandle): Promise<number> {
  const { rows } = await handle.executeSql('select count(*)::int as count from drizzle.__drizzle_migrations');
  return rows[0].count;
}

async function insertUser(handle: DatabaseHandle, username: string) {
  await handle.db.insert(users).values({ username, email: `${username}@example.com` });
}

describe.each(testDatabaseKinds())('migrations on %s', (kind) => {
  const opened: DatabaseHandle[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((handle) => handle.close()));
  });
  const track = <T extends DatabaseHandle>(handle: T) => (opened.push(handle), handle);

  it('creates every table of the schema and records every migration', async () => {
    const database = track(await createTestDatabase(kind));
    const { rows } = await database.executeSql(
      "select table_name from information_schema.tables where table_schema = 'public'",
    );
    const expected = Object.values(schema).map((table) => getTableName(table));
    expect(rows.map((row) => row.table_name).sort()).toEqual(expected.sort());
    expect(await appliedMigrationCount(database)).toBe(journal.entries.length);
  });

  it('migrates an empty database', async () => {
    const database = track(await createTestDatabase(kind, { empty: true }));
    expect(await database.executeSql("select to_regclass('public.users') as users")).toMatchObject({
      rows: [{ users: null }],
    });
    await migrateDatabase(database);
    expect(await appliedMigrationCount(database)).toBe(journal.entries.length);
    await insertUser(database, 'first_user');
    expect(await database.db.$count(users)).toBe(1);
  });

  it('is a no-op on an up-to-date database and keeps its data', async () => {
    const database = track(await createTestDatabase(kind));
    await insertUser(database, 'kept_user');
    await migrateDatabase(database);
    await migrateDatabase(database);
    expect(await appliedMigrationCount(database)).toBe(journal.entries.length);
    const rows = await database.db.select().from(users).where(eq(users.username, 'kept_user'));
    expect(rows).toHaveLength(1);
  });

  it('keeps rows across a restart', async () => {
    let reopen: () => Promise<DatabaseHandle>;
    let cleanup = async () => {};
    if (kind === 'pglite') {
      const dataDir = await mkdtemp(join(tmpdir(), 'api-db-restart-'));
      // A directory that does not exist yet: openDatabase must create it.
      reopen = () => openDatabase({ pgliteDataDir: join(dataDir, 'nested', 'pgdata') });
      cleanup = () => rm(dataDir, { recursive: true, force: true });
    } else {
      const database: TestDatabase = track(await createTestDatabase(kind));
      reopen = () => openDatabase({ databaseUrl: database.url });
    }
    try {
      const first = await reopen();
      await migrateDatabase(first);
      await insertUser(first, 'restart_user');
      await first.close();

      const second = track(await reopen());
      await migrateDatabase(second);
      const rows = await second.db.select().from(users).where(eq(users.username, 'restart_user'));
      expect(rows.map((row) => row.email)).toEqual(['restart_user@example.com']);
      await second.close();
    } finally {
      await cleanup();
    }
  });
});

// Only PostgreSQL is shared between processes; PGlite belongs to the one process that opened it.
if (testDatabaseKinds().includes('postgres')) {
  describe('migrations on postgres from two processes at once', () => {
    it('applies each migration once', async () => {
      const database = await createTestDatabase('postgres', { empty: true });
      const other = await openDatabase({ databaseUrl: database.url });
      try {
        await Promise.all([migrateDatabase(database), migrateDatabase(other)]);
        expect(await appliedMigrationCount(database)).toBe(journal.entries.length);
      } finally {
        await other.close();
        await database.close();
      }
    });
  });
}
