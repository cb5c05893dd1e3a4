import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { oauthAccounts, sessions, users } from '../../db/schema/index.js';
import type { TestApp } from '../../../test/build-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { createUser } from '../../../test/factories.js';
import { signedInClient, TestClient } from '../../../test/test-client.js';
import {
  buildAppWithProviders,
  signInThroughProvider,
  startStandIns,
  type StandIns,
} from './oauth.test-support.js';

describe.each(testDatabaseKinds())('social sign-in account rules (%s)', (kind) => {
  let standIns: StandIns;
  let testApp: TestApp;
  beforeAll(async () => {
    standIns = await startStandIns();
    testApp = await buildAppWithProviders(kind, standIns);
  });
  afterEach(() => Object.values(standIns).forEach((standIn) => standIn.reset()));
  afterAll(async () => {
    await testApp.close();
    await Promise.all(Object.values(standIns).map((standIn) => standIn.close()));
  });

  const db = () => testApp.database.db;
  const signedInUser = async (client: TestClient) =>
    (await client.inject({ method: 'GET', url: '/api/auth/user' })).json();
  const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

  it('links a verified provider address to the existing verified account, keeping its password', async () => {
    const existing = await createUser(db(), { email: 'linked@example.com', passwordHash: 'existing-hash' });
    standIns.google.profile = {
      id: 'g-link',
      name: 'Someone Else',
      email: 'LINKED@example.com',
      emailVerified: true,
    };
    const client = new TestClient(testApp.app);
    await signInThroughProvider(client, 'google');
    expect((await signedInUser(client)).id).toBe(existing.id);
    const [account] = await db()
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.providerAccountId, 'g-link'));
    expect(account).toMatchObject({ userId: existing.id, provider: 'google', email: 'linked@example.com' });
    expect((await userRow(existing.id)).passwordHash).toBe('existing-hash');
  });

  it('taking over an unverified account: verifies it and drops the password and old sessions', async () => {
    const squatter = await createUser(db(), {
      email: 'victim@example.com',
      emailVerifiedAt: null,
      passwordHash: 'squatter-hash',
    });
    await signedInClient(testApp.app, db(), squatter);
    standIns.facebook.profile = { id: 'fb-victim', name: 'Real Owner', email: 'victim@example.com' };
    const client = new TestClient(testApp.app);
    await signInThroughProvider(client, 'facebook');
    expect((await signedInUser(client)).id).toBe(squatter.id);
    const row = await userRow(squatter.id);
    expect(row.passwordHash).toBeNull();
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await db().select().from(sessions).where(eq(sessions.userId, squatter.id))).toHaveLength(1);
  });

  it('never links on an address the provider did not verify', async () => {
    const owner = await createUser(db(), { email: 'owner@example.com' });
    standIns.google.profile = {
      id: 'g-unverified',
      name: 'Not Owner',
      email: 'owner@example.com',
      emailVerified: false,
    };
    const client = new TestClient(testApp.app);
    const { callback } = await signInThroughProvider(client, 'google');
    expect(callback.headers.location).toBe('/?error=google_failed');
    expect(await signedInUser(client)).toBeNull();
    expect(await db().select().from(oauthAccounts).where(eq(oauthAccounts.userId, owner.id))).toHaveLength(0);
  });

  it('creates an unverified account for an unverified address nobody uses yet', async () => {
    standIns.google.profile = {
      id: 'g-new-unverified',
      name: 'Fresh Face',
      email: 'fresh@example.com',
      emailVerified: false,
    };
    const client = new TestClient(testApp.app);
    await signInThroughProvider(client, 'google');
    expect(await signedInUser(client)).toMatchObject({ email: 'fresh@example.com', emailVerified: false });
  });

  it('makes the derived username unique when it is taken', async () => {
    await createUser(db(), { username: 'Taken_Name' });
    standIns.reddit.profile = { id: 'rd-taken', name: 'taken_name' };
    const client = new TestClient(testApp.app);
    await signInThroughProvider(client, 'reddit');
    expect((await signedInUser(client)).username).toMatch(/^taken_name_\d{4}$/);
  });

  it('falls back to the address, then to "<provider>_user", when the name has no usable letters', async () => {
    standIns.google.profile = { id: 'g-emoji', name: '😀😀', email: 'mail.box@example.com' };
    const first = new TestClient(testApp.app);
    await signInThroughProvider(first, 'google');
    expect((await signedInUser(first)).username).toBe('mail_box');

    standIns.facebook.profile = { id: 'fb-no-email', name: '李' };
    const second = new TestClient(testApp.app);
    await signInThroughProvider(second, 'facebook');
    expect(await signedInUser(second)).toMatchObject({
      username: 'facebook_user',
      email: 'fb-no-email@facebook.invalid',
      emailVerified: false,
    });
  });

  it('gives a squatted placeholder address a suffix instead of failing', async () => {
    await createUser(db(), { email: 'rd-squat@reddit.invalid' });
    standIns.reddit.profile = { id: 'rd-squat', name: 'squat_target' };
    const client = new TestClient(testApp.app);
    await signInThroughProvider(client, 'reddit');
    expect((await signedInUser(client)).email).toMatch(/^rd-squat-\d{4}@reddit\.invalid$/);
  });

  it('stores the provider name as the display name', async () => {
    standIns.google.profile = { id: 'g-display', name: 'Display Me', email: 'display@example.com' };
    const client = new TestClient(testApp.app);
    await signInThroughProvider(client, 'google');
    expect((await userRow((await signedInUser(client)).id)).displayName).toBe('Display Me');
  });
});
