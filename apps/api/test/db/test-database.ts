import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import type {} from './provided-context.js';
import { createDatabase, databaseUrlFor, dropDatabase, withAdminClient } from './postgres-admin.js';

export type TestDbKind = 'pglite' | 'postgres';
export type TestDatabase = DatabaseHandle & { url?: string };

/** PGlite always; PostgreSQL as well when TEST_DATABASE_URL names a server to test against. */
export function testDatabaseKinds(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh database of its own, migrated unless `empty` is asked for (to test migrating itself);
 * close() releases it, and drops it on PostgreSQL.
 */
export async function createTestDatabase(
  kind: TestDbKind,
  options: { empty?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') return options.empty ? openDatabase({}) : createPgliteDatabase();
  return createPostgresDatabase(options.empty ?? false);
}

let snapshot: Promise<Blob> | undefined;

async function createPgliteDatabase(): Promise<TestDatabase> {
  snapshot ??= readFile(inject('pgliteSnapshotPath')).then((bytes) => new Blob([bytes]));
  return openDatabase({ pgliteLoadDataDir: await snapshot });
}

async function createPostgresDatabase(empty: boolean): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!baseUrl || !template) throw new Error('TEST_DATABASE_URL was not set when the test run started');

  // The run id in the name lets global teardown drop whatever a crashed test left behind.
  const name = `t_${template.runId}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(baseUrl, (client) =>
    createDatabase(client, name, empty ? undefined : template.database),
  );
  const url = databaseUrlFor(baseUrl, name);
  const handle = await openDatabase({ databaseUrl: url });
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await withAdminClient(baseUrl, (client) => dropDatabase(client, name));
    },
  };
}
