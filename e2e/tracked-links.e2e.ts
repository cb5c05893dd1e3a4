import { afterAll, describe, expect, it } from 'vitest';
import { linkTexts } from '../packages/shared/src/links';
import { scheduleTexts, type ScheduledPost } from '../packages/shared/src/posts';
import { RedditStandIn } from '../apps/api/test/stand-ins/reddit';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';
import { serveRedditConsent } from './support/reddit-consent';

const mailbox = await startMailbox();
const reddit = await RedditStandIn.start();
const redditUser = 'linked_lena';
const subreddits = ['LinkTestsOne', 'LinkTestsTwo'];
const visitorAgent = (n: number) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${n} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148`;

describe.skipIf(!browserCheck.available)('tracked links in the browser', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url, ...reddit.env() } }));
  afterAll(async () => {
    await mailbox.close();
    await reddit.close();
  });

  it('creates a link, puts it in two posts’ first comments and sees visitors by subreddit, crawlers apart', async () => {
    reddit.addUser(redditUser, { link_karma: 5000, comment_karma: 500 });
    for (const name of subreddits) reddit.addSubreddit(name, { subscribers: 5000 });
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'linked_lena');
    const { page } = await journey.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await serveRedditConsent(page, reddit, redditUser);
    await logInThroughDialog(page, account.username, account.password);

    await page.goto('/links');
    await page.getByRole('heading', { level: 1, name: 'Tracked links' }).waitFor();
    await page.getByLabel('Name').fill('OnlyFans');
    await page.getByLabel('Leads to').fill('onlyfans');
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.getByRole('alert').filter({ hasText: linkTexts.urlInvalid }).waitFor();
    await page.getByLabel('Leads to').fill('https://onlyfans.com/lena');
    await page.getByRole('button', { name: 'Create link' }).click();
    const card = page.getByRole('listitem', { name: 'OnlyFans' });
    await card.waitFor();
    const shortUrl = (await card.locator('code').textContent())!;
    expect(shortUrl).toMatch(new RegExp(`^${journey.baseUrl}/l/[A-Za-z0-9]{8}$`));

    await page.goto('/reddit');
    await page.getByRole('button', { name: 'Connect Reddit' }).click();
    await page.waitForURL(`${reddit.baseUrl}/api/v1/authorize**`);
    await page.getByRole('link', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === '/reddit' && url.search === '');
    const form = page.getByRole('form', { name: 'Schedule a post' });
    for (const name of subreddits) {
      await form.getByLabel('Subreddit').fill(name);
      await form.getByLabel('Title').fill(`New set in ${name}`);
      await form.getByLabel('First comment (optional)').fill(`Everything is here: ${shortUrl}`);
      await form.getByLabel('Post the first comment').selectOption('0');
      await form.getByRole('radio', { name: /^Now/ }).check();
      const [answer] = await Promise.all([
        page.waitForResponse(
          (r) => r.url().endsWith('/api/posts/schedule') && r.request().method() === 'POST',
        ),
        form.getByRole('button', { name: 'Post now' }).click(),
      ]);
      expect(answer.status(), await answer.text()).toBe(201);
    }
    await page.getByText(scheduleTexts.scheduled, { exact: true }).first().waitFor();
    // Both go out to the stand-in Reddit, each first comment with its own copy of the link.
    await expect.poll(() => reddit.comments.length, { timeout: 60_000, interval: 500 }).toBe(2);
    const posts: ScheduledPost[] = await page.evaluate(async () =>
      (await fetch('/api/posts/scheduled')).json(),
    );
    expect(posts.map((post) => post.status)).toEqual(['sent', 'sent']);
    expect(reddit.comments.map((comment) => comment.body).sort()).toEqual(
      posts.map((post) => post.firstComment!.text).sort(),
    );
    const variants = Object.fromEntries(
      posts.map((post) => [post.subreddit, post.firstComment!.text.replace('Everything is here: ', '')]),
    );
    expect(new Set(Object.values(variants)).size).toBe(2);
    expect(Object.values(variants)).not.toContain(shortUrl);

    // Two visitors from the first subreddit's post (one clicks twice), one from the second, and
    // Reddit's preview fetcher: the visitors count by subreddit, the fetcher apart.
    const follow = async (url: string, agent: string) => {
      const answer = await fetch(url, { redirect: 'manual', headers: { 'user-agent': agent } });
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe('https://onlyfans.com/lena');
    };
    await follow(variants[subreddits[0]!]!, visitorAgent(1));
    await follow(variants[subreddits[0]!]!, visitorAgent(1));
    await follow(variants[subreddits[0]!]!, visitorAgent(2));
    await follow(variants[subreddits[1]!]!, visitorAgent(3));
    await follow(
      variants[subreddits[1]!]!,
      'Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)',
    );

    await page.goto('/links');
    const counted = page.getByRole('listitem', { name: 'OnlyFans' });
    await counted.getByText('3 visitors', { exact: true }).waitFor();
    await counted.getByText(/1 from link previews and crawlers, counted apart/).waitFor();
    const rows = counted.getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(
      await counted.getByRole('row', { name: new RegExp(`r/${subreddits[0]}`) }).textContent(),
    ).toContain('2 visitors');
    expect(
      await counted.getByRole('row', { name: new RegExp(`r/${subreddits[1]}`) }).textContent(),
    ).toContain('1 visitor');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/links-phone.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Results: the same visitors by subreddit, next to the posts that brought them.
    await page.goto('/results?days=7');
    await page.getByRole('heading', { level: 1, name: 'Results' }).waitFor();
    await page.getByRole('status').filter({ hasText: '2 posts sent · 3 visitors · 0 removed' }).waitFor();
    const table = page.getByRole('table');
    expect(await table.getByRole('row', { name: new RegExp(`r/${subreddits[0]}`) }).textContent()).toMatch(
      /^r\/LinkTestsOne12/,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/results-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/links');

    // Deleted: every copy stops redirecting, and a page says so without telling anything else.
    await counted.getByRole('button', { name: 'Delete OnlyFans' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(linkTexts.deleted, { exact: true }).waitFor();
    const dead = await fetch(variants[subreddits[0]!]!, {
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(dead.status).toBe(404);
    expect(await dead.text()).toContain(linkTexts.missingText);
    expect(pageErrors(page)).toEqual([]);
  }, 180_000);
});
