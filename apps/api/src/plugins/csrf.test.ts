import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { testDatabaseKinds } from '../../test/db/test-database.js';
import { TestClient } from '../../test/test-client.js';
import { createAccount, knownPassword } from '../modules/auth/auth-test-support.js';

describe.each(testDatabaseKinds())('CSRF protection (%s)', (kind) => {
  let testApp: TestApp;
  beforeEach(async () => {
    testApp = await buildTestApp(kind);
  });
  afterEach(() => testApp.close());

  it('GET /api/csrf-token answers {csrfToken} and sets the XSRF-TOKEN cookie to the same token', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/csrf-token' });
    expect(response.statusCode).toBe(200);
    const { csrfToken } = response.json<{ csrfToken: string }>();
    expect(csrfToken.length).toBeGreaterThan(10);
    const xsrf = response.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
    expect(xsrf?.value).toBe(csrfToken);
    expect(xsrf?.httpOnly).toBeFalsy();
    const secret = response.cookies.find((cookie) => cookie.name === '_csrf');
    expect(secret?.httpOnly).toBe(true);
  });

  it('refuses a state-changing call without a token with 403 mentioning CSRF', async () => {
    const client = new TestClient(testApp.app);
    const response = await client.inject({ method: 'POST', url: '/api/auth/logout' }, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('CSRF');
    expect(response.json().code).toBe('CSRF_INVALID');
  });

  it.each(['/%61pi/auth/login', '/api/auth/%6Cogin', '/%61%70%69/auth/login'])(
    'decides on the route reached, not the spelling: POST %s without a token is refused (issue 20, finding 10)',
    async (url) => {
      const user = await createAccount(testApp.database.db);
      const client = new TestClient(testApp.app);
      const response = await client.inject(
        { method: 'POST', url, payload: { username: user.username, password: knownPassword } },
        { csrf: false },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('CSRF_INVALID');
      expect(response.cookies.map((cookie) => cookie.name)).not.toContain('sid');
    },
  );

  it('resolves the session on the route reached, so an encoded path is neither signed out nor unchecked', async () => {
    const user = await createAccount(testApp.database.db);
    const client = new TestClient(testApp.app);
    expect(
      (
        await client.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: user.username, password: knownPassword },
        })
      ).statusCode,
    ).toBe(200);
    const plain = await client.inject({ method: 'GET', url: '/api/auth/user' });
    const encoded = await client.inject({ method: 'GET', url: '/%61pi/auth/user' });
    expect(encoded.statusCode).toBe(plain.statusCode);
    expect(plain.json().id).toBe(user.id);
    expect(encoded.json().id).toBe(user.id);
    // And a state change through the encoded path still needs the token.
    const logout = await client.inject({ method: 'POST', url: '/%61pi/auth/logout' }, { csrf: false });
    expect(logout.statusCode).toBe(403);
  });

  it('accepts the call with a valid X-CSRF-Token header', async () => {
    const client = new TestClient(testApp.app);
    const response = await client.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(204);
  });

  it('refuses a token issued to another browser (another secret cookie)', async () => {
    const victim = new TestClient(testApp.app);
    const attacker = new TestClient(testApp.app);
    const attackerToken = await attacker.fetchCsrfToken();
    await victim.fetchCsrfToken();
    const response = await victim.inject(
      { method: 'POST', url: '/api/auth/logout', headers: { 'x-csrf-token': attackerToken } },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('CSRF');
  });

  it('does not require a token for safe methods', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(response.statusCode).toBe(200);
  });
});
