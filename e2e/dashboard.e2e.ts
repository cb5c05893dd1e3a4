import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AiGenerateResponse } from '../packages/shared/src/ai';
import { dashboardQuickActions, dashboardTexts } from '../packages/shared/src/dashboard';
import { mediaTexts } from '../packages/shared/src/media';
import { scheduleTexts } from '../packages/shared/src/posts';
import { RedditStandIn } from '../apps/api/test/stand-ins/reddit';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';
import { phonePhoto } from './support/photos';
import { serveRedditConsent } from './support/reddit-consent';

const mailbox = await startMailbox();
const reddit = await RedditStandIn.start();
const subreddit = 'DashboardTests';
const redditUser = 'dash_posts';

const card = (page: Page, title: string) => page.getByRole('region', { name: title });

/** Generates one Reddit caption on the generator page and returns the answer the page received. */
async function generateCaption(page: Page): Promise<AiGenerateResponse> {
  await page.getByRole('heading', { level: 1, name: 'Caption Generator' }).waitFor();
  await page.getByLabel('Prompt').fill('Cosy reading nook with fairy lights');
  const [response] = await Promise.all([
    page.waitForResponse(
      (answer) => answer.url().endsWith('/api/ai/generate') && answer.request().method() === 'POST',
    ),
    page.getByRole('button', { name: 'Generate', exact: true }).click(),
  ]);
  expect(response.status()).toBe(200);
  return response.json();
}

/** Connects the stand-in's Reddit account on /reddit and schedules a post a day ahead. */
async function scheduleTomorrow(page: Page, title: string) {
  await page.goto('/reddit');
  await page.getByRole('button', { name: 'Connect Reddit' }).click();
  await page.getByRole('link', { name: 'Allow' }).click();
  await page.waitForURL((url) => url.pathname === '/reddit' && url.search === '');
  const form = page.getByRole('form', { name: 'Schedule a post' });
  await form.getByLabel('Subreddit').fill(subreddit);
  await form.getByLabel('Title').fill(title);
  await form.getByRole('radio', { name: /In 24 hours/ }).check();
  await form.getByRole('button', { name: 'Schedule post' }).click();
  await page.getByText(scheduleTexts.scheduled, { exact: true }).waitFor();
}

describe.skipIf(!browserCheck.available)('the dashboard in the browser', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url, ...reddit.env() } }));
  let folder = '';
  afterAll(async () => {
    await mailbox.close();
    await reddit.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it(
    'starts empty with next steps, then shows the creator’s generations, upcoming post and storage',
    { timeout: 240_000 },
    async () => {
      reddit.addUser(redditUser, { link_karma: 900, comment_karma: 120 });
      reddit.addSubreddit(subreddit, { subscribers: 4000 });
      folder = await mkdtemp(path.join(tmpdir(), 'dashboard-e2e-'));
      const photo = path.join(folder, 'reading-nook.jpg');
      await phonePhoto(photo, 70);

      const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'dash_dora');
      const { page } = await journey.newPage();
      await page.setViewportSize({ width: 1366, height: 900 });
      await serveRedditConsent(page, reddit, redditUser);
      await logInThroughDialog(page, account.username, account.password);

      // A new account: every card says what to do first.
      await page.getByRole('heading', { level: 1, name: dashboardTexts.title }).waitFor();
      const counter = card(page, dashboardTexts.counterTitle);
      await counter.getByText('5 of 5 generations left today').waitFor();
      expect(await counter.getAttribute('data-tour')).toBe('generation-counter');
      await card(page, dashboardTexts.recentTitle)
        .getByRole('heading', { name: dashboardTexts.recentEmpty })
        .waitFor();
      await card(page, dashboardTexts.postsTitle)
        .getByRole('heading', { name: dashboardTexts.postsEmpty })
        .waitFor();
      await card(page, dashboardTexts.storageTitle)
        .getByRole('heading', { name: dashboardTexts.storageEmpty })
        .waitFor();
      await page.screenshot({ path: '/tmp/dashboard-empty.png', fullPage: true });

      // Into the caption generator from its quick action, and one generation.
      await page.locator('[data-tour="content-creator"]').getByRole('link').click();
      await page.waitForURL('**/caption-generator');
      const generated = await generateCaption(page);
      const firstTitle = generated.content[0]?.titles[0];
      expect(firstTitle).toBeTruthy();

      // One upload through the gallery.
      await page.goto('/gallery');
      await page.locator('input[type="file"]').setInputFiles([photo]);
      await page.getByRole('heading', { name: mediaTexts.galleryHeading(1) }).waitFor({ timeout: 30_000 });

      await scheduleTomorrow(page, 'Fairy lights teaser');

      // Back on the dashboard, each card shows what was just made.
      await page.getByRole('link', { name: 'Dashboard' }).first().click();
      await page.waitForURL('**/dashboard');
      await counter.getByText('4 of 5 generations left today').waitFor();
      expect(await counter.getByTestId('generations-used').textContent()).toBe('1');
      const recent = card(page, dashboardTexts.recentTitle);
      await recent.getByText(firstTitle!, { exact: true }).waitFor();
      const upcoming = card(page, dashboardTexts.postsTitle).getByRole('list', {
        name: dashboardTexts.postsUpcoming,
      });
      await upcoming.getByText('Fairy lights teaser').waitFor();
      await upcoming.getByText(`r/${subreddit} · Tomorrow`, { exact: false }).waitFor();
      expect(await upcoming.locator('[data-status]').textContent()).toBe('Pending');
      const storage = card(page, dashboardTexts.storageTitle);
      await storage.getByText(/of 2 GB used$/).waitFor();
      await storage.getByText(/· 1 file$/).waitFor();
      await page.locator('[data-tour="analytics"]').waitFor();
      await page.screenshot({ path: '/tmp/dashboard-light.png', fullPage: true });

      // Each quick action leads into its feature.
      for (const action of dashboardQuickActions) {
        await card(page, dashboardTexts.quickActionsTitle)
          .getByRole('link', { name: new RegExp(`^${action.label}`) })
          .click();
        await page.waitForURL((url) => url.pathname === action.to);
        await page.goBack();
        await page.waitForURL('**/dashboard');
      }
      await card(page, dashboardTexts.recentTitle)
        .getByRole('link', { name: dashboardTexts.recentAll })
        .click();
      await page.waitForURL('**/history');
      await page.getByText(firstTitle!).first().waitFor();

      // A phone: the cards stack in one column and nothing runs off the side.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/dashboard');
      await counter.getByText('4 of 5 generations left today').waitFor();
      await upcoming.getByText('Fairy lights teaser').waitFor();
      // The charts load as she scrolls near them (a phone does not fetch them for the first screen).
      expect(await page.locator('svg.recharts-surface').count()).toBe(0);
      await page.locator('[data-tour="analytics"]').scrollIntoViewIfNeeded();
      await page.getByRole('heading', { name: 'Your analytics' }).waitFor();
      await page.screenshot({ path: '/tmp/dashboard-phone.png', fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(pageErrors(page)).toEqual([]);
    },
  );
});
