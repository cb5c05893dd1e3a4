import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { testDatabaseKinds } from '../../test/db/test-database.js';
import { TestClient } from '../../test/test-client.js';

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
