import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fakeUser, signInAs } from './support/fake-user';
import { browserCheck, pageErrors, useJourney } from './support/journey';

const featureCards = [
  'AI Content Generation',
  'ImageShield Protection',
  'Platform Optimization',
  'Smart Scheduling',
  'Advanced Analytics',
  'Tax & Finance Tools',
];

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('main').waitFor();
  await page.waitForLoadState('networkidle');
}

const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

describe.skipIf(!browserCheck.available)('route rules in the browser', () => {
  const journey = useJourney();

  describe('signed out', () => {
    it('shows the landing page at / with the six feature cards and a call to action to /login', async () => {
      const { page, context } = await journey.newPage();
      await open(page, '/');
      for (const title of featureCards)
        await expect(page.getByText(title, { exact: true }).count()).resolves.toBeGreaterThan(0);
      expect(await page.locator('main a[href="/login"]').count()).toBeGreaterThan(0);
      expect(await page.locator('footer a[href="/privacy"]').count()).toBe(1);
      expect(await page.locator('footer a[href="/terms"]').count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true);
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    });

    it('redirects signed-in-only and unknown paths to /', async () => {
      const { page, context } = await journey.newPage();
      for (const path of [
        '/dashboard',
        '/gallery',
        '/settings',
        '/history',
        '/reddit/communities',
        '/admin',
        '/referral',
        '/no/such/page',
      ]) {
        await open(page, path);
        expect(pathOf(page), path).toBe('/');
      }
      await context.close();
    });

    it('lets visitors open the public pages', async () => {
      const { page, context } = await journey.newPage();
      for (const path of [
        '/reddit',
        '/caption-generator',
        '/imageshield',
        '/pro-perks',
        '/landing',
        '/terms',
        '/privacy',
        '/forgot-password',
      ]) {
        await open(page, path);
        expect(pathOf(page), path).toBe(path);
      }
      await context.close();
    });

    it('opens the auth dialog on /login and /signup over the landing page', async () => {
      const { page, context } = await journey.newPage();
      await open(page, '/login');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.getByRole('heading').first().textContent()).toMatch(/welcome back/i);
      await open(page, '/signup');
      await page.getByRole('dialog').waitFor();
      expect(await page.getByRole('dialog').getByRole('heading').first().textContent()).toMatch(/create/i);
      await context.close();
    });

    it('the logo leads to /login', async () => {
      const { page, context } = await journey.newPage();
      await open(page, '/terms');
      await page
        .getByRole('banner')
        .getByRole('link', { name: /creator studio/i })
        .click();
      await page.waitForURL('**/login');
      await context.close();
    });
  });

  describe('signed in', () => {
    it('shows a full-screen Loading... spinner while the current user loads', async () => {
      const { page, context } = await journey.newPage();
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/api/auth/user', async (route) => {
        await answered;
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify(fakeUser()),
        });
      });
      await page.goto('/dashboard');
      const spinner = page.getByRole('status').filter({ hasText: 'Loading...' });
      await spinner.first().waitFor();
      answer();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await context.close();
    });

    it('sends / and /login to /dashboard and shows the not-found page for unknown paths', async () => {
      const { page, context } = await journey.newPage();
      await signInAs(page, fakeUser());
      await open(page, '/');
      expect(pathOf(page)).toBe('/dashboard');
      await open(page, '/login');
      expect(pathOf(page)).toBe('/dashboard');
      await open(page, '/no/such/page');
      expect(pathOf(page)).toBe('/no/such/page');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await page.getByRole('link', { name: 'Go Home' }).click();
      await page.waitForURL('**/dashboard');
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    });

    it('a signed-in user on the prerendered landing page gets the dashboard, even when the landing code comes last', async () => {
      const { page, context } = await journey.newPage();
      await signInAs(page, fakeUser());
      // The answer on who is here comes first; the landing page's code only a moment later.
      let releaseLanding = () => {};
      const landingHeld = new Promise<void>((resolve) => (releaseLanding = resolve));
      page.on('response', (response) => {
        if (response.url().endsWith('/api/auth/user')) setTimeout(releaseLanding, 300);
      });
      await page.route('**/assets/landing-route-*.js', async (route) => {
        await landingHeld;
        await route.continue();
      });
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      expect(pathOf(page)).toBe('/dashboard');
      releaseLanding();
      await page.waitForLoadState('networkidle');
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    });

    it('a free user: upgrade button, no Referral or Admin Portal, /referral and /admin are not found', async () => {
      const { page, context } = await journey.newPage();
      await signInAs(page, fakeUser({ tier: 'free' }));
      await open(page, '/dashboard');
      const header = page.getByRole('banner');
      expect(await header.getByRole('button', { name: 'Upgrade to Pro' }).isVisible()).toBe(true);
      expect(await header.getByRole('link', { name: 'Referral' }).count()).toBe(0);
      expect(await header.getByRole('link', { name: 'Admin Portal' }).count()).toBe(0);
      await header.getByRole('button', { name: 'Upgrade to Pro' }).click();
      await page.waitForURL('**/settings');
      for (const path of ['/referral', '/admin', '/admin/leads']) {
        await open(page, path);
        await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      }
      await context.close();
    });

    it('a pro user: Referral link and page, no upgrade button', async () => {
      const { page, context } = await journey.newPage();
      await signInAs(page, fakeUser({ tier: 'pro' }));
      await open(page, '/dashboard');
      const header = page.getByRole('banner');
      expect(await header.getByRole('link', { name: 'Referral' }).count()).toBeGreaterThan(0);
      expect(await header.getByRole('button', { name: 'Upgrade to Pro' }).count()).toBe(0);
      await open(page, '/referral');
      expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
      await page.getByRole('heading', { level: 1, name: /referral/i }).waitFor();
      await context.close();
    });

    it('an admin: Admin Portal link, /admin and /admin/leads open', async () => {
      const { page, context } = await journey.newPage();
      await signInAs(page, fakeUser({ role: 'admin' }));
      await open(page, '/dashboard');
      await page.getByRole('banner').getByRole('link', { name: 'Admin Portal' }).first().click();
      await page.waitForURL('**/admin');
      await page.getByRole('heading', { level: 1, name: /admin/i }).waitFor();
      await open(page, '/admin/leads');
      expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
      await context.close();
    });

    it('a user who must change the password is sent to /change-password with the userId', async () => {
      const { page, context } = await journey.newPage();
      const user = fakeUser({ mustChangePassword: true });
      await signInAs(page, user);
      await open(page, '/settings');
      expect(pathOf(page)).toBe(`/change-password?userId=${user.id}`);
      await context.close();
    });

    it('keeps the enterprise tab in the URL, replacing the history entry', async () => {
      const { page, context } = await journey.newPage();
      await signInAs(page, fakeUser());
      await open(page, '/dashboard');
      await open(page, '/enterprise');
      await page.getByRole('tab', { name: /media/i }).click();
      await page.waitForURL('**/enterprise?tab=media');
      await page.goBack();
      await page.waitForURL('**/dashboard');
      await context.close();
    });

    it('the account menu signs out through the real API (with its CSRF token) and lands on /login', async () => {
      const { page, context } = await journey.newPage();
      let signedIn = true;
      await page.route('**/api/auth/user', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify(signedIn ? fakeUser() : null),
        }),
      );
      const logoutStatus = new Promise<number>((resolve) =>
        page.on('response', (response) => {
          if (response.url().endsWith('/api/auth/logout')) {
            signedIn = false;
            resolve(response.status());
          }
        }),
      );
      await open(page, '/dashboard');
      await page.getByRole('button', { name: 'Account menu' }).click();
      const menu = page.getByRole('menu');
      for (const item of ['Dashboard', 'History', 'Settings', 'Sign Out']) {
        expect(await menu.getByRole('menuitem', { name: item }).count(), item).toBe(1);
      }
      expect(await menu.getByRole('menuitem', { name: 'Replay Tutorial' }).count()).toBe(0);
      await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
      expect(await logoutStatus).toBe(204);
      await page.waitForURL((url) => url.pathname === '/login' && !url.search.includes('logoutError'));
      await context.close();
    });
  });
});
