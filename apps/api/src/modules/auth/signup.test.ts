import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTexts, validationMessages as m } from '@app/shared/messages';
import { users } from '../../db/schema/index.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { linkIn } from '../../../test/stand-ins/smtp.js';
import { AddressedClient, login } from './auth-test-support.js';

const signup = (client: AddressedClient, payload: Record<string, unknown>) =>
  client.inject({ method: 'POST', url: '/api/auth/signup', payload });

const unique = () => Math.random().toString(36).slice(2, 10);

describe.each(testDatabaseKinds())('signup (%s)', (kind) => {
  const testApp = useTestApp(kind, {
    standIns: { smtp: true },
    env: { PUBLIC_URL: 'https://studio.example' },
  });
  const { smtp } = testApp;

  it('creates an unverified account with an argon2id hash and mails the verification link', async () => {
    const name = `new_${unique()}`;
    const email = `${name}@example.com`;
    const response = await signup(new AddressedClient(testApp.app()), {
      username: name,
      email: ` ${email} `,
      password: 'Secret123',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: authTexts.accountCreated, email });

    const [row] = await testApp.db().select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.emailVerifiedAt).toBeNull();
    expect(row!.role).toBe('user');

    const mail = await smtp().waitForMail(email);
    expect(mail.from).toContain('Creator Studio');
    expect(mail.subject).toContain('Creator Studio');
    const link = linkIn(mail, '/email-verification');
    expect(link.origin).toBe('https://studio.example');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(link.toString().replaceAll('&', '&amp;'));
  });

  it('refuses a taken username, whatever the letter case, with what to do', async () => {
    const name = `Taken_${unique()}`;
    const client = new AddressedClient(testApp.app());
    expect(
      (await signup(client, { username: name, email: `${name}@example.com`, password: 'Secret123' }))
        .statusCode,
    ).toBe(201);

    const sameName = await signup(client, {
      username: name.toUpperCase(),
      email: `other_${unique()}@example.com`,
      password: 'Secret123',
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe('That username is already taken. Choose another one.');
  });

  it('answers a taken e-mail exactly as a new account, creates nothing, and mails the address’s owner instead', async () => {
    const name = `Owner_${unique()}`;
    const email = `${name}@example.com`;
    const owner = await signup(new AddressedClient(testApp.app()), {
      username: name,
      email,
      password: 'Secret123',
    });
    expect(owner.statusCode).toBe(201);
    await smtp().waitForMail(email);

    const fresh = `fresh_${unique()}`;
    const newAccount = await signup(new AddressedClient(testApp.app()), {
      username: fresh,
      email: `${fresh}@example.com`,
      password: 'Secret123',
    });
    const intruder = `intruder_${unique()}`;
    const takenEmail = ` ${email.toUpperCase()} `;
    const taken = await signup(new AddressedClient(testApp.app()), {
      username: intruder,
      email: takenEmail,
      password: 'Secret123',
    });

    expect(taken.statusCode).toBe(newAccount.statusCode);
    expect(taken.json()).toEqual({ message: authTexts.accountCreated, email: takenEmail.trim() });
    expect(Object.keys(taken.json())).toEqual(Object.keys(newAccount.json()));
    expect(taken.cookies.map((cookie) => cookie.name)).toEqual(
      newAccount.cookies.map((cookie) => cookie.name),
    );
    const holders = await testApp
      .db()
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    expect(holders.map((row) => row.username)).toEqual([name]);
    expect(await testApp.db().select().from(users).where(eq(users.username, intruder))).toEqual([]);

    // The owner hears of it, with the way in; nothing reaches anyone else.
    const notice = await smtp().waitForMail(email);
    expect(notice.subject).toBe('Someone tried to sign up for Creator Studio with your email');
    expect(linkIn(notice, '/login').origin).toBe('https://studio.example');
    expect(notice.text).toContain('https://studio.example/forgot-password');
    expect(notice.text).not.toContain('token=');
  });

  it('answers each validation rule of spec section 5 with its message', async () => {
    const client = new AddressedClient(testApp.app());
    const valid = { username: `v_${unique()}`, email: `v_${unique()}@example.com`, password: 'Secret123' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...valid, username: undefined }, 'username', m.usernameRequired],
      [{ ...valid, username: '' }, 'username', m.usernameRequired],
      [{ ...valid, username: 'ab' }, 'username', m.usernameTooShort],
      [{ ...valid, username: 'a'.repeat(50) }, 'username', m.usernameTooLong],
      [{ ...valid, username: 'bad name!' }, 'username', m.usernameCharacters],
      [{ ...valid, email: undefined }, 'email', m.emailRequired],
      [{ ...valid, email: '' }, 'email', m.emailRequired],
      [{ ...valid, email: 'not-an-email' }, 'email', m.emailInvalid],
      [{ ...valid, password: undefined }, 'password', m.passwordRequired],
      [{ ...valid, password: 'Short1' }, 'password', m.passwordTooShort],
      [{ ...valid, password: 'ALLUPPER123' }, 'password', m.passwordLowercase],
      [{ ...valid, password: 'alllower123' }, 'password', m.passwordUppercase],
      [{ ...valid, password: 'NoDigitsHere' }, 'password', m.passwordNumber],
    ];
    for (const [payload, field, message] of cases) {
      const response = await signup(client, payload);
      expect(response.statusCode, `${field}: ${message}`).toBe(400);
      expect(response.json()).toEqual({ message: `${field}: ${message}`, code: 'VALIDATION_ERROR', field });
    }
    expect(await testApp.db().select().from(users).where(eq(users.username, valid.username))).toHaveLength(0);
  });

  it('still creates the account when the mail cannot be sent, and the user can ask again', async () => {
    let attempts = 0;
    const mailer = { send: async () => Promise.reject(new Error(`mail server down (${++attempts})`)) };
    const failing = await buildTestApp(kind, {}, { mailer });
    try {
      const name = `nomail_${unique()}`;
      const client = new AddressedClient(failing.app);
      const response = await signup(client, {
        username: name,
        email: `${name}@example.com`,
        password: 'Secret123',
      });
      expect(response.statusCode).toBe(201);
      const resend = await client.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        payload: { email: `${name}@example.com` },
      });
      expect(resend.statusCode).toBe(200);
    } finally {
      await failing.close();
    }
    // close() waits for mails still being sent: both were really attempted.
    expect(attempts).toBe(2);
  });

  it('a new account cannot log in until the e-mail is verified, then can', async () => {
    const name = `verify_${unique()}`;
    const email = `${name}@example.com`;
    const client = new AddressedClient(testApp.app());
    await signup(client, { username: name, email, password: 'Secret123' });
    const refused = await login(client, name, 'Secret123');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Email not verified', code: 'EMAIL_NOT_VERIFIED', email });
    expect(refused.cookies.find((cookie) => cookie.name === 'sid')).toBeUndefined();

    const link = linkIn(await smtp().waitForMail(email), '/email-verification');
    const verified = await client.inject({ method: 'GET', url: `/api/auth/verify-email${link.search}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'Email verified', email });
    expect((await login(client, name, 'Secret123')).statusCode).toBe(200);
  });
});
