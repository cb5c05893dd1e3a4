import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verificationErrorMessages } from '@app/shared/messages';
import { authTokens, users } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { linkIn } from '../../../test/stand-ins/smtp.js';
import { AddressedClient, createAccount } from './auth-test-support.js';
import { prefersHtml } from './prefers-html.js';

const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const unique = () => Math.random().toString(36).slice(2, 10);

describe.each(testDatabaseKinds())('e-mail verification (%s)', (kind) => {
  const testApp = useTestApp(kind, { standIns: { smtp: true } });
  const { smtp } = testApp;

  /** Signs up through the API and returns the token from the mailed link. */
  async function signUpAndReadToken() {
    const name = `v_${unique()}`;
    const email = `${name}@example.com`;
    const client = new AddressedClient(testApp.app());
    await client.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: name, email, password: 'Secret123' },
    });
    const token = linkIn(await smtp().waitForMail(email), '/email-verification').searchParams.get('token')!;
    return { client, email, token };
  }

  const verify = (client: AddressedClient, query: string, accept = 'application/json') =>
    client.inject({ method: 'GET', url: `/api/auth/verify-email${query}`, headers: { accept } });

  const expectFailure = async (response: Awaited<ReturnType<typeof verify>>, code: string, status = 400) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: verificationErrorMessages[code], code });
  };

  it('verifies once; following the same link again is invalid_token', async () => {
    const { client, email, token } = await signUpAndReadToken();
    const first = await verify(client, `?token=${token}`);
    expect(first.json()).toEqual({ message: 'Email verified', email });
    const [row] = await testApp.db().select().from(users).where(eq(users.email, email));
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    await expectFailure(await verify(client, `?token=${token}`), 'invalid_token');
  });

  it('answers missing_token, invalid_token and expired_token', async () => {
    const { client, token } = await signUpAndReadToken();
    await expectFailure(await verify(client, ''), 'missing_token');
    await expectFailure(await verify(client, '?token='), 'missing_token');
    await expectFailure(await verify(client, '?token=made-up-token'), 'invalid_token');
    await testApp
      .db()
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.purpose, 'email_verification'));
    await expectFailure(await verify(client, `?token=${token}`), 'expired_token');
  });

  it('refuses a password-reset token as invalid_token_type and leaves it usable for its own purpose', async () => {
    const account = await createAccount(testApp.db(), { emailVerifiedAt: null });
    const client = new AddressedClient(testApp.app());
    await client.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.email },
    });
    const resetToken = linkIn(await smtp().waitForMail(account.email), '/reset-password').searchParams.get(
      'token',
    )!;
    await expectFailure(await verify(client, `?token=${resetToken}`), 'invalid_token_type');
    const reset = await client.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, newPassword: 'Another123' },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('sends a browser that opened the API link to the landing page instead', async () => {
    const { client, email, token } = await signUpAndReadToken();
    const success = await verify(client, `?token=${token}`, browserAccept);
    expect(success.statusCode).toBe(302);
    expect(success.headers.location).toBe(`/?verified=true&email=${encodeURIComponent(email)}`);
    const reused = await verify(client, `?token=${token}`, browserAccept);
    expect(reused.statusCode).toBe(302);
    expect(reused.headers.location).toBe('/?error=invalid_token');
    expect((await verify(client, '', browserAccept)).headers.location).toBe('/?error=missing_token');
  });

  it('resend mails a fresh link and the earlier one stops working; the answer never tells', async () => {
    const { client, email, token: first } = await signUpAndReadToken();
    const neutral = { message: 'If that account still needs verifying, we have sent a new link.' };
    const resend = await client.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: email.toUpperCase() },
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual(neutral);
    const second = linkIn(await smtp().waitForMail(email), '/email-verification').searchParams.get('token')!;
    expect(second).not.toBe(first);
    await expectFailure(await verify(client, `?token=${first}`), 'invalid_token');
    expect((await verify(client, `?token=${second}`)).statusCode).toBe(200);

    const unknown = `nobody_${unique()}@example.com`;
    const verified = await createAccount(testApp.db());
    for (const address of [unknown, verified.email, email]) {
      const again = await client.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        payload: { email: address },
      });
      expect(again.json()).toEqual(neutral);
    }
    // A mail that is sent, asked for last: once it arrives, any mail to the others would have too.
    const pending = await createAccount(testApp.db(), { emailVerifiedAt: null });
    await client.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: pending.email },
    });
    await smtp().waitForMail(pending.email);
    expect(smtp().mailsTo(unknown)).toHaveLength(0);
    expect(smtp().mailsTo(verified.email)).toHaveLength(0);
    expect(smtp().mailsTo(email)).toHaveLength(2);
  });

  it('reads Accept headers the way browsers and fetch send them', () => {
    expect(prefersHtml(browserAccept)).toBe(true);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('application/json, text/html;q=0.5')).toBe(false);
    expect(prefersHtml('text/html;q=0')).toBe(false);
  });
});
