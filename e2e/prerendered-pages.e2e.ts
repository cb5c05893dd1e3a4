import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserCheck, pageErrors, useJourney } from './support/journey';

const pages = [
  {
    path: '/',
    title: 'Creator Studio · Create, protect and promote your content',
    text: 'Everything you need to grow',
  },
  // The landing page with its dialog, which opens once the page is alive.
  {
    path: '/login',
    title: 'Creator Studio · Create, protect and promote your content',
    text: 'Everything you need to grow',
    dialog: 'Welcome back',
  },
  {
    path: '/signup',
    title: 'Creator Studio · Create, protect and promote your content',
    text: 'Everything you need to grow',
    dialog: 'Create your account',
  },
  { path: '/forgot-password', title: 'Forgot Password · Creator Studio', text: 'Send Reset Link' },
  // Opened from a mailed link: prerendered for a request with the link's token only.
  {
    path: '/reset-password',
    query: '?token=from-the-mail',
    title: 'Reset Password · Creator Studio',
    text: 'Confirm password',
  },
  {
    path: '/email-verification',
    query: '?token=from-the-mail',
    title: 'Email Verification · Creator Studio',
    text: 'Verifying your email',
    // Opening it verifies the token, which this made-up one fails (accounts.e2e.ts opens a real one).
    verifiesOnOpen: true,
  },
  { path: '/terms', title: 'Terms of Service · Creator Studio', text: 'Eligibility: adults only' },
  { path: '/privacy', title: 'Privacy Policy · Creator Studio', text: 'Usage analytics' },
  { path: '/imageshield', title: 'ImageShield · Creator Studio', text: 'free tries an hour' },
] as const;

/** The raw answer, without the client decompressing it, so the encoding can be checked. */
function getRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

/** Every console error and page error, hydration mismatches included (React logs those). */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

describe.skipIf(!browserCheck.available)('prerendered visitors pages (decision 033)', () => {
  const journey = useJourney();

  it('sends /, /login, /signup, /forgot-password, /reset-password, /email-verification, /terms, /privacy and /imageshield as HTML with their content and head, brotli-compressed', async () => {
    for (const page of pages) {
      const query = 'query' in page ? page.query : '';
      const answer = await getRaw(`${journey.baseUrl}${page.path}${query}`, { 'accept-encoding': 'br' });
      expect(answer.status, page.path).toBe(200);
      expect(answer.headers['content-encoding'], page.path).toBe('br');
      expect(answer.headers['cache-control'], page.path).toBe('no-cache');
      const html = brotliDecompressSync(answer.body).toString();
      const url = `${journey.baseUrl}${page.path}`;
      expect(html, page.path).toContain(`<title>${page.title}</title>`);
      expect(html, page.path).toMatch(/<meta name="description" content="[^"]{40,}" \/>/);
      expect(html, page.path).toContain(`<link rel="canonical" href="${url}" />`);
      expect(html, page.path).toContain(`<meta property="og:title" content="${page.title}" />`);
      expect(html, page.path).toMatch(/<meta property="og:description" content="[^"]{40,}" \/>/);
      expect(html, page.path).toContain('<meta property="og:type" content="website" />');
      expect(html, page.path).toContain(`<meta property="og:url" content="${url}" />`);
      expect(html, page.path).toContain('<h1');
      expect(html, page.path).toContain(page.text);
      expect(html, page.path).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      expect(html.includes('<meta name="robots" content="noindex" />'), page.path).toBe(query !== '');
    }
    // Without the link's token (or with more than it) the page is the app's, as before.
    for (const url of [
      '/reset-password',
      '/reset-password?token=',
      '/email-verification?verified=true&token=x',
    ]) {
      const answer = await getRaw(`${journey.baseUrl}${url}`, { 'accept-encoding': 'identity' });
      expect(answer.status, url).toBe(200);
      expect(answer.body.toString(), url).toContain('<div id="root"></div>');
    }
    const other = await getRaw(`${journey.baseUrl}/gallery`, { 'accept-encoding': 'identity' });
    expect(other.body.toString()).toContain('<div id="root"></div>');
  });

  it("names each app route's chunks in its head: the signed-in shell's only with a session cookie", async () => {
    const html = async (path: string, headers: Record<string, string> = {}) => {
      const answer = await getRaw(`${journey.baseUrl}${path}`, { 'accept-encoding': 'identity', ...headers });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.vary, path).toBe('Accept-Encoding, Cookie');
      return answer.body.toString();
    };
    const preloaded = (text: string) =>
      [...text.matchAll(/<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+)">/g)].map(
        (match) => match[1]!,
      );
    const shell = /assets\/signed-in-app-[^"]+\.js/;

    const galleryVisitor = await html('/gallery');
    const gallerySignedIn = await html('/gallery', { cookie: 'theme=dark; sid=anything' });
    const redditVisitor = await html('/reddit');
    // A visitor on a signed-in-only page is sent to /: nothing to fetch early.
    expect(galleryVisitor).not.toMatch(shell);
    expect(preloaded(gallerySignedIn).length).toBeGreaterThan(preloaded(galleryVisitor).length + 10);
    expect(gallerySignedIn).toMatch(shell);
    expect(gallerySignedIn).toMatch(/assets\/gallery-page-[^"]+\.js/);
    // A public page gets its own chunks, the shell only for a signed-in user.
    expect(redditVisitor).toMatch(/assets\/reddit-page-[^"]+\.js/);
    expect(redditVisitor).not.toMatch(shell);
    // Each chunk named once, and each one really there.
    const named = preloaded(gallerySignedIn);
    expect(new Set(named).size).toBe(named.length);
    for (const file of named) expect((await fetch(`${journey.baseUrl}/${file}`)).status, file).toBe(200);
  });

  it('hydrates each page without a console error, and the page then works', async () => {
    for (const entry of pages.filter((page) => !('dialog' in page) && !('verifiesOnOpen' in page))) {
      const { path, title } = entry;
      const { page, context } = await journey.newPage();
      const errors = collectConsoleErrors(page);
      await page.goto(path + ('query' in entry ? entry.query : ''));
      await page.waitForLoadState('networkidle');
      // The header menus swap in their Radix code once the page is idle: hydration is done by then.
      await page.getByRole('banner').getByRole('button', { name: 'Theme' }).click();
      await page.getByRole('menuitemradio', { name: 'Dark' }).click();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      expect(await page.title()).toBe(title);
      expect(errors, path).toEqual([]);
      expect(pageErrors(page), path).toEqual([]);
      await context.close();
    }
  });

  it("draws the mailed link's answer where the waiting text was, without moving the page, on a phone", async () => {
    const { page, context } = await journey.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // A made-up token: the server's answer replaces "Verifying your email..." with the failure.
    await page.goto('/email-verification?token=from-the-mail');
    await page.getByRole('heading', { level: 1, name: 'Verification Failed' }).waitFor();
    await page.getByRole('link', { name: 'Sign Up Again' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    await context.close();
  });

  it('opens the dialog of /login and /signup once the page is alive, without a console error', async () => {
    for (const page of pages) {
      if (!('dialog' in page)) continue;
      const { page: tab, context } = await journey.newPage();
      const errors = collectConsoleErrors(tab);
      await tab.goto(page.path);
      const dialog = tab.getByRole('dialog', { name: page.dialog });
      await dialog.waitFor();
      await tab.waitForLoadState('networkidle');
      expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open)).toBe(true);
      await tab.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await tab.waitForURL((url) => url.pathname === '/');
      expect(errors, page.path).toEqual([]);
      expect(pageErrors(tab), page.path).toEqual([]);
      await context.close();
    }
  });

  it('opens the login dialog from a hydrated landing, a native modal that closes on Escape', async () => {
    const { page, context } = await journey.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('login-username');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
    await context.close();
  });
});
