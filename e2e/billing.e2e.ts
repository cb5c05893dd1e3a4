import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { billingTexts } from '../packages/shared/src/billing';
import { shellTexts } from '../packages/shared/src/messages';
import { StripeStandIn } from '../apps/api/test/stand-ins/stripe';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { serveFakeStripeJs } from './support/fake-stripe-js';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';
import { sendPaidInvoiceWebhook } from './support/stripe-webhooks';

const mailbox = await startMailbox();
const stripe = await StripeStandIn.start();
const webhookSecret = 'whsec_billingjourney0123456789abcdef';
const stripeEnv = {
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_billingjourney',
  STRIPE_API_BASE: stripe.baseUrl,
  STRIPE_WEBHOOK_SECRET: webhookSecret,
};

afterAll(async () => {
  await mailbox.close();
  await stripe.close();
});

/** Every request the page makes to Stripe's own hosts (none may happen before checkout). */
function stripeRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/stripe\.com/.test(new URL(request.url()).hostname)) urls.push(request.url());
  });
  return urls;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/billing-${name}.png`, fullPage: true });
}

describe.skipIf(!browserCheck.available)('settings and checkout without card payments set up', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url } }));

  it('saves settings that a reload shows again, with the plan section for a free user', async () => {
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'settings_sam');
    const { page } = await journey.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const toStripe = stripeRequests(page);
    await logInThroughDialog(page, account.username, account.password);

    // docs/product.md#billing: the header's upgrade button leads to /settings.
    await page.getByRole('button', { name: shellTexts.upgradeToPro }).click();
    await page.waitForURL('**/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByText('Free plan', { exact: true }).waitFor();
    await page.getByText(/No paid subscription/).waitFor();
    const table = page.getByRole('table', { name: /Features of the Free, Starter and Pro plans/ });
    expect(await table.getByRole('rowheader').allTextContents()).toContain('Reddit accounts');
    expect(await table.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe(
      '/checkout?plan=pro',
    );

    const form = page.getByRole('form', { name: 'Preferences' });
    await form.getByRole('radio', { name: 'Light' }).waitFor({ state: 'attached' });
    expect(await form.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    await form.getByText('Dark', { exact: true }).click();
    await form.getByLabel('Default platform').selectOption('instagram');
    await form.getByRole('switch', { name: 'Email updates' }).click();
    await shot(page, 'settings-edited');
    const [answer] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/user/settings') && response.request().method() === 'PATCH',
      ),
      form.getByRole('button', { name: 'Save Settings' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({
      theme: 'dark',
      defaultPlatform: 'instagram',
      emailUpdates: false,
    });
    await page.getByText('Settings saved', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

    await page.reload();
    const reloaded = page.getByRole('form', { name: 'Preferences' });
    await reloaded.getByLabel('Default platform').waitFor();
    expect(await reloaded.getByLabel('Default platform').inputValue()).toBe('instagram');
    expect(await reloaded.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await reloaded.getByRole('switch', { name: 'Email updates' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(await reloaded.getByRole('switch', { name: 'Auto-save' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await shot(page, 'settings-dark');

    // Privacy and security: a new password keeps this browser signed in.
    const security = page.getByRole('form', { name: 'Change password' });
    await security.getByLabel('Current password', { exact: true }).fill(account.password);
    await security.getByLabel('New password', { exact: true }).fill('Newer-secret7');
    await security.getByLabel('Confirm new password', { exact: true }).fill('Newer-secret7');
    await security.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed', { exact: true }).waitFor();
    await page.reload();
    await page.getByRole('form', { name: 'Change password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');

    // Profile: the display name is kept.
    const profile = page.getByRole('form', { name: 'Profile' });
    await profile.getByLabel('Display name').fill('Sam the Creator');
    await profile.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile saved', { exact: true }).waitFor();
    await page.reload();
    expect(await page.getByRole('form', { name: 'Profile' }).getByLabel('Display name').inputValue()).toBe(
      'Sam the Creator',
    );

    // Data export: a JSON file of the account.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^creator-studio-export-settings_sam-\d{4}-\d{2}-\d{2}\.json$/,
    );
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      version: number;
      profile: { displayName: string };
    };
    expect(exported.version).toBe(1);
    expect(JSON.stringify(exported)).toContain('Sam the Creator');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'settings-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(toStripe).toEqual([]);
    expect(pageErrors(page)).toEqual([]);

    // Danger zone: deleted after the word and the password; signed out on the landing page.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByLabel('Your password', { exact: true }).fill('Newer-secret7');
    await shot(page, 'settings-delete-dialog');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    const currentUser = await page.evaluate(async () => (await fetch('/api/auth/user')).text());
    expect(currentUser).not.toContain('settings_sam');
  });

  it("shows 'Payment System Not Configured' at checkout, loads nothing from Stripe and leads back to settings", async () => {
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'checkout_cleo');
    const { page } = await journey.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const toStripe = stripeRequests(page);
    await logInThroughDialog(page, account.username, account.password);
    await page.goto('/settings');
    await page
      .getByRole('table', { name: /Features of the Free, Starter and Pro plans/ })
      .getByRole('link', { name: 'Upgrade to Pro' })
      .click();
    await page.waitForURL('**/checkout?plan=pro');
    await page.getByRole('heading', { name: 'Pro plan' }).waitFor();
    await page.getByText('$24.99', { exact: true }).waitFor();
    await page.getByRole('heading', { name: billingTexts.notConfiguredTitle }).waitFor();
    await page.getByText(billingTexts.notConfiguredText).waitFor();
    await shot(page, 'checkout-not-configured');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'checkout-not-configured-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole('link', { name: 'Back to Settings' }).first().click();
    await page.waitForURL('**/settings');

    // The Enterprise Billing tab says so too, instead of offering a payment page that cannot open.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/enterprise?tab=billing');
    const panel = page.getByRole('tabpanel');
    await panel.getByText(billingTexts.notConfiguredText).waitFor();
    expect(await panel.getByRole('button', { name: /Stripe's payment page/ }).count()).toBe(0);
    await shot(page, 'enterprise-billing-not-configured');
    expect(toStripe).toEqual([]);
  });
});

describe.skipIf(!browserCheck.available)('checkout with the Stripe stand-in', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url, ...stripeEnv } }));

  it("starts the subscription, then says the card form cannot load (Stripe.js is blocked) and offers Stripe's page", async () => {
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'checkout_cara');
    const { page, context } = await journey.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    // The CSP lets Stripe.js through once payments are configured; here it cannot be reached, as
    // behind an ad blocker or a firewall.
    const stripeScriptRequests: string[] = [];
    await context.route('https://js.stripe.com/**', (route) => {
      stripeScriptRequests.push(route.request().url());
      return route.abort('blockedbyclient');
    });
    await logInThroughDialog(page, account.username, account.password);
    const [created] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/create-subscription')),
      page.goto('/checkout?plan=pro'),
    ]);
    expect(created.status()).toBe(200);
    expect(created.request().postDataJSON()).toEqual({ plan: 'pro', amount: 2499 });
    expect(((await created.json()) as { clientSecret: string }).clientSecret).toMatch(/_secret_/);

    await page.getByRole('heading', { name: 'The card form could not load' }).waitFor({ timeout: 20_000 });
    expect(stripeScriptRequests.length).toBeGreaterThan(0);
    await shot(page, 'checkout-stripe-blocked');

    // The hosted payment page is the way on: it opens in a new tab at Stripe Checkout.
    await context.route('https://checkout.stripe.com/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Stripe Checkout</title><h1>Pay Creator Studio</h1>',
      }),
    );
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: "Pay on Stripe's secure page" }).first().click(),
    ]);
    await tab.waitForURL('https://checkout.stripe.com/c/pay/**');
    expect(stripe.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(1);
    await tab.close();
  });

  it('pays with the Payment Element (Stripe.js faked in the browser), is declined once, then waits on the dashboard for the webhook', async () => {
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'checkout_pia');
    const { page } = await journey.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await serveFakeStripeJs(page);
    await logInThroughDialog(page, account.username, account.password);

    const [created] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/create-subscription')),
      page.goto('/checkout?plan=starter'),
    ]);
    const { subscriptionId } = (await created.json()) as { subscriptionId: string };
    const card = page.getByLabel('Card number');
    await card.waitFor();
    const pay = page.getByRole('button', { name: 'Pay $13.99 and subscribe' });
    await card.fill('4000 0000 0000 0002');
    await shot(page, 'checkout-card-form');
    await pay.click();
    await page.getByText(billingTexts.paymentFailed, { exact: true }).waitFor();
    await page.getByRole('form', { name: 'Card payment' }).getByText('Your card was declined.').waitFor();
    await shot(page, 'checkout-declined');

    await card.fill('4242 4242 4242 4242');
    await pay.click();
    await page.waitForURL(
      (url) => url.pathname === '/dashboard' && url.searchParams.get('payment') === 'success',
    );
    const landed = new URL(page.url());
    expect(landed.searchParams.get('plan')).toBe('starter');
    await page.getByRole('heading', { name: 'Confirming your payment...' }).waitFor();
    await shot(page, 'dashboard-confirming');
    // The URL alone changes nothing: still Free, still asked to upgrade.
    await page.getByRole('button', { name: shellTexts.upgradeToPro }).waitFor();

    // Stripe's webhook reports the paid invoice; the page notices without a reload.
    const subscription = stripe.subscriptions.get(subscriptionId);
    expect(subscription).toBeDefined();
    await sendPaidInvoiceWebhook({
      baseUrl: journey.baseUrl,
      webhookSecret,
      label: 'journey',
      customer: subscription?.customer,
      subscriptionId,
      amountPaid: 1399,
    });
    await page.getByRole('heading', { name: 'Welcome to Starter!' }).waitFor({ timeout: 15_000 });
    // Starter is still below Pro, so the header keeps offering the upgrade.
    await page.getByRole('button', { name: shellTexts.upgradeToPro }).waitFor();
    await shot(page, 'dashboard-confirmed');

    await page.getByRole('link', { name: 'See your plan in Settings' }).click();
    await page.waitForURL('**/settings');
    await page.getByText('Starter plan', { exact: true }).waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    await page.getByText('$13.99 / month').waitFor();
    // A running subscription changes plan through the switch (one subscription), never a second checkout.
    await page.getByRole('button', { name: 'Switch to Pro' }).waitFor();
    expect(await page.getByRole('link', { name: /Upgrade to (Starter|Pro)/ }).count()).toBe(0);
    await shot(page, 'settings-starter');
  });
});
