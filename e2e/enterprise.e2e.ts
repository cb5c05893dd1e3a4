import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accountFlowTexts } from '../packages/shared/src/messages';
import { scheduleTexts } from '../packages/shared/src/posts';
import { RedditStandIn } from '../apps/api/test/stand-ins/reddit';
import { StripeStandIn } from '../apps/api/test/stand-ins/stripe';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';
import { phonePhoto } from './support/photos';
import { serveRedditConsent } from './support/reddit-consent';

const mailbox = await startMailbox();
const reddit = await RedditStandIn.start();
const stripe = await StripeStandIn.start();
const subreddit = 'EnterpriseTests';
const redditUser = 'studio_posts';

const tabs = [
  { value: 'ai-studio', label: 'AI Studio' },
  { value: 'media', label: 'Media' },
  { value: 'scheduler', label: 'Scheduler' },
  { value: 'billing', label: 'Billing' },
] as const;

const url = (page: Page) => {
  const { pathname, search } = new URL(page.url());
  return pathname + search;
};

/** Waits for the tab to be the selected one and for its panel's own content to show. */
async function expectTab(page: Page, label: string, marker: string) {
  await page.getByRole('tab', { name: label, selected: true }).waitFor();
  // The tab's own panel, once (the scheduler's calendar has List/Week/Month panels of its own inside).
  const panel = page.getByRole('tabpanel', { name: label, exact: true });
  expect(await panel.count()).toBe(1);
  await panel.getByText(marker, { exact: true }).first().waitFor();
}

const markers: Record<(typeof tabs)[number]['value'], string> = {
  'ai-studio': 'Prompt',
  media: 'Upload media',
  scheduler: 'Schedule a post',
  billing: 'Subscription and usage',
};

describe.skipIf(!browserCheck.available)('the enterprise dashboard in the browser', () => {
  const journey = useJourney(async () => ({
    env: {
      SMTP_URL: mailbox.url,
      ...reddit.env(),
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_enterprisejourney',
      STRIPE_API_BASE: stripe.baseUrl,
      STRIPE_WEBHOOK_SECRET: 'whsec_enterprisejourney0123456789abcdef',
    },
  }));
  let folder = '';
  afterAll(async () => {
    await mailbox.close();
    await reddit.close();
    await stripe.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it(
    'opens each tab from the URL, and the scheduler flag opens the scheduler',
    { timeout: 180_000 },
    async () => {
      const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'studio_url');
      const { page } = await journey.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await logInThroughDialog(page, account.username, account.password);

      await page.goto('/enterprise');
      await page.getByRole('heading', { level: 1, name: 'Enterprise Dashboard' }).waitFor();
      await expectTab(page, 'AI Studio', markers['ai-studio']);
      for (const tab of tabs) {
        await page.goto(`/enterprise?tab=${tab.value}`);
        await expectTab(page, tab.label, markers[tab.value]);
      }
      await page.goto('/enterprise?scheduler=1');
      await expectTab(page, 'Scheduler', markers.scheduler);
      await page.goto('/enterprise?tab=unknown');
      await expectTab(page, 'AI Studio', markers['ai-studio']);

      // On a phone all four tabs stay reachable without the page scrolling sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/enterprise?tab=billing');
      await expectTab(page, 'Billing', markers.billing);
      // Nothing in the tab list is scrolled out of sight (the list scrolls sideways when its tabs do not fit).
      const list = page.getByRole('tablist', { name: 'Enterprise sections' });
      expect(await list.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
      await page.screenshot({ path: '/tmp/enterprise-phone.png' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(pageErrors(page)).toEqual([]);
    },
  );

  it(
    'generates, uploads, schedules and shows the plan, one tab after the other',
    { timeout: 300_000 },
    async () => {
      reddit.addUser(redditUser, { link_karma: 800, comment_karma: 90 });
      reddit.addSubreddit(subreddit, { subscribers: 3000 });
      folder = await mkdtemp(path.join(tmpdir(), 'enterprise-e2e-'));
      const photo = path.join(folder, 'studio-shot.jpg');
      await phonePhoto(photo, 120);

      const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'studio_sia');
      const { page, context } = await journey.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await serveRedditConsent(page, reddit, redditUser);
      await logInThroughDialog(page, account.username, account.password);
      await page.goto('/enterprise');

      // AI Studio: a generation, counted against the daily quota.
      const panel = page.getByRole('tabpanel');
      await panel.getByText('5 of 5 generations left today').waitFor();
      await panel.getByLabel('Prompt').fill('Studio portrait with soft window light');
      const [generated] = await Promise.all([
        page.waitForResponse(
          (answer) => answer.url().endsWith('/api/ai/generate') && answer.request().method() === 'POST',
        ),
        panel.getByRole('button', { name: 'Generate', exact: true }).click(),
      ]);
      expect(generated.status()).toBe(200);
      const title = ((await generated.json()) as { content: { titles: string[] }[] }).content[0]?.titles[0];
      await panel.getByRole('heading', { name: title }).first().waitFor();
      await panel.getByText('4 of 5 generations left today').waitFor();
      await page.screenshot({ path: '/tmp/enterprise-ai-studio.png' });

      // Media: by click; a watermarked upload lands in the list and in the storage count.
      await page.getByRole('tab', { name: 'Media' }).click();
      await page.waitForURL('**/enterprise?tab=media');
      await panel
        .getByText('No files yet. Upload images or videos above; they will be listed here.')
        .waitFor();
      const [uploaded] = await Promise.all([
        page.waitForResponse((answer) => answer.url().endsWith('/api/media/upload')),
        panel.locator('input[type="file"]').setInputFiles([photo]),
      ]);
      expect(uploaded.status()).toBe(201);
      expect(uploaded.request().postData()).toContain('name="watermark"');
      await panel.getByRole('heading', { name: 'Media library (1 file)' }).waitFor({ timeout: 30_000 });
      await panel.getByText('studio-shot.jpg').first().waitFor();
      await panel.getByText(/· 1 file$/).waitFor();
      await page.screenshot({ path: '/tmp/enterprise-media.png', fullPage: true });

      // Back on AI Studio, the earlier results are still there.
      await page.getByRole('tab', { name: 'AI Studio' }).click();
      await panel.getByRole('heading', { name: title }).first().waitFor();

      // Scheduler: connect Reddit from the tab (and come back to it), then queue a post.
      await page.getByRole('tab', { name: 'Scheduler' }).click();
      await page.waitForURL('**/enterprise?tab=scheduler');
      await panel.getByRole('button', { name: 'Connect Reddit' }).click();
      await page.getByRole('link', { name: 'Allow' }).click();
      await page.waitForURL((next) => next.pathname === '/enterprise' && next.search === '?tab=scheduler');
      await page.getByText(accountFlowTexts.redditConnectedTitle, { exact: true }).waitFor();
      const form = panel.getByRole('form', { name: 'Schedule a post' });
      await form.getByLabel('Subreddit').fill(subreddit);
      await form.getByLabel('Title').fill('Window light preview');
      await form.getByRole('radio', { name: /In 24 hours/ }).check();
      await form.getByRole('button', { name: 'Schedule post' }).click();
      await page.getByText(scheduleTexts.scheduled, { exact: true }).waitFor();
      const queued = panel
        .getByRole('list', { name: 'Upcoming' })
        .getByRole('article', { name: 'Window light preview' });
      await queued.waitFor();
      expect(await queued.locator('[data-status]').textContent()).toBe('Pending');
      await page.screenshot({ path: '/tmp/enterprise-scheduler.png', fullPage: true });

      // Billing: the plan, and Stripe's hosted page for the upgrade.
      await page.getByRole('tab', { name: 'Billing' }).click();
      await page.waitForURL('**/enterprise?tab=billing');
      await panel.getByText('You are on the Free plan.').waitFor();
      await context.route('https://checkout.stripe.com/**', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<!doctype html><title>Stripe Checkout</title>',
        }),
      );
      const [checkout] = await Promise.all([
        context.waitForEvent('page'),
        panel.getByRole('button', { name: "Pro on Stripe's payment page" }).click(),
      ]);
      await checkout.waitForURL('https://checkout.stripe.com/**');
      await checkout.close();
      await page.screenshot({ path: '/tmp/enterprise-billing.png' });
      expect(pageErrors(page)).toEqual([]);
    },
  );

  it('replaces the history entry on tab change, so Back leaves the page', { timeout: 180_000 }, async () => {
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'studio_back');
    const { page } = await journey.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInThroughDialog(page, account.username, account.password);
    await page.goto('/settings');
    await page.goto('/enterprise?tab=media');
    await expectTab(page, 'Media', markers.media);
    const entries = await page.evaluate(() => history.length);
    for (const tab of ['Scheduler', 'Billing', 'AI Studio'] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
    }
    expect(url(page)).toBe('/enterprise?tab=ai-studio');
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.goBack();
    await page.waitForURL('**/settings');
    await page.goForward();
    await page.waitForURL('**/enterprise?tab=ai-studio');
    await expectTab(page, 'AI Studio', markers['ai-studio']);
    // Arrow keys move between tabs too (Radix tabs), with the same replaced entry.
    await page.getByRole('tab', { name: 'AI Studio' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL('**/enterprise?tab=media');
    await page.goBack();
    await page.waitForURL('**/settings');
    expect(pageErrors(page)).toEqual([]);
  });
});
