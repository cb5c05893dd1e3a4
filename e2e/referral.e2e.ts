import { afterAll, describe, expect, it } from 'vitest';
import { referralTexts } from '../packages/shared/src/referral';
import { StripeStandIn } from '../apps/api/test/stand-ins/stripe';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';
import { becomePro } from './support/stripe-webhooks';

const mailbox = await startMailbox();
const stripe = await StripeStandIn.start();
const webhookSecret = 'whsec_referraljourney0123456789abcdef';

afterAll(async () => {
  await mailbox.close();
  await stripe.close();
});

describe.skipIf(!browserCheck.available)('referral programme', () => {
  const journey = useJourney(async () => ({
    env: {
      SMTP_URL: mailbox.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_referraljourney',
      STRIPE_API_BASE: stripe.baseUrl,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
  }));

  it('a Pro user copies their link, a visitor signs up through it and starts Pro, and the referrer sees them linked and the credit', async () => {
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'ref_queen');
    const { page, context } = await journey.newPage({ viewport: { width: 1280, height: 1000 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.baseUrl });
    await logInThroughDialog(page, account.username, account.password);
    await becomePro(page, context, { baseUrl: journey.baseUrl, stripe, webhookSecret, label: 'referral' });

    await page.goto('/referral');
    await page.getByRole('heading', { level: 1, name: referralTexts.pageTitle }).waitFor();
    await page.getByRole('heading', { name: referralTexts.emptyTitle }).waitFor();
    const code = (await page.getByRole('status', { name: referralTexts.codeLabel }).textContent())!.trim();
    expect(code).toMatch(/^[0-9A-F]{10}$/);
    await page.getByText(referralTexts.rewardRule(2499)).waitFor();

    await page.getByRole('button', { name: referralTexts.copyLink }).click();
    await page.getByRole('button', { name: `Copied: ${referralTexts.copyLink}` }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${journey.baseUrl}/?ref=${code}`);

    // A new visitor, in a browser of their own, opens the shared link and signs up.
    const visitor = await journey.newPage();
    await visitor.page.goto(link);
    // The landing keeps the code, then takes ?ref out of the address bar: wait for that first.
    await visitor.page.waitForURL((url) => !url.searchParams.has('ref'));
    expect(await visitor.page.evaluate(() => localStorage.getItem('pendingReferralCode'))).toBe(code);
    await visitor.page.getByRole('button', { name: 'Sign Up' }).click();
    const dialog = visitor.page.getByRole('dialog');
    await dialog.getByLabel('Username').fill('new_fan');
    await dialog.getByLabel('Email').fill('new.fan@example.com');
    await dialog.getByLabel('Password', { exact: true }).fill('Secret123');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await visitor.page.getByText('Referral recorded').first().waitFor();
    await visitor.page.getByText('Your new account is linked to the referral code.').first().waitFor();
    expect(pageErrors(visitor.page)).toEqual([]);

    await page.reload();
    const stats = page.getByRole('region', { name: referralTexts.rewardTitle });
    await stats.waitFor();
    const statValue = (label: string) =>
      stats.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    expect(await statValue(referralTexts.signedUpLabel).textContent()).toBe('1');
    expect(await statValue(referralTexts.linkedLabel).textContent()).toBe('1');
    expect(await statValue(referralTexts.earnedLabel).textContent()).toBe('$0.00');

    const table = page.getByRole('table', { name: referralTexts.peopleTitle });
    const row = table.getByRole('row').nth(1);
    const cells = await row.getByRole('cell').allTextContents();
    expect([cells[0], cells[2], cells[3], cells[4]]).toEqual([
      'n***@example.com',
      'Linked',
      referralTexts.notPaying,
      referralTexts.noCredit,
    ]);
    expect(await table.getByRole('row').count()).toBe(2);
    expect(await page.content()).not.toContain('new.fan@example.com');

    // The referred creator verifies, signs in and starts Pro: the referrer earns one month of Pro.
    const verification = new URL(
      await mailbox.waitForLink('new.fan@example.com', /\/email-verification\?token=/),
    );
    const verified = await fetch(`${journey.baseUrl}/api/auth/verify-email${verification.search}`, {
      headers: { accept: 'application/json' },
    });
    expect(verified.ok).toBe(true);
    await logInThroughDialog(visitor.page, 'new_fan', 'Secret123');
    await becomePro(visitor.page, visitor.context, {
      baseUrl: journey.baseUrl,
      stripe,
      webhookSecret,
      label: 'referral-visitor',
    });
    await visitor.context.close();

    await page.reload();
    await stats.waitFor();
    expect(await statValue(referralTexts.earnedLabel).textContent()).toBe('$24.99');
    const paidCells = await table.getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect([paidCells[0], paidCells[2], paidCells[3], paidCells[4]]).toEqual([
      'n***@example.com',
      'Linked',
      'Pro',
      '$24.99',
    ]);

    await page.screenshot({ path: '/tmp/referral-page.png', fullPage: true });
    // On a phone the link must still be readable and both copy buttons reachable.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: referralTexts.copyCode }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/referral-page-phone.png', fullPage: true });
    expect(pageErrors(page)).toEqual([]);
  });
});
