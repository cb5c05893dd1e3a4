import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

describe('serving the web app and security headers', () => {
  let testApp: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(distDir, 'assets', 'app-123.js'), 'console.log(1)');
    testApp = await buildTestApp('pglite', { WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('serves index.html for / and for any client-side route, never cached', async () => {
    for (const url of ['/', '/reddit/communities', '/some/unknown/page?x=1']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with long caching and 404s a missing asset instead of HTML', async () => {
    const asset = await testApp.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await testApp.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });

  it('answers unknown /api paths with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await testApp.app.inject({ method, url: '/api/nope' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: 'Nothing here: ' + method + ' /api/nope does not exist.',
        code: 'NOT_FOUND',
      });
    }
  });

  it('sends a strict Content-Security-Policy and the other security headers on pages and API', async () => {
    for (const url of ['/', '/api/auth/user']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      // Plain http: no HSTS, no upgrade of asset requests.
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(csp).not.toContain('upgrade-insecure-requests');
    }
  });
});

describe('with Stripe configured', () => {
  it('lets Stripe.js, its frames and its API through the CSP, and nothing else', async () => {
    const testApp = await buildTestApp('pglite', {
      STRIPE_SECRET_KEY: 'sk_test_csp',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_csp',
    });
    try {
      const csp = String(
        (await testApp.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
      );
      expect(csp).toContain("script-src 'self' https://js.stripe.com;");
      expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com;');
      expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    } finally {
      await testApp.close();
    }
  });

  it('keeps Stripe out of the CSP when payments are not configured', async () => {
    const testApp = await buildTestApp('pglite');
    try {
      const csp = String(
        (await testApp.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
      );
      expect(csp).not.toContain('stripe.com');
      expect(csp).toContain("frame-src 'none'");
    } finally {
      await testApp.close();
    }
  });
});

describe('behind HTTPS', () => {
  it('adds HSTS and upgrades insecure requests', async () => {
    const testApp = await buildTestApp('pglite', { PUBLIC_URL: 'https://app.example.com' });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await testApp.close();
    }
  });
});
