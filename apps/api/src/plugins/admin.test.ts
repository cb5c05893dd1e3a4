import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@app/shared/errors';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { NewUserRow } from '../db/schema/index.js';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/db/test-database.js';
import { newUser } from '../../test/factories/users.js';
import { signedInClient, TestClient } from '../../test/test-client.js';
import { requireAdmin } from './admin.js';

describe.each(testDatabaseKinds())('requireAdmin (%s)', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent-web-dist' }),
      database,
    });
    // A stand-in for the admin routes that use the guard.
    app.get('/api/test/admin-only', { onRequest: requireAdmin }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const callAs = async (overrides: Partial<NewUserRow> | null) => {
    const client = overrides
      ? await signedInClient(app, database.db, await newUser(database.db, overrides))
      : new TestClient(app);
    return client.inject({ method: 'GET', url: '/api/test/admin-only' });
  };

  it.each<[string, Partial<NewUserRow>]>([
    ['isAdmin', { isAdmin: true }],
    ['role admin', { role: 'admin' }],
  ])('lets an admin by %s through', async (_label, overrides) => {
    expect((await callAs(overrides)).json()).toEqual({ ok: true });
  });

  it('refuses a non-admin with 403 Insufficient permissions and a signed-out caller with 401', async () => {
    const refused = await callAs({});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'Insufficient permissions', code: errorCodes.forbidden });
    const signedOut = await callAs(null);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().code).toBe(errorCodes.unauthorized);
  });
});
