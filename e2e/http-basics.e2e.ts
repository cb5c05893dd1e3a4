import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir, startApp, type RunningApp } from './support/app-server';

/** The quick-start promises, checked over real HTTP against the app as npm start runs it. */
describe('the running app over HTTP', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app.stop();
    removeDataDir(app.dataDir);
  });

  it('GET / returns the app with a strict Content-Security-Policy', async () => {
    const response = await fetch(`${app.baseUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    // The landing page is prerendered (decision 033): the root holds its content, ready to hydrate.
    const html = await response.text();
    expect(html).toMatch(/<div id="root" data-prerendered[^>]*>\s*\S/);
    expect(html).toContain('<h1');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('GET /api/nope returns a JSON 404', async () => {
    const response = await fetch(`${app.baseUrl}/api/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a POST without a CSRF token gets 403 mentioning CSRF', async () => {
    const response = await fetch(`${app.baseUrl}/api/auth/logout`, { method: 'POST' });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toContain('CSRF');
  });

  it('/healthz and /readyz answer ok', async () => {
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${app.baseUrl}/readyz`)).json()).toEqual({ status: 'ok' });
  });
});
