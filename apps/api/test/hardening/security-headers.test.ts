import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, login } from '../../src/modules/auth/auth-test-support.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { testDatabaseKinds } from '../db/test-database.js';
import { TestClient } from '../test-client.js';

/** Every kind of answer the server gives, pages and API alike, must carry the same protections. */
function expectProtectiveHeaders(response: LightMyRequestResponse, what: string) {
  const csp = String(response.headers['content-security-policy'] ?? '');
  const directive = (name: string) =>
    csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `));
  // Without script-src, browsers apply default-src to scripts.
  const scriptPolicy = directive('script-src') ?? directive('default-src');
  expect(scriptPolicy, what).toMatch(/'self'|'none'/);
  expect(scriptPolicy, what).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:|https?:(?!\/\/js\.stripe\.com)/);
  expect(directive('default-src'), what).toMatch(/^default-src '(self|none)'$/);
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['x-frame-options'], what).toBe('DENY');
  expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
}

describe('security headers on every kind of answer', () => {
  let testApp: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'headers-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(distDir, 'assets', 'app-abc.js'), 'console.log(1)');
    writeFileSync(path.join(distDir, 'assets', 'app-abc.css'), 'body{}');
    testApp = await buildTestApp('pglite', { WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it.each([
    ['the SPA at /', 'GET', '/', 200],
    ['a client-side route', 'GET', '/settings', 200],
    ['a hashed script', 'GET', '/assets/app-abc.js', 200],
    ['a stylesheet', 'GET', '/assets/app-abc.css', 200],
    ['a missing asset', 'GET', '/assets/missing.js', 404],
    ['a JSON answer', 'GET', '/api/csrf-token', 200],
    ['the health check', 'GET', '/healthz', 200],
    ['an unauthenticated call', 'GET', '/api/user/settings', 401],
    ['a state change without CSRF token', 'POST', '/api/auth/logout', 403],
    ['an unknown API path', 'GET', '/api/does-not-exist', 404],
    ['an unknown API path with another method', 'DELETE', '/api/does-not-exist', 404],
  ] as const)('%s (%s %s → %i)', async (_what, method, url, status) => {
    const response = await testApp.app.inject({ method, url });
    expect(response.statusCode).toBe(status);
    expectProtectiveHeaders(response, `${method} ${url}`);
  });

  it('keeps the headers on a rejected body (400) and a malformed address', async () => {
    const client = new TestClient(testApp.app);
    const badBody = await client.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 42 },
    });
    expect(badBody.statusCode).toBe(400);
    expectProtectiveHeaders(badBody, 'POST /api/auth/login with a bad body');
    const badUrl = await testApp.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expectProtectiveHeaders(badUrl, 'a malformed URL');
  });
});

describe('HSTS only over HTTPS', () => {
  let behindProxy: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    behindProxy = await buildTestApp('pglite', { TRUST_PROXY: 'true' });
    direct = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await behindProxy.close();
    await direct.close();
  });

  it('is sent when the trusted proxy says the request came over HTTPS, on pages, API answers and errors', async () => {
    for (const url of ['/', '/api/csrf-token', '/api/auth/user', '/api/nope']) {
      const response = await behindProxy.app.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('is not sent on plain HTTP, whether the proxy says so or says nothing', async () => {
    for (const headers of [{ 'x-forwarded-proto': 'http' }, {}]) {
      const response = await behindProxy.app.inject({ method: 'GET', url: '/api/csrf-token', headers });
      expect(response.headers['strict-transport-security'], JSON.stringify(headers)).toBeUndefined();
    }
  });

  it('behind a trusted proxy, asks the proxy even when PUBLIC_URL is https (its plain-HTTP port gets none)', async () => {
    const testApp = await buildTestApp('pglite', {
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://app.example.com',
    });
    try {
      const overHttp = await testApp.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
      const overHttps = await testApp.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await testApp.close();
    }
  });

  it('ignores X-Forwarded-Proto from a proxy that is not trusted', async () => {
    const response = await direct.app.inject({
      method: 'GET',
      url: '/api/csrf-token',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

type SetCookie = LightMyRequestResponse['cookies'][number];

/** Every cookie the server sets through a visit: CSRF token, login, logout. */
async function cookiesOfAVisit(testApp: TestApp): Promise<SetCookie[]> {
  const user = await createAccount(testApp.database.db);
  const client = new TestClient(testApp.app);
  const seen: SetCookie[] = [];
  const csrf = await client.inject({ method: 'GET', url: '/api/csrf-token' });
  seen.push(...csrf.cookies);
  const loggedIn = await login(client, user.username);
  expect(loggedIn.statusCode).toBe(200);
  seen.push(...loggedIn.cookies);
  const loggedOut = await client.inject({ method: 'POST', url: '/api/auth/logout' });
  expect(loggedOut.statusCode).toBe(204);
  seen.push(...loggedOut.cookies);
  return seen;
}

describe.each(testDatabaseKinds())('cookie flags (%s)', (kind) => {
  it('keeps the session and CSRF secret away from scripts; only XSRF-TOKEN is readable; no Secure on plain HTTP', async () => {
    const testApp = await buildTestApp(kind);
    try {
      const cookies = await cookiesOfAVisit(testApp);
      const names = new Set(cookies.map((cookie) => cookie.name));
      expect([...names].sort()).toEqual(['XSRF-TOKEN', '_csrf', 'sid']);
      for (const cookie of cookies) {
        expect(cookie.httpOnly ?? false, cookie.name).toBe(cookie.name !== 'XSRF-TOKEN');
        expect(cookie.sameSite, cookie.name).toBe('Lax');
        expect(cookie.path, cookie.name).toBe('/');
        expect(cookie.secure ?? false, cookie.name).toBe(false);
      }
    } finally {
      await testApp.close();
    }
  });

  it('marks every cookie Secure when the app is served over HTTPS', async () => {
    const testApp = await buildTestApp(kind, { PUBLIC_URL: 'https://app.example.com' });
    try {
      const cookies = await cookiesOfAVisit(testApp);
      expect(cookies.length).toBeGreaterThanOrEqual(3);
      for (const cookie of cookies) {
        expect(cookie.secure, cookie.name).toBe(true);
        expect(cookie.sameSite, cookie.name).toBe('Lax');
      }
    } finally {
      await testApp.close();
    }
  });
});
