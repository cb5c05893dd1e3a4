import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { NewUserRow } from '../src/db/schema/index.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import type { TestDbKind } from './db/test-database.js';
import { createUser } from './factories.js';
import { signedInClient } from './test-client.js';

/**
 * One app on its own database for a describe block: built before its tests, closed after them.
 * `signedIn()` makes a new user with a session, so each test can start from a user of its own.
 */
export function useTestApp(kind: TestDbKind, environment: Record<string, string> = {}) {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await buildTestApp(kind, environment);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const built = () => {
    if (!testApp) throw new Error('useTestApp: the app is built in beforeAll; use it inside a test');
    return testApp;
  };
  const db = () => built().database.db;
  return {
    app: (): FastifyInstance => built().app,
    db,
    /** The database's connection URL on PostgreSQL (undefined on PGlite), for a connection of a test's own. */
    databaseUrl: (): string | undefined => built().database.url,
    async signedIn(overrides: Partial<NewUserRow> = {}) {
      const user = await createUser(db(), overrides);
      return { user, client: await signedInClient(built().app, db(), user) };
    },
  };
}
