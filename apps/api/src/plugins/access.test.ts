import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@app/shared/errors';
import type { User } from '@app/shared/user';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import type { NewUserRow } from '../db/schema/index.js';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/db/test-database.js';
import { newUser } from '../../test/factories/users.js';
import { signedInClient, TestClient } from '../../test/test-client.js';
import { fullAccessRefusal, requireFullAccess } from './access.js';

const day = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds())('requireFullAccess (%s)', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    });
    app = await buildApp({ config, database });
    // A stand-in for the community and posting routes that will use the guard.
    app.get('/api/test/full-access', { onRequest: requireFullAccess }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const callAs = async (overrides: Partial<NewUserRow>) => {
    const client = await signedInClient(app, db, await newUser(db, overrides));
    return client.inject({ method: 'GET', url: '/api/test/full-access' });
  };

  it('lets a verified, unrestricted user through', async () => {
    const response = await callAs({});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('answers 401 to a signed-out caller', async () => {
    const response = await new TestClient(app).inject({ method: 'GET', url: '/api/test/full-access' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(errorCodes.unauthorized);
  });

  it('EMAIL_NOT_VERIFIED tells the user to open the mail or resend it', async () => {
    const response = await callAs({ email: 'unverified@example.com', emailVerifiedAt: null });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: errorCodes.emailNotVerified,
      email: 'unverified@example.com',
      message: expect.stringMatching(/unverified@example\.com.*Resend verification/),
    });
  });

  it('EMAIL_NOT_VERIFIED for a Reddit account asks for a real address first', async () => {
    const response = await callAs({ email: 'abc@reddit.invalid', emailVerifiedAt: null });
    expect(response.json()).toEqual({
      code: errorCodes.emailNotVerified,
      message: expect.stringContaining('add your email address in Settings'),
    });
  });

  it('ACCOUNT_BANNED points to support', async () => {
    const response = await callAs({ bannedAt: new Date() });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: errorCodes.accountBanned,
      message: expect.stringContaining('Contact support'),
    });
  });

  it('ACCOUNT_SUSPENDED names the end date; a past suspension no longer blocks', async () => {
    const response = await callAs({ suspendedUntil: new Date('2099-03-05T14:30:00Z') });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: errorCodes.accountSuspended,
      message: expect.stringContaining('suspended until 5 March 2099 at 14:30 UTC'),
    });
    expect((await callAs({ suspendedUntil: new Date(Date.now() - day) })).statusCode).toBe(200);
  });
});

describe('fullAccessRefusal', () => {
  const user: User = {
    id: '00000000-0000-4000-8000-000000000000',
    username: 'someone',
    email: 's@example.com',
    tier: 'free',
    role: 'user',
    isAdmin: false,
    mustChangePassword: false,
    emailVerified: true,
    bannedAt: null,
    suspendedUntil: null,
  };
  const now = new Date('2030-01-01T00:00:00Z');

  it('follows the access gate order: unverified, then banned, then suspended', () => {
    const everything = {
      ...user,
      emailVerified: false,
      bannedAt: now.toISOString(),
      suspendedUntil: '2031-01-01T00:00:00Z',
    };
    expect(fullAccessRefusal(everything, now)?.code).toBe(errorCodes.emailNotVerified);
    expect(fullAccessRefusal({ ...everything, emailVerified: true }, now)?.code).toBe(
      errorCodes.accountBanned,
    );
    expect(fullAccessRefusal({ ...everything, emailVerified: true, bannedAt: null }, now)?.code).toBe(
      errorCodes.accountSuspended,
    );
    expect(fullAccessRefusal({ ...user, suspendedUntil: now.toISOString() }, now)).toBeNull();
  });
});
