import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accountFlowTexts } from '../packages/shared/src/messages';
import { scheduleTexts, type ScheduledPost } from '../packages/shared/src/posts';
import { RedditStandIn } from '../apps/api/test/stand-ins/reddit';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';
import { serveRedditConsent } from './support/reddit-consent';

const mailbox = await startMailbox();
const reddit = await RedditStandIn.start();
const subreddit = 'CreatorStudioTests';
const redditUser = 'velvet_posts';

async function listedPosts(page: Page): Promise<ScheduledPost[]> {
  return page.evaluate(async () => (await fetch('/api/posts/scheduled')).json());
}

describe.skipIf(!browserCheck.available)('Reddit scheduling in the browser', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url, ...reddit.env() } }));
  afterAll(async () => {
    await mailbox.close();
    await reddit.close();
  });

  it('connects a Reddit account, schedules a post for now and sees it sent with its link', async () => {
    reddit.addUser(redditUser, { link_karma: 1200, comment_karma: 300 });
    reddit.addSubreddit(subreddit, { subscribers: 5000 });
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'poster_pia');
    const { page } = await journey.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await serveRedditConsent(page, reddit, redditUser);
    await logInThroughDialog(page, account.username, account.password);

    await page.goto('/reddit');
    await page.getByRole('heading', { level: 1, name: 'Reddit Posting' }).waitFor();
    await page.getByRole('heading', { name: 'No Reddit account connected yet' }).waitFor();
    await page.getByRole('heading', { name: 'Nothing scheduled yet' }).waitFor();
    await page.screenshot({ path: '/tmp/reddit-empty.png', fullPage: true });

    // Connect: to Reddit's consent page, Allow, and back to /reddit with a confirmation.
    await page.getByRole('button', { name: 'Connect Reddit' }).click();
    await page.waitForURL(`${reddit.baseUrl}/api/v1/authorize**`);
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get('duration')).toBe('permanent');
    await page.getByRole('link', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === '/reddit' && url.search === '');
    await page.getByText(accountFlowTexts.redditConnectedTitle, { exact: true }).waitFor();
    const accounts = page.getByRole('list', { name: 'Connected Reddit accounts' });
    await accounts.getByText(`u/${redditUser}`).waitFor();
    await page.screenshot({ path: '/tmp/reddit-connected.png', fullPage: true });

    // docs/product.md#reddit-posting: nothing is sent without subreddit and title.
    const form = page.getByRole('form', { name: 'Schedule a post' });
    await form.getByRole('button', { name: 'Schedule post' }).click();
    await page.getByText(scheduleTexts.missingInformationTitle, { exact: true }).waitFor();
    await page.getByText(scheduleTexts.missingInformation, { exact: true }).waitFor();
    expect(await listedPosts(page)).toEqual([]);

    await form.getByLabel('Subreddit').fill(subreddit);
    await form.getByLabel('Title').fill('Golden hour on my balcony');
    await form.getByLabel('Text (optional)').fill('First post from Creator Studio.');
    expect(
      await form
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value)),
    ).toEqual(['optimal', 'now', '1h', '6h', '12h', '24h', 'custom']);
    await form.getByRole('radio', { name: /^Now/ }).check();
    await page.screenshot({ path: '/tmp/reddit-form-filled.png', fullPage: true });
    const [answer] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/posts/schedule') && response.request().method() === 'POST',
      ),
      form.getByRole('button', { name: 'Post now' }).click(),
    ]);
    expect(answer.status(), await answer.text()).toBe(201);
    expect(answer.request().postDataJSON()).toEqual({
      subreddit,
      title: 'Golden hour on my balcony',
      body: 'First post from Creator Studio.',
      timing: 'now',
    });
    await page.getByText(scheduleTexts.scheduled, { exact: true }).waitFor();

    // The list follows the post until the sender has put it on Reddit.
    const card = page.getByRole('article', { name: 'Golden hour on my balcony' });
    await card.waitFor();
    const link = card.getByRole('link', { name: /View on Reddit/ });
    await link.waitFor({ timeout: 45_000 });
    expect(await card.locator('[data-status]').textContent()).toBe('Sent');
    // One toast shows at a time, so the notice may still wait behind 'Post scheduled': present is enough.
    await page
      .locator('[data-sonner-toast]', { hasText: 'Your post is live on Reddit' })
      .waitFor({ state: 'attached' });
    const posted = reddit.posts.find((post) => post.title === 'Golden hour on my balcony');
    expect(posted).toMatchObject({
      author: redditUser,
      subreddit,
      kind: 'self',
      text: 'First post from Creator Studio.',
    });
    expect(await link.getAttribute('href')).toBe(reddit.permalink(posted!));
    expect(await link.getAttribute('target')).toBe('_blank');
    const [stored] = await listedPosts(page);
    expect(stored).toMatchObject({ status: 'sent', resultJson: { url: reddit.permalink(posted!) } });
    await page.screenshot({ path: '/tmp/reddit-sent.png' });

    // A later post waits as pending; it can be edited, then cancelled after a confirmation.
    await form.getByLabel('Title').fill('Tomorrow teaser');
    await form.getByRole('radio', { name: /In 24 hours/ }).check();
    await form.getByRole('button', { name: 'Schedule post' }).click();
    const later = page
      .getByRole('list', { name: 'Upcoming' })
      .getByRole('article', { name: 'Tomorrow teaser' });
    await later.getByText(/^Goes out (Today|Tomorrow), /).waitFor();
    expect(await later.locator('[data-status]').textContent()).toBe('Pending');
    await later.getByRole('button', { name: 'Edit: Tomorrow teaser' }).click();
    const editForm = page.getByRole('form', { name: 'Edit scheduled post' });
    await editForm.getByLabel('Title').fill('Tomorrow: a new teaser');
    await page.screenshot({ path: '/tmp/reddit-editing.png' });
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(scheduleTexts.updated, { exact: true }).waitFor();
    const edited = page.getByRole('article', { name: 'Tomorrow: a new teaser' });
    await edited.waitFor();
    await edited.getByRole('button', { name: 'Cancel post: Tomorrow: a new teaser' }).click();
    await page
      .getByRole('alertdialog', { name: 'Cancel this scheduled post?' })
      .getByRole('button', { name: 'Cancel post' })
      .click();
    await page.getByText(scheduleTexts.cancelled, { exact: true }).waitFor();
    await edited.waitFor({ state: 'detached' });
    expect((await listedPosts(page)).map((post) => post.titleFinal)).toEqual(['Golden hour on my balcony']);
    expect(reddit.posts).toHaveLength(1);

    // The enterprise Scheduler tab shows the same list.
    await page.goto('/enterprise?tab=scheduler');
    const panel = page.getByRole('tabpanel');
    await panel
      .getByRole('article', { name: 'Golden hour on my balcony' })
      .getByRole('link', { name: /View on Reddit/ })
      .waitFor();
    await page.screenshot({ path: '/tmp/enterprise-scheduler.png', fullPage: true });

    // A phone-sized screen keeps everything reachable.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/reddit');
    await page.getByRole('article', { name: 'Golden hour on my balcony' }).waitFor();
    await page.screenshot({ path: '/tmp/reddit-mobile.png', fullPage: true });
    // Nothing is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(pageErrors(page)).toEqual([]);
  });
});
