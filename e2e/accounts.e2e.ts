import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { httpMessages } from '../packages/shared/src/messages';
import { OAuthProviderStandIn } from '../apps/api/test/stand-ins/oauth-provider';
import { freePort } from './support/app-server';
import { startMailbox } from './support/mailbox';
import { browserCheck, pageErrors, useJourney } from './support/journey';

const mailbox = await startMailbox();
let google: OAuthProviderStandIn | undefined;

async function signUp(page: Page, username: string, email: string, password: string) {
  await page.goto('/signup');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
}

async function logIn(page: Page, identifier: string, password: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username or email').fill(identifier);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
}

describe.skipIf(!browserCheck.available)(
  'accounts in the browser, with real mail and a stand-in provider',
  () => {
    const journey = useJourney(async () => {
      const port = await freePort();
      google = await OAuthProviderStandIn.start({
        kind: 'google',
        clientId: 'e2e-google-client',
        clientSecret: 'e2e-google-secret',
        redirectUri: `http://127.0.0.1:${port}/api/auth/google/callback`,
      });
      return { port, env: { SMTP_URL: mailbox.url, ...google.env() } };
    });
    afterAll(async () => {
      await mailbox.close();
      google?.close();
    });

    it('sign up → open the mailed link → verified → log in → dashboard → log out', async () => {
      const { page, context } = await journey.newPage();
      await signUp(page, 'velvet_rose', 'velvet.rose@example.com', 'Secret123');
      await page
        .getByText('Account created! Please check your email to verify your account before logging in.')
        .first()
        .waitFor();
      // The dialog switched to login with the e-mail kept.
      expect(await page.getByRole('dialog').getByLabel('Username or email').inputValue()).toBe(
        'velvet.rose@example.com',
      );

      // Before verifying, login is refused with the spec's notice.
      await logIn(page, 'velvet_rose', 'Secret123');
      await page.getByText('Email not verified').first().waitFor();

      const link = await mailbox.waitForLink('velvet.rose@example.com', /\/email-verification\?token=/);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Email Verified' }).waitFor();
      await page
        .getByRole('link', { name: 'Go to Login' })
        .or(page.getByRole('button', { name: 'Go to Login' }))
        .first()
        .click();
      await page.waitForURL('**/login');

      await logIn(page, 'velvet.rose@example.com', 'Secret123');
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      expect(await page.getByRole('button', { name: 'Account menu' }).textContent()).toContain('velvet_rose');

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && !url.search.includes('logoutError'));
      // Signed out for real: a signed-in page sends the visitor home.
      await page.goto('/settings');
      await page.waitForURL((url) => url.pathname === '/');
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    });

    it('a wrong password shows the spec text', async () => {
      const { page, context } = await journey.newPage();
      await page.goto('/login');
      await logIn(page, 'nobody_here', 'Wrong1234');
      await page.getByText(httpMessages.invalidCredentials).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      await context.close();
    });

    it('forgot password → mail → reset → log in with the new password', async () => {
      const { page, context } = await journey.newPage();
      await signUp(page, 'forgetful_fay', 'fay@example.com', 'Original1');
      await page.getByText('Account created!', { exact: false }).first().waitFor();
      await page.goto(await mailbox.waitForLink('fay@example.com', /\/email-verification\?token=/));
      await page.getByRole('heading', { name: 'Email Verified' }).waitFor();

      await page.goto('/forgot-password');
      await page.getByLabel('Email').fill('fay@example.com');
      await page.getByRole('button', { name: /send/i }).click();
      await page.getByText('Check Your Email').first().waitFor();

      await page.goto(await mailbox.waitForLink('fay@example.com', /\/reset-password\?token=/));
      await page.getByLabel('New password', { exact: true }).fill('Renewed99');
      await page.getByLabel('Confirm password', { exact: true }).fill('Renewed99');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      // The success screen sends the user to /login after 3 seconds.
      await page.waitForURL('**/login', { timeout: 10_000 });

      await logIn(page, 'forgetful_fay', 'Original1');
      await page.getByText(httpMessages.invalidCredentials).first().waitFor();
      await logIn(page, 'forgetful_fay', 'Renewed99');
      await page.waitForURL('**/dashboard');
      await context.close();
    });

    it('signs in with Google through the stand-in provider and lands on the dashboard', async () => {
      const { page, context } = await journey.newPage();
      google!.profile = {
        ...google!.profile,
        id: 'google-e2e-1',
        name: 'Sunny Creator',
        email: 'sunny@example.com',
      };
      await page.goto('/login');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      expect(await page.getByRole('button', { name: 'Account menu' }).textContent()).toMatch(/sunny/i);
      // The provider saw the PKCE challenge of a real authorization-code flow.
      expect(google!.authorizeRequests.at(-1)?.get('code_challenge_method')).toBe('S256');
      await context.close();
    });
  },
);
