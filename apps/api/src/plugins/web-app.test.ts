import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
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
    // What the build writes beside a text asset (vite.config.ts): its brotli and gzip forms.
    const page = '<!doctype html><div id="root"></div>';
    writeFileSync(path.join(distDir, 'index.html.br'), brotliCompressSync(page));
    writeFileSync(path.join(distDir, 'index.html.gz'), gzipSync(page));
    const script = 'console.log("' + 'compressible '.repeat(200) + '")';
    writeFileSync(path.join(distDir, 'assets', 'big-456.js'), script);
    writeFileSync(path.join(distDir, 'assets', 'big-456.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(distDir, 'assets', 'big-456.js.gz'), gzipSync(script));
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

  it('sends the precompressed asset the browser accepts, with Vary, and the plain file to others', async () => {
    const script = 'console.log("' + 'compressible '.repeat(200) + '")';
    const url = '/assets/big-456.js';
    const br = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    const gz = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // Page routes get index.html the same way, still never cached.
    const pageAnswer = await testApp.app.inject({
      method: 'GET',
      url: '/gallery',
      headers: { 'accept-encoding': 'br' },
    });
    expect(pageAnswer.headers['content-encoding']).toBe('br');
    expect(pageAnswer.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(pageAnswer.rawPayload).toString()).toContain('<div id="root">');
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

describe('prerendered visitors pages (decision 033)', () => {
  let testApp: TestApp;
  let distDir: string;
  const pageHtml = (name: string) =>
    '<!doctype html><html><head><title>' +
    name +
    ' · Creator Studio</title><link rel="canonical" href="%PUBLIC_ORIGIN%/' +
    name +
    '" /><meta property="og:url" content="%PUBLIC_ORIGIN%/' +
    name +
    '" /></head><body><div id="root" data-prerendered><h1>' +
    name +
    '</h1>' +
    'page text '.repeat(100) +
    '</div></body></html>';

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    mkdirSync(path.join(distDir, 'prerendered'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(distDir, 'prerendered', 'terms.html'), pageHtml('terms'));
    writeFileSync(path.join(distDir, 'prerendered', 'landing.html'), pageHtml('landing'));
    writeFileSync(
      path.join(distDir, 'prerendered', 'pages.json'),
      JSON.stringify({ '/': 'prerendered/landing.html', '/terms': 'prerendered/terms.html' }),
    );
    testApp = await buildTestApp('pglite', {
      WEB_DIST_DIR: distDir,
      PUBLIC_URL: 'https://studio.example.com',
    });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('serves each page its own HTML with the public origin filled in, never cached', async () => {
    for (const [url, name] of [
      ['/', 'landing'],
      ['/?ref=ABC', 'landing'],
      ['/terms', 'terms'],
    ] as const) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(`<h1>${name}</h1>`);
      expect(response.body).toContain(`<link rel="canonical" href="https://studio.example.com/${name}" />`);
      expect(response.body).toContain(`content="https://studio.example.com/${name}"`);
      expect(response.body).not.toContain('%PUBLIC_ORIGIN%');
      // The security headers apply to these pages as to index.html.
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('sends brotli or gzip as accepted, with Vary, and answers a matching ETag with 304', async () => {
    const br = await testApp.app.inject({ url: '/terms', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>terms</h1>');
    expect(br.rawPayload.length).toBeLessThan(pageHtml('terms').length / 4);
    const gz = await testApp.app.inject({ url: '/terms', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<h1>terms</h1>');
    const plain = await testApp.app.inject({ url: '/terms', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<h1>terms</h1>');
    const again = await testApp.app.inject({
      url: '/terms',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps index.html for every other page and does not serve the raw prerendered files', async () => {
    for (const url of ['/privacy', '/terms/', '/gallery', '/login?next=1']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe('<!doctype html><div id="root"></div>');
    }
    const raw = await testApp.app.inject({ url: '/prerendered/terms.html' });
    expect(raw.statusCode).toBe(404);
    const manifest = await testApp.app.inject({ url: '/prerendered/pages.json' });
    expect(manifest.statusCode).toBe(404);
  });
});
