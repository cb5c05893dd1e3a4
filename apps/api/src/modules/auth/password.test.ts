import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTexts, validationMessages as m } from '@app/shared/messages';
import { authTokens, sessions, users } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { linkIn } from '../../../test/stand-ins/smtp.js';
import { AddressedClient, createAccount, knownPassword, loggedInClient, login } from './auth-test-support.js';

const invalidLink = {
  message: 'This reset link is invalid or has expired. Request a new one.',
  code: 'INVALID_TOKEN',
};

describe.each(testDatabaseKinds())('password reset and change (%s)', (kind) => {
  const testApp = useTestApp(kind, {
    standIns: { smtp: true },
    env: { PUBLIC_URL: 'https://studio.example' },
  });
  const { smtp } = testApp;
  const db = () => testApp.db();
  const post = (client: AddressedClient, url: string, payload: Record<string, unknown>) =>
    client.inject({ method: 'POST', url, payload });
  const requestResetToken = async (client: AddressedClient, email: string) => {
    const response = await post(client, '/api/auth/forgot-password', { email });
    expect(response.json()).toEqual({ message: authTexts.forgotPasswordNeutral });
    const link = linkIn(await smtp().waitForMail(email), '/reset-password');
    expect(link.origin).toBe('https://studio.example');
    return link.searchParams.get('token')!;
  };

  it('resets through the mailed link: old password fails, new one works, every session and token is revoked', async () => {
    const account = await createAccount(db());
    const laptop = await loggedInClient(testApp.app(), account.username);
    const neighbour = await createAccount(db());
    const bystander = await loggedInClient(testApp.app(), neighbour.username);
    // The reset must also clear a pending forced change and count as proof of the address.
    await db()
      .update(users)
      .set({ emailVerifiedAt: null, mustChangePassword: true })
      .where(eq(users.id, account.id));

    const client = new AddressedClient(testApp.app());
    const token = await requestResetToken(client, account.email.toUpperCase());
    const reset = await post(client, '/api/auth/reset-password', { token, newPassword: 'Brand-new1' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Your password has been reset. You can now log in.' });

    expect(await db().select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(0);
    expect((await laptop.client.inject({ method: 'GET', url: '/api/auth/user' })).json()).toBeNull();
    const bearer = new AddressedClient(testApp.app());
    const withToken = await bearer.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${laptop.body.accessToken}` },
    });
    expect(withToken.json()).toBeNull();
    expect((await bystander.client.inject({ method: 'GET', url: '/api/auth/user' })).json().id).toBe(
      neighbour.id,
    );

    expect((await login(client, account.username, knownPassword)).statusCode).toBe(401);
    const fresh = await login(client, account.username, 'Brand-new1');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user).toMatchObject({ emailVerified: true, mustChangePassword: false });

    const reused = await post(client, '/api/auth/reset-password', { token, newPassword: 'Other-pass1' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(invalidLink);
  });

  it('refuses unknown, expired, superseded and verification tokens with the same clear message', async () => {
    const account = await createAccount(db());
    const client = new AddressedClient(testApp.app());
    const first = await requestResetToken(client, account.email);
    const second = await requestResetToken(client, account.email);
    const cases = ['not-a-real-token', first];
    for (const token of cases) {
      const response = await post(client, '/api/auth/reset-password', { token, newPassword: 'Brand-new1' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(invalidLink);
    }
    await db()
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authTokens.userId, account.id));
    expect(
      (await post(client, '/api/auth/reset-password', { token: second, newPassword: 'Brand-new1' })).json(),
    ).toEqual(invalidLink);

    const newcomer = `reset_${account.id.slice(0, 8)}`;
    await post(client, '/api/auth/signup', {
      username: newcomer,
      email: `${newcomer}@example.com`,
      password: 'Secret123',
    });
    const verificationToken = linkIn(
      await smtp().waitForMail(`${newcomer}@example.com`),
      '/email-verification',
    ).searchParams.get('token')!;
    expect(
      (
        await post(client, '/api/auth/reset-password', {
          token: verificationToken,
          newPassword: 'Brand-new1',
        })
      ).json(),
    ).toEqual(invalidLink);
    expect((await login(client, account.username)).statusCode).toBe(200);
  });

  it('validates the new password with the spec rules', async () => {
    const client = new AddressedClient(testApp.app());
    const short = await post(client, '/api/auth/reset-password', { token: 'x', newPassword: 'Ab1' });
    expect(short.json()).toEqual({
      message: `newPassword: ${m.passwordTooShort}`,
      code: 'VALIDATION_ERROR',
      field: 'newPassword',
    });
    const empty = await post(client, '/api/auth/forgot-password', { email: '' });
    expect(empty.json()).toEqual({
      message: `email: ${m.emailRequired}`,
      code: 'VALIDATION_ERROR',
      field: 'email',
    });
  });

  it('forgot-password answers the same for an unknown address and sends nothing; a social account may set a password', async () => {
    const client = new AddressedClient(testApp.app());
    const unknown = `ghost_${Date.now()}@example.com`;
    const response = await post(client, '/api/auth/forgot-password', { email: unknown });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: authTexts.forgotPasswordNeutral });

    const social = await createAccount(db(), { passwordHash: null });
    const token = await requestResetToken(client, social.email);
    expect(smtp().mailsTo(unknown)).toHaveLength(0);
    expect(
      (await post(client, '/api/auth/reset-password', { token, newPassword: 'First-pass1' })).statusCode,
    ).toBe(200);
    expect((await login(client, social.email, 'First-pass1')).statusCode).toBe(200);
  });

  it('forced change: 202 without a session, then change-password signs in and clears the flag', async () => {
    const account = await createAccount(db(), { mustChangePassword: true });
    const client = new AddressedClient(testApp.app());
    const forced = await login(client, account.email);
    expect(forced.statusCode).toBe(202);
    expect(forced.json()).toMatchObject({ mustChangePassword: true, userId: account.id });
    expect(forced.json().message).toBeTruthy();
    expect(forced.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect((await client.inject({ method: 'GET', url: '/api/auth/user' })).json()).toBeNull();

    const change = (payload: Record<string, unknown>) =>
      post(client, '/api/auth/change-password', { userId: account.id, ...payload });
    const wrong = await change({ currentPassword: 'Wrong-pass1', newPassword: 'Brand-new1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Your current password is incorrect.');
    const same = await change({ currentPassword: knownPassword, newPassword: knownPassword });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(
      'Your new password must be different from your current password. Choose another one.',
    );
    const weak = await change({ currentPassword: knownPassword, newPassword: 'alllower123' });
    expect(weak.json().message).toBe(`newPassword: ${m.passwordUppercase}`);

    const changed = await change({ currentPassword: knownPassword, newPassword: 'Brand-new1' });
    expect(changed.statusCode).toBe(200);
    const body = changed.json();
    expect(body).toMatchObject({
      message: 'Password changed',
      user: { id: account.id, mustChangePassword: false },
    });
    expect(body.accessToken).toBeTruthy();
    expect((await client.inject({ method: 'GET', url: '/api/auth/user' })).json().id).toBe(account.id);
    expect((await login(new AddressedClient(testApp.app()), account.username)).statusCode).toBe(401);
    expect((await login(new AddressedClient(testApp.app()), account.username, 'Brand-new1')).statusCode).toBe(
      200,
    );
  });

  it('a signed-in change revokes the other sessions and replaces the current one', async () => {
    const account = await createAccount(db());
    const other = await loggedInClient(testApp.app(), account.username);
    const current = await loggedInClient(testApp.app(), account.username);
    const before = current.client.cookieHeader();
    const response = await post(current.client, '/api/auth/change-password', {
      userId: account.id,
      currentPassword: knownPassword,
      newPassword: 'Brand-new1',
    });
    expect(response.statusCode).toBe(200);
    expect(current.client.cookieHeader()).not.toBe(before);
    expect((await current.client.inject({ method: 'GET', url: '/api/auth/user' })).json().id).toBe(
      account.id,
    );
    expect((await other.client.inject({ method: 'GET', url: '/api/auth/user' })).json()).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(1);
  });

  it('throttles wrong current passwords like logins', async () => {
    const account = await createAccount(db());
    const client = new AddressedClient(testApp.app());
    const payload = { userId: account.id, currentPassword: 'Wrong-pass1', newPassword: 'Brand-new1' };
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await post(new AddressedClient(testApp.app()), '/api/auth/change-password', payload)).statusCode,
      ).toBe(401);
    }
    const locked = await post(client, '/api/auth/change-password', {
      ...payload,
      currentPassword: knownPassword,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The same account counter: logging in is locked too.
    expect((await login(client, account.username)).statusCode).toBe(429);
  });

  it('requires the CSRF token on every account call', async () => {
    const client = new AddressedClient(testApp.app());
    const calls = [
      ['/api/auth/signup', { username: 'csrf_user', email: 'csrf@example.com', password: 'Secret123' }],
      ['/api/auth/login', { username: 'csrf_user', password: 'Secret123' }],
      ['/api/auth/refresh', undefined],
      ['/api/auth/logout', undefined],
      ['/api/auth/forgot-password', { email: 'csrf@example.com' }],
      ['/api/auth/resend-verification', { email: 'csrf@example.com' }],
      ['/api/auth/reset-password', { token: 'x', newPassword: 'Brand-new1' }],
      [
        '/api/auth/change-password',
        { userId: crypto.randomUUID(), currentPassword: 'x', newPassword: 'Brand-new1' },
      ],
    ] as const;
    for (const [url, payload] of calls) {
      const response = await client.inject({ method: 'POST', url, payload }, { csrf: false });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code).toBe('CSRF_INVALID');
    }
    expect(await db().select().from(users).where(eq(users.username, 'csrf_user'))).toHaveLength(0);
  });
});
