import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { syntheticPhoto } from '../apps/api/src/adapters/image/perceptual-hash/synthetic-images';
import { leakCasePageTexts as caseTexts, leakCaseStatusLabels } from '../packages/shared/src/leak-cases';
import { formatTraceDay, leakTraceTexts } from '../packages/shared/src/leak-trace';
import { mediaTexts, type MediaAsset } from '../packages/shared/src/media';
import type { ScheduledPost } from '../packages/shared/src/posts';
import { RedditStandIn } from '../apps/api/test/stand-ins/reddit';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';
import { callApiFromPage } from './support/page-api';
import { serveRedditConsent } from './support/reddit-consent';
import { isDark } from './support/theme';

const mailbox = await startMailbox();
const reddit = await RedditStandIn.start();
const redditUser = 'trace_tess';
const firstSubreddit = 'GoldenHourTests';
const secondSubreddit = 'BalconyLightTests';
const leakUrl = 'https://www.leaks.example/albums/tess/7781';

async function listedPosts(page: Page): Promise<ScheduledPost[]> {
  return page.evaluate(async () => (await fetch('/api/posts/scheduled')).json());
}

/** Found out there: the picture Reddit received, cropped unevenly (~10%) and saved again as JPEG q75. */
async function leakedCopyOf(sent: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(sent).metadata();
  const left = Math.round(width! * 0.07);
  const top = Math.round(height! * 0.02);
  return sharp(sent)
    .extract({
      left,
      top,
      width: width! - left - Math.round(width! * 0.03),
      height: height! - top - Math.round(height! * 0.09),
    })
    .jpeg({ quality: 75 })
    .toBuffer();
}

describe.skipIf(!browserCheck.available)('tracing a leak back to its post, in the browser', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url, ...reddit.env() } }));
  let folder: string;
  afterAll(async () => {
    await mailbox.close();
    await reddit.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('posts one photo to two subreddits, traces a cropped re-encode of the second to its post, and files a takedown case with its PDF', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'leak-journey-e2e-'));
    const photo = path.join(folder, 'balcony.jpg');
    const { data, width, height } = syntheticPhoto(1600, 1200);
    await sharp(Buffer.from(data), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 92 })
      .toFile(photo);
    reddit.addUser(redditUser, { link_karma: 4000, comment_karma: 900 });
    for (const name of [firstSubreddit, secondSubreddit])
      reddit.addSubreddit(name, { subscribers: 8000, allow_images: true });
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'trace_tess');
    const { page, context } = await journey.newPage({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await serveRedditConsent(page, reddit, redditUser);
    await logInThroughDialog(page, account.username, account.password);

    // 1. Connect the stand-in Reddit, upload the photo, post it to two subreddits.
    await page.goto('/reddit');
    await page.getByRole('button', { name: 'Connect Reddit' }).click();
    await page.waitForURL(`${reddit.baseUrl}/api/v1/authorize**`);
    await page.getByRole('link', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === '/reddit' && url.search === '');
    await page.goto('/gallery');
    await page.locator('input[type="file"]').setInputFiles([photo]);
    await page.getByRole('heading', { name: mediaTexts.galleryHeading(1) }).waitFor({ timeout: 30_000 });
    const [asset] = await page.evaluate(
      async () => (await (await fetch('/api/media')).json()) as MediaAsset[],
    );
    // The schedule form's own call, once per subreddit (the form is covered by reddit-scheduling.e2e).
    for (const subreddit of [firstSubreddit, secondSubreddit]) {
      const scheduled = await callApiFromPage(page, 'POST', '/api/posts/schedule', {
        subreddit,
        title: 'Golden hour on my balcony',
        timing: 'now',
        imageId: asset!.id,
      });
      expect(scheduled.status, JSON.stringify(scheduled.json)).toBe(201);
    }
    await expect
      .poll(async () => (await listedPosts(page)).map((post) => post.status), {
        timeout: 60_000,
        interval: 500,
      })
      .toEqual(['sent', 'sent']);
    expect(reddit.posts.map((post) => post.kind)).toEqual(['image', 'image']);
    expect(reddit.uploads.size).toBe(2);

    // 2. The picture the second post put on Reddit, as the world sees it, cropped and re-encoded.
    const secondPost = reddit.posts.find((post) => post.subreddit === secondSubreddit)!;
    const sentFile = reddit.uploads.get(secondPost.url!.split('/media-upload/')[1]!)!;
    const leaked = await leakedCopyOf(sentFile.data);
    const stored = (await listedPosts(page)).find((post) => post.subreddit === secondSubreddit)!;
    const sentAt = stored.sentAt!;

    async function traceOnPage() {
      await page.goto('/leaks/trace');
      await page.getByRole('heading', { level: 1, name: leakTraceTexts.pageTitle }).waitFor();
      await page.locator('input[type="file"]').setInputFiles({
        name: 'found-on-leaks-site.jpg',
        mimeType: 'image/jpeg',
        buffer: leaked,
      });
      await page.getByRole('heading', { name: leakTraceTexts.resultHeading }).waitFor({ timeout: 30_000 });
    }

    // 3. The answer names the second post: its subreddit and day, never the first's subreddit.
    await traceOnPage();
    const expected = `This is the copy you posted to r/${secondSubreddit} on ${formatTraceDay(sentAt)} from u/${redditUser}.`;
    await page.getByText(expected, { exact: true }).waitFor();
    expect(await page.getByText(/Read from the copy's invisible mark/).count()).toBe(1);
    expect(await page.getByText(`r/${firstSubreddit}`).count()).toBe(0);
    const postLink = page.getByRole('link', { name: leakTraceTexts.openPost });
    expect(await postLink.getAttribute('href')).toBe(reddit.permalink(secondPost));

    // The same step on a phone, light then dark.
    await page.setViewportSize({ width: 390, height: 844 });
    await traceOnPage();
    await page.getByText(expected, { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The answer sits under the upload card on a phone: the page brings it to the top by itself.
    const answerHeading = page.getByRole('heading', { name: leakTraceTexts.resultHeading });
    await expect.poll(async () => (await answerHeading.boundingBox())?.y ?? 9999).toBeLessThan(120);
    await page.screenshot({ path: '/tmp/leak-journey-trace-390-light.png', fullPage: true });
    await page.evaluate(() => {
      localStorage.setItem('creator-studio-theme', 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: 'creator-studio-theme', newValue: 'dark' }));
    });
    await expect.poll(() => isDark(page)).toBe(true);
    await page.screenshot({ path: '/tmp/leak-journey-trace-390-dark.png', fullPage: true });

    // 4. From the answer to a notice: her signature details, the address of the copy, the PDF and the text.
    const contact = await callApiFromPage(page, 'PUT', '/api/user/takedown-contact', {
      legalName: 'Tess Example',
      email: 'tess@example.com',
      postalAddress: 'PO Box 12\nPortland, OR 97201',
    });
    expect(contact.status, JSON.stringify(contact.json)).toBe(200);
    await page.getByRole('link', { name: leakTraceTexts.startTakedown }).click();
    await page.waitForURL('**/leaks/cases/new');
    await page.getByRole('heading', { name: caseTexts.fromTrace }).waitFor();
    expect(await page.getByLabel(caseTexts.workLabel).inputValue()).toContain(`r/${secondSubreddit}`);
    await page.getByLabel(caseTexts.urlsLabel).fill(leakUrl);
    await page.getByRole('button', { name: caseTexts.save }).click();
    await page.waitForURL(/\/leaks\/cases\/[0-9a-f-]{36}$/);
    const notice = page.getByLabel(caseTexts.noticeTextLabel);
    await notice.getByText('Signature: /Tess Example/').waitFor();
    expect(await notice.innerText()).toContain(leakUrl);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: caseTexts.downloadPdf }).click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThanOrEqual(1);
    await page.getByText(caseTexts.downloaded).waitFor();

    await page.getByRole('button', { name: caseTexts.copyNotice }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe((await notice.innerText()).trim());

    // 5. The case is listed, "Found" until she says the notice went out.
    await page.goto('/leaks/cases');
    const cases = page.getByRole('list', { name: caseTexts.listLabel });
    const item = cases.getByRole('listitem').filter({ hasText: 'leaks.example' });
    await item.waitFor();
    expect(await cases.getByRole('listitem').count()).toBe(1);
    // Its status badge (the list also has a "Found" date, a <dt>).
    await item
      .locator('span')
      .filter({ hasText: new RegExp(`^${leakCaseStatusLabels.found}$`) })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 150_000);
});
