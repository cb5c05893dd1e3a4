import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../apps/api/src/db/client';
import { migrateDatabase } from '../../apps/api/src/db/migrate';
import { seedCommunities } from '../../apps/api/src/db/seed/seed-communities';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR whose embedded database is migrated and seeded, made once per run. */
    e2eTemplateDataDir: string;
  }
}

/**
 * Global setup: migrates and seeds one embedded database per run, as the server's start does, so
 * each journey's server starts on a copy instead of migrating a new one (seconds per file in CI).
 */
export default async function setup(project: TestProject) {
  const template = mkdtempSync(path.join(os.tmpdir(), 'e2e-template-'));
  const database = await openDatabase({ pgliteDataDir: path.join(template, 'db') });
  try {
    await migrateDatabase(database);
    await seedCommunities(database);
  } finally {
    await database.close();
  }
  project.provide('e2eTemplateDataDir', template);
  return () => rmSync(template, { recursive: true, force: true });
}

/** Gives a data directory without a database a copy of the run's migrated one; the server still migrates (a no-op) on start. */
export function withMigratedDatabase(dataDir: string) {
  const target = path.join(dataDir, 'db');
  if (existsSync(target)) return;
  cpSync(path.join(inject('e2eTemplateDataDir'), 'db'), target, { recursive: true });
}
