import { afterAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../packages/shared/src/account';
import { apiKeyPrefix, apiKeyTexts } from '../packages/shared/src/api-keys';
import { StripeStandIn } from '../apps/api/test/stand-ins/stripe';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';
import { becomePro } from './support/stripe-webhooks';

const mailbox = await startMailbox();
const stripe = await StripeStandIn.start();
const webhookSecret = 'whsec_apikeysjourney0123456789abcdef';

afterAll(async () => {
  await mailbox.close();
  await stripe.close();
});

/** What a script does with the key: no cookie, no CSRF token, only the Bearer header. */
function callWithKey(baseUrl: string, key: string) {
  return fetch(`${baseUrl}/api/content-generations`, {
    headers: { authorization: `Bearer ${key}`, accept: 'application/json' },
  });
}

describe.skipIf(!browserCheck.available)('personal API keys in settings', () => {
  const journey = useJourney(async () => ({
    env: {
      SMTP_URL: mailbox.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_apikeysjourney',
      STRIPE_API_BASE: stripe.baseUrl,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
  }));

  it('a Pro user creates a key with her password, copies it once, calls the API with it, sees the usage, and revokes it', async () => {
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'api_pat');
    const { page, context } = await journey.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.baseUrl });
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInThroughDialog(page, account.username, account.password);
    await becomePro(page, context, { baseUrl: journey.baseUrl, stripe, webhookSecret, label: 'apikeys' });

    await page.goto('/settings#api');
    await page.getByText('Pro plan', { exact: true }).waitFor();
    const card = page.locator('#api');
    await card.getByText(/No API keys yet/).waitFor();
    await page.getByText('0 of 1000 calls this month').waitFor();

    await card.getByText(apiKeyTexts.revokedWhen).waitFor();
    await card.getByLabel('Key name').fill('Nightly export script');
    // A wrong password makes no key and says so under the password field.
    await card.getByLabel('Current password', { exact: true }).fill('Not-my-password1');
    await card.getByRole('button', { name: 'Create key' }).click();
    await card.getByText(accountMessages.wrongPassword).waitFor();
    expect(await card.getByLabel('Current password', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(await page.getByRole('dialog').count()).toBe(0);

    await card.getByLabel('Current password', { exact: true }).fill(account.password);
    const [created] = await Promise.all([
      page.waitForResponse(
        (response) => response.url().endsWith('/api/api-keys') && response.request().method() === 'POST',
      ),
      card.getByRole('button', { name: 'Create key' }).click(),
    ]);
    expect(created.status()).toBe(201);
    const dialog = page.getByRole('dialog', { name: 'Copy your new API key' });
    const secret = await dialog.getByLabel('Your new API key').inputValue();
    expect(secret.startsWith(apiKeyPrefix)).toBe(true);
    await dialog.getByText(/only time the whole key is shown/).waitFor();
    await dialog.getByRole('button', { name: 'Copy key' }).click();
    await dialog.getByText('Copied', { exact: true }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(secret);
    await dialog.getByRole('button', { name: "I've copied it" }).click();
    await dialog.waitFor({ state: 'detached' });

    // From now on only the prefix is shown, and nothing on the page holds the secret.
    const list = card.getByRole('list', { name: 'Your API keys' });
    await list.getByText('Nightly export script').waitFor();
    await list.getByText(`${secret.slice(0, apiKeyPrefix.length + 8)}…`).waitFor();
    expect(await page.content()).not.toContain(secret);

    // A script calls the public API with the copied key alone.
    const call = await callWithKey(journey.baseUrl, copied);
    expect(call.status, await call.clone().text()).toBe(200);
    expect(Array.isArray(await call.json())).toBe(true);

    await page.reload();
    await page.getByText('1 of 1000 calls this month').waitFor();
    const bar = page.getByRole('progressbar', { name: 'API calls used this month' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('1');
    expect(await bar.getAttribute('aria-valuemax')).toBe('1000');
    await page.getByText(/Resets on /).waitFor();
    await card.getByText(/Last used/).waitFor();
    expect(await card.getByRole('link', { name: /API documentation/ }).getAttribute('href')).toBe(
      '/api/docs',
    );
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: '/tmp/h/api-keys.png' });

    await card.getByRole('button', { name: 'Revoke Nightly export script' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke "Nightly export script"?' });
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('API key revoked', { exact: true }).waitFor();
    await list.getByText('Revoked', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: /^Revoke / }).count()).toBe(0);

    const refused = await callWithKey(journey.baseUrl, copied);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(apiKeyTexts.keyRevoked);
    expect(pageErrors(page)).toEqual([]);
  });
});
