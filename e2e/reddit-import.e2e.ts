import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mediaTexts } from '../packages/shared/src/media';
import type { ScheduledPost } from '../packages/shared/src/posts';
import { csvImportTexts } from '../packages/shared/src/posts-import';
import { RedditStandIn } from '../apps/api/test/stand-ins/reddit';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';
import { phonePhoto } from './support/photos';
import { serveRedditConsent } from './support/reddit-consent';

const mailbox = await startMailbox();
const reddit = await RedditStandIn.start();
const redditUser = 'import_ida';
const subreddit = 'CreatorStudioImports';
const photoFile = path.join(await mkdtemp(path.join(tmpdir(), 'import-e2e-')), 'lace-set.jpg');
await phonePhoto(photoFile, 200);

/** "YYYY-MM-DD" some days ahead. */
const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function listedPosts(page: Page): Promise<ScheduledPost[]> {
  return page.evaluate(async () => (await fetch('/api/posts/scheduled')).json());
}

const csvFile = (text: string) => ({ name: 'posts.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

describe.skipIf(!browserCheck.available)('Reddit bulk import in the browser', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url, ...reddit.env() } }));
  afterAll(async () => {
    await mailbox.close();
    await reddit.close();
  });

  it('uploads a CSV with a bad row, reads the report, uploads the fixed file and schedules every post', async () => {
    reddit.addUser(redditUser, { link_karma: 5000, comment_karma: 800 });
    reddit.addSubreddit(subreddit, { subscribers: 5000, allow_images: true });
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'import_ida');
    const { page } = await journey.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await serveRedditConsent(page, reddit, redditUser);
    await logInThroughDialog(page, account.username, account.password);

    await page.goto('/reddit');
    await page.getByRole('button', { name: 'Connect Reddit' }).click();
    await page.waitForURL(`${reddit.baseUrl}/api/v1/authorize**`);
    await page.getByRole('link', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === '/reddit' && url.search === '');

    await page.goto('/gallery');
    await page.getByText(mediaTexts.emptyGallery).waitFor();
    await page.locator('input[type="file"]').setInputFiles([photoFile]);
    await page.getByRole('heading', { name: mediaTexts.galleryHeading(1) }).waitFor({ timeout: 30_000 });

    await page.goto('/reddit/campaigns');
    const card = page
      .locator('div', { has: page.getByRole('heading', { name: csvImportTexts.title }) })
      .last();
    await card.getByRole('heading', { name: csvImportTexts.title }).waitFor();
    const example = await page.evaluate(async () => (await fetch('/api/posts/import/example.csv')).text());
    expect(example.split('\r\n')[0]).toBe('photo,subreddit,title,time,flair,first comment');

    const rows = [
      'photo,subreddit,title,time,flair,first comment',
      `lace-set.jpg,${subreddit},Lace and morning light,${dateIn(2)} 18:30,,Thanks for looking!`,
      `,${subreddit},Ask me anything about my setup,${dateIn(3)} 18:30,,`,
      `,${subreddit},=HYPERLINK("http://evil.example"),${dateIn(4)} 18:30,,`,
    ];
    const input = card.getByLabel(csvImportTexts.fileLabel);
    await input.setInputFiles(csvFile(rows.join('\n')));
    const badLine = card.getByRole('listitem', { name: 'Line 4' });
    await badLine.getByText(csvImportTexts.formula('title'), { exact: false }).waitFor();
    await card.getByText(`${csvImportTexts.rowsNeedFixing(1)} ${csvImportTexts.fixAndRetry}`).waitFor();
    const schedule = card.getByRole('button', { name: csvImportTexts.confirm(3) });
    expect(await schedule.isDisabled()).toBe(true);
    await page.screenshot({ path: '/tmp/reddit-import-report-390.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await listedPosts(page)).toEqual([]);

    rows[3] = `,${subreddit},Behind the scenes of the lace shoot,${dateIn(4)} 18:30,,`;
    await input.setInputFiles(csvFile(rows.join('\n')));
    await card.getByText(csvImportTexts.allGood(3)).waitFor();
    await page.screenshot({ path: '/tmp/reddit-import-ready-390.png', fullPage: true });
    await schedule.click();
    await page.getByText(csvImportTexts.imported(3), { exact: true }).waitFor();

    const posts = (await listedPosts(page)).sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
    expect(posts.map((post) => [post.titleFinal, post.status, post.subreddit])).toEqual([
      ['Lace and morning light', 'pending', subreddit],
      ['Ask me anything about my setup', 'pending', subreddit],
      ['Behind the scenes of the lace shoot', 'pending', subreddit],
    ]);
    expect(posts[0]!.imageId).not.toBeNull();
    expect(posts[0]!.firstComment?.text).toBe('Thanks for looking!');
    // The times were read in the browser's zone.
    const expected = await page.evaluate((local) => new Date(local).toISOString(), `${dateIn(2)}T18:30`);
    expect(posts[0]!.scheduledAt).toBe(expected);

    await page.goto('/reddit');
    await page.getByRole('article', { name: 'Lace and morning light' }).waitFor();
    await page.screenshot({ path: '/tmp/reddit-import-scheduled-390.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(pageErrors(page)).toEqual([]);
  });
});
