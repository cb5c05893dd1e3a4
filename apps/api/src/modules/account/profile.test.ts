import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { accountErrorCodes, accountMessages, profileLimits } from '@app/shared/account';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, TestClient } from '../../../test/test-client.js';
import { authTokens, users, type NewUserRow } from '../../db/schema/index.js';
import { hashPassword } from '../auth/password-hash.js';
import { testPassword } from './account.test-support.js';

describe.each(testDatabaseKinds())('profile and e-mail change (%s)', (kind) => {
  let passwordHash: string;
  const testApp = useTestApp(kind, { env: { PUBLIC_URL: 'https://studio.example' } });
  beforeAll(async () => {
    passwordHash = await hashPassword(testPassword);
  });

  const db = () => testApp.db();
  const signIn = async (overrides: Partial<NewUserRow> = {}) => {
    const user = await newUser(db(), { passwordHash, ...overrides });
    return { user, client: await signedInClient(testApp.app(), db(), user) };
  };
  const patch = (client: TestClient, payload: object) =>
    client.inject({ method: 'PATCH', url: '/api/user/profile', payload });
  const mailTo = (address: string) =>
    vi.waitFor(() => {
      const found = testApp.testApp().sentMail.filter((mail) => mail.to === address);
      if (!found.length) throw new Error(`no mail to ${address} yet`);
      return found;
    });
  const linkIn = (text: string) =>
    /https:\/\/studio\.example(\/api\/user\/email\/confirm\?token=[\w-]+)/.exec(text)?.[1];

  it('answers the profile with its saved display name and bio, and nothing secret', async () => {
    const { user, client } = await signIn({ displayName: 'Sunny', bio: 'Beach days' });
    const response = await client.inject({ method: 'GET', url: '/api/user/profile' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      profile: {
        username: user.username,
        email: user.email,
        displayName: 'Sunny',
        bio: 'Beach days',
        pendingEmail: null,
        hasPassword: true,
      },
    });
    expect(response.body).not.toContain(passwordHash);
  });

  it('saves display name and bio (trimmed; empty clears), and they stay saved', async () => {
    const { user, client } = await signIn();
    const saved = await patch(client, { displayName: '  Golden Hour Gal ', bio: 'I post sunsets.\nDaily.' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: accountMessages.profileSaved,
      profile: { displayName: 'Golden Hour Gal', bio: 'I post sunsets.\nDaily.' },
    });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      displayName: 'Golden Hour Gal',
      bio: 'I post sunsets.\nDaily.',
      email: user.email,
    });

    const cleared = await patch(client, { bio: '' });
    expect(cleared.json().profile).toMatchObject({ displayName: 'Golden Hour Gal', bio: null });
    expect((await client.inject({ method: 'GET', url: '/api/user/profile' })).json().profile.bio).toBeNull();
  });

  it.each([
    ['displayName', 'x'.repeat(profileLimits.displayName + 1), accountMessages.displayNameTooLong],
    ['displayName', 'two\nlines', accountMessages.displayNameLineBreak],
    ['bio', 'x'.repeat(profileLimits.bio + 1), accountMessages.bioTooLong],
    ['bio', 42, accountMessages.bioText],
    ['email', 'not-an-address', 'Please enter a valid email address'],
    ['username', 'renamed', 'this field is not allowed. Remove it and try again.'],
  ])('refuses a bad %s with a 400 naming the field and what to fix', async (field, value, message) => {
    const { user, client } = await signIn();
    const response = await patch(client, { [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message: `${field}: ${message}` });
    expect((await db().select().from(users).where(eq(users.id, user.id)))[0]).toMatchObject({
      username: user.username,
      bio: null,
      displayName: null,
    });
  });

  it('changes the e-mail only once the mailed link is opened, and tells the old address', async () => {
    const { user, client } = await signIn();
    const newEmail = `moved-${user.username}@example.org`;
    const response = await patch(client, { email: newEmail, currentPassword: testPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: accountMessages.emailChangeSent(newEmail),
      profile: { email: user.email, pendingEmail: newEmail },
    });
    // Still the old address until the link is opened.
    expect((await db().select().from(users).where(eq(users.id, user.id)))[0]!.email).toBe(user.email);
    const [token] = await db().select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(token).toMatchObject({ purpose: 'email_change', newEmail, usedAt: null });

    const [mail] = await mailTo(newEmail);
    const link = linkIn(mail!.text);
    expect(link).toBeDefined();
    expect(token!.tokenHash).not.toBe(new URL(link!, 'http://x').searchParams.get('token'));

    const confirmed = await testApp.app().inject({
      method: 'GET',
      url: link!,
      headers: { accept: 'application/json' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: accountMessages.emailChanged, email: newEmail });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(newEmail);
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect((await client.inject({ method: 'GET', url: '/api/user/profile' })).json().profile).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });

    const [notice] = await mailTo(user.email);
    expect(notice!.text).toContain('was changed to m***@example.org');
    expect(notice!.text).not.toContain(newEmail);

    const again = await testApp.app().inject({
      method: 'GET',
      url: link!,
      headers: { accept: 'application/json' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: accountErrorCodes.emailChangeLinkInvalid,
      message: accountMessages.emailChangeLinkInvalid,
    });
  });

  it('sends a browser that opens the link to Settings with the outcome', async () => {
    const { user, client } = await signIn();
    const newEmail = `browser-${user.username}@example.org`;
    await patch(client, { email: newEmail, currentPassword: testPassword });
    const link = linkIn((await mailTo(newEmail))[0]!.text)!;
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const opened = await testApp.app().inject({ method: 'GET', url: link, headers: html });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/settings?emailChange=confirmed');
    const reused = await testApp.app().inject({ method: 'GET', url: link, headers: html });
    expect(reused.headers.location).toBe('/settings?emailChange=invalid');
  });

  it('refuses an expired link and a missing token', async () => {
    const { user, client } = await signIn();
    const newEmail = `late-${user.username}@example.org`;
    await patch(client, { email: newEmail, currentPassword: testPassword });
    const link = linkIn((await mailTo(newEmail))[0]!.text)!;
    await db()
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, user.id));
    const expired = await testApp.app().inject({
      method: 'GET',
      url: link,
      headers: { accept: 'application/json' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe(accountErrorCodes.emailChangeLinkExpired);
    expect((await db().select().from(users).where(eq(users.id, user.id)))[0]!.email).toBe(user.email);
    const missing = await testApp.app().inject({
      method: 'GET',
      url: '/api/user/email/confirm',
      headers: { accept: 'application/json' },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('asks a password account for its password, refuses a wrong one, and lets a social-only account change without', async () => {
    const { user, client } = await signIn();
    const without = await patch(client, { email: `x-${user.username}@example.org` });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({
      message: accountMessages.passwordRequiredForEmail,
      field: 'password',
    });
    const wrong = await patch(client, {
      email: `x-${user.username}@example.org`,
      currentPassword: 'Nope-nope-1',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe(accountErrorCodes.wrongPassword);
    expect(await db().select().from(authTokens).where(eq(authTokens.userId, user.id))).toEqual([]);

    const social = await signIn({ passwordHash: null });
    const changed = await patch(social.client, { email: `s-${social.user.username}@example.org` });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().profile.pendingEmail).toBe(`s-${social.user.username}@example.org`);
  });

  it('refuses an address another account uses, also when it was taken after the link was sent', async () => {
    const other = await newUser(db());
    const { user, client } = await signIn();
    const taken = await patch(client, { email: other.email.toUpperCase(), currentPassword: testPassword });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: accountErrorCodes.emailTaken,
      message: accountMessages.emailTaken,
    });

    const wanted = `race-${user.username}@example.org`;
    await patch(client, { email: wanted, currentPassword: testPassword });
    const link = linkIn((await mailTo(wanted))[0]!.text)!;
    await newUser(db(), { email: wanted });
    const late = await testApp.app().inject({
      method: 'GET',
      url: link,
      headers: { accept: 'application/json' },
    });
    expect(late.statusCode).toBe(409);
    expect((await db().select().from(users).where(eq(users.id, user.id)))[0]!.email).toBe(user.email);
  });

  it('checks the password before saying an address is taken, so a stolen session cannot probe for accounts', async () => {
    const other = await newUser(db());
    const { user, client } = await signIn();
    for (const currentPassword of [undefined, 'Nope-nope-1']) {
      const probe = await patch(client, {
        email: other.email,
        ...(currentPassword ? { currentPassword } : {}),
      });
      expect(probe.statusCode, String(currentPassword)).not.toBe(409);
      expect(probe.json().code).not.toBe(accountErrorCodes.emailTaken);
    }
    const wrong = await patch(client, { email: other.email, currentPassword: 'Nope-nope-1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: accountErrorCodes.wrongPassword, field: 'password' });
    expect(await db().select().from(authTokens).where(eq(authTokens.userId, user.id))).toEqual([]);
  });

  it('keeping the same address (any case) sends nothing', async () => {
    const { user, client } = await signIn();
    const response = await patch(client, { email: user.email.toUpperCase(), displayName: 'Same' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: accountMessages.profileSaved,
      profile: { pendingEmail: null, displayName: 'Same' },
    });
  });

  it('refuses signed-out callers and a PATCH without CSRF token', async () => {
    const anonymous = new TestClient(testApp.app());
    expect((await anonymous.inject({ method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
    expect((await patch(anonymous, { bio: 'x' })).statusCode).toBe(401);
    const { client } = await signIn();
    const noCsrf = await client.inject(
      { method: 'PATCH', url: '/api/user/profile', payload: { bio: 'x' } },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
  });
});
