import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userSchema } from '@app/shared/user';
import { validationMessages as m } from '@app/shared/messages';
import { loginAttempts, sessions } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { AddressedClient, createAccount, knownPassword, login } from './auth-test-support.js';

const invalidCredentials = { message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' };

describe.each(testDatabaseKinds())('login (%s)', (kind) => {
  const testApp = useTestApp(kind);
  const db = () => testApp.db();

  it('signs in by username or by e-mail, in any letter case, with a session cookie and an access token', async () => {
    const account = await createAccount(db());
    for (const identifier of [account.username, account.email.toUpperCase()]) {
      const client = new AddressedClient(testApp.app());
      const response = await login(client, identifier);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.message).toBe('Welcome back!');
      expect(userSchema.parse(body.user)).toMatchObject({ id: account.id, username: account.username });
      expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
      expect(Date.parse(body.expiresAt) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
      expect(response.headers['cache-control']).toBe('no-store');
      const cookie = response.cookies.find((c) => c.name === 'sid')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(response.body).not.toContain(account.passwordHash!);
      expect((await client.inject({ method: 'GET', url: '/api/auth/user' })).json().id).toBe(account.id);
    }
  });

  it('gives a new session id at every sign-in and drops the one the browser had', async () => {
    const account = await createAccount(db());
    const client = new AddressedClient(testApp.app());
    const first = (await login(client, account.username)).cookies.find((c) => c.name === 'sid')!.value;
    const second = (await login(client, account.username)).cookies.find((c) => c.name === 'sid')!.value;
    expect(second).not.toBe(first);
    expect(await db().select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(1);
  });

  it('answers the same 401 for a wrong password, an unknown user and a social-only account', async () => {
    const account = await createAccount(db());
    const social = await createAccount(db(), { passwordHash: null });
    const attempts = [
      [account.username, 'Wrong-pass1'],
      [`nobody_${account.id.slice(0, 8)}`, knownPassword],
      [`nobody_${account.id.slice(0, 8)}@example.com`, knownPassword],
      [social.username, knownPassword],
    ] as const;
    for (const [identifier, password] of attempts) {
      const response = await login(new AddressedClient(testApp.app()), identifier, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(invalidCredentials);
      expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
  });

  it('answers the login validation messages of spec section 5', async () => {
    const client = new AddressedClient(testApp.app());
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ password: 'x' }, 'username', m.loginIdentifierRequired],
      [{ username: '  ', password: 'x' }, 'username', m.loginIdentifierRequired],
      [{ username: 'not valid!', password: 'x' }, 'username', m.loginIdentifierInvalid],
      [{ username: 'someone' }, 'password', m.passwordRequired],
      [{ username: 'someone', password: '' }, 'password', m.passwordRequired],
    ];
    for (const [payload, field, message] of cases) {
      const response = await client.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: `${field}: ${message}`, code: 'VALIDATION_ERROR', field });
    }
  });

  it('locks an account for 15 minutes after 5 failures, even with the right password and from other addresses', async () => {
    const account = await createAccount(db());
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await login(new AddressedClient(testApp.app()), account.username, 'Wrong-pass1')).statusCode,
      ).toBe(401);
    }
    for (const identifier of [account.username, account.email]) {
      const locked = await login(new AddressedClient(testApp.app()), identifier);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        message: 'Too many login attempts. Try again in 15 minutes.',
        code: 'RATE_LIMITED',
      });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(890);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
    }

    // As the failures age, the wait shrinks; once they leave the window the account opens again.
    const age = async (minutes: number) =>
      db()
        .update(loginAttempts)
        .set({ attemptedAt: sql`${loginAttempts.attemptedAt} - make_interval(mins => ${minutes})` })
        .where(eq(loginAttempts.identifier, account.username.toLowerCase()));
    await age(11);
    const later = await login(new AddressedClient(testApp.app()), account.username);
    expect(later.json().message).toBe('Too many login attempts. Try again in 4 minutes.');
    expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(240);
    await age(4);
    expect((await login(new AddressedClient(testApp.app()), account.username)).statusCode).toBe(200);
  });

  it('a success clears the account’s failures', async () => {
    const account = await createAccount(db());
    const client = new AddressedClient(testApp.app());
    for (let attempt = 0; attempt < 4; attempt++) await login(client, account.email, 'Wrong-pass1');
    expect((await login(client, account.username)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await login(client, account.username, 'Wrong-pass1')).statusCode).toBe(401);
    }
    expect((await login(client, account.username)).statusCode).toBe(200);
  });

  it('throttles one address guessing many names, and stores only a salted hash of it', async () => {
    const account = await createAccount(db());
    const attacker = new AddressedClient(testApp.app());
    const names = Array.from({ length: 5 }, (_, i) => `guess_${i}_${account.id.slice(0, 6)}`);
    for (const name of names) expect((await login(attacker, name, 'Wrong-pass1')).statusCode).toBe(401);
    const blocked = await login(attacker, account.username);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login(new AddressedClient(testApp.app()), account.username)).statusCode).toBe(200);

    const rows = await db().select().from(loginAttempts).where(inArray(loginAttempts.identifier, names));
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.ipHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.ipHash).not.toContain(attacker.ip);
      expect(row.succeeded).toBe(false);
    }
    expect(new Set(rows.map((row) => row.ipHash)).size).toBe(1);
  });
});
