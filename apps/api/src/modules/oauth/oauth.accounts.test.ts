import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oauthAccounts, sessions, users } from '../../db/schema/index.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, TestClient } from '../../../test/test-client.js';
import { signInThroughProvider, signedInUserOf, useProviderTestApp } from './oauth.test-support.js';

describe.each(testDatabaseKinds())('social sign-in account rules (%s)', (kind) => {
  const providers = useProviderTestApp(kind);

  const db = () => providers.testApp.database.db;
  const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

  it('links a verified provider address to the existing verified account, keeping its password', async () => {
    const existing = await newUser(db(), { email: 'linked@example.com', passwordHash: 'existing-hash' });
    providers.standIns.google.profile = {
      id: 'g-link',
      name: 'Someone Else',
      email: 'LINKED@example.com',
      emailVerified: true,
    };
    const client = new TestClient(providers.testApp.app);
    await signInThroughProvider(client, 'google');
    expect((await signedInUserOf(client)).id).toBe(existing.id);
    const [account] = await db()
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.providerAccountId, 'g-link'));
    expect(account).toMatchObject({ userId: existing.id, provider: 'google', email: 'linked@example.com' });
    expect((await userRow(existing.id)).passwordHash).toBe('existing-hash');
  });

  it('taking over an unverified account: verifies it and drops the password and old sessions', async () => {
    const squatter = await newUser(db(), {
      email: 'victim@example.com',
      emailVerifiedAt: null,
      passwordHash: 'squatter-hash',
    });
    await signedInClient(providers.testApp.app, db(), squatter);
    providers.standIns.facebook.profile = {
      id: 'fb-victim',
      name: 'Real Owner',
      email: 'victim@example.com',
    };
    const client = new TestClient(providers.testApp.app);
    await signInThroughProvider(client, 'facebook');
    expect((await signedInUserOf(client)).id).toBe(squatter.id);
    const row = await userRow(squatter.id);
    expect(row.passwordHash).toBeNull();
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await db().select().from(sessions).where(eq(sessions.userId, squatter.id))).toHaveLength(1);
  });

  it('never links on an address the provider did not verify', async () => {
    const owner = await newUser(db(), { email: 'owner@example.com' });
    providers.standIns.google.profile = {
      id: 'g-unverified',
      name: 'Not Owner',
      email: 'owner@example.com',
      emailVerified: false,
    };
    const client = new TestClient(providers.testApp.app);
    const { callback } = await signInThroughProvider(client, 'google');
    expect(callback.headers.location).toBe('/?error=google_failed');
    expect(await signedInUserOf(client)).toBeNull();
    expect(await db().select().from(oauthAccounts).where(eq(oauthAccounts.userId, owner.id))).toHaveLength(0);
  });

  it('creates an unverified account for an unverified address nobody uses yet', async () => {
    providers.standIns.google.profile = {
      id: 'g-new-unverified',
      name: 'Fresh Face',
      email: 'fresh@example.com',
      emailVerified: false,
    };
    const client = new TestClient(providers.testApp.app);
    await signInThroughProvider(client, 'google');
    expect(await signedInUserOf(client)).toMatchObject({ email: 'fresh@example.com', emailVerified: false });
  });

  it('makes the derived username unique when it is taken', async () => {
    await newUser(db(), { username: 'Taken_Name' });
    providers.standIns.reddit.profile = { id: 'rd-taken', name: 'taken_name' };
    const client = new TestClient(providers.testApp.app);
    await signInThroughProvider(client, 'reddit');
    expect((await signedInUserOf(client)).username).toMatch(/^taken_name_\d{4}$/);
  });

  it('falls back to the address, then to "<provider>_user", when the name has no usable letters', async () => {
    providers.standIns.google.profile = { id: 'g-emoji', name: '😀😀', email: 'mail.box@example.com' };
    const first = new TestClient(providers.testApp.app);
    await signInThroughProvider(first, 'google');
    expect((await signedInUserOf(first)).username).toBe('mail_box');

    providers.standIns.facebook.profile = { id: 'fb-no-email', name: '李' };
    const second = new TestClient(providers.testApp.app);
    await signInThroughProvider(second, 'facebook');
    expect(await signedInUserOf(second)).toMatchObject({
      username: 'facebook_user',
      email: 'fb-no-email@facebook.invalid',
      emailVerified: false,
    });
  });

  it('gives a squatted placeholder address a suffix instead of failing', async () => {
    await newUser(db(), { email: 'rd-squat@reddit.invalid' });
    providers.standIns.reddit.profile = { id: 'rd-squat', name: 'squat_target' };
    const client = new TestClient(providers.testApp.app);
    await signInThroughProvider(client, 'reddit');
    expect((await signedInUserOf(client)).email).toMatch(/^rd-squat-\d{4}@reddit\.invalid$/);
  });

  it('stores the provider name as the display name', async () => {
    providers.standIns.google.profile = { id: 'g-display', name: 'Display Me', email: 'display@example.com' };
    const client = new TestClient(providers.testApp.app);
    await signInThroughProvider(client, 'google');
    expect((await userRow((await signedInUserOf(client)).id)).displayName).toBe('Display Me');
  });
});
