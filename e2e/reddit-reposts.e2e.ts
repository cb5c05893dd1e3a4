import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mediaTexts, type MediaAsset } from '../packages/shared/src/media';
import type { ScheduledPost } from '../packages/shared/src/posts';
import { repostTexts, type RepostSeries } from '../packages/shared/src/reposts';
import { accountFlowTexts } from '../packages/shared/src/messages';
import { repostPageTexts } from '../apps/web/src/features/reddit/lib/repost-texts';
import { RedditStandIn } from '../apps/api/test/stand-ins/reddit';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { callApiFromPage } from './support/page-api';
import { browserCheck, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';
import { phonePhoto } from './support/photos';
import { serveRedditConsent } from './support/reddit-consent';

const mailbox = await startMailbox();
const reddit = await RedditStandIn.start();
const redditUser = 'repost_rae';
const subreddit = 'BalconyMoods';
const title = 'Sunday light on the balcony';
const photoFile = path.join(await mkdtemp(path.join(tmpdir(), 'reposts-e2e-')), 'balcony-set.jpg');
await phonePhoto(photoFile, 200);

/** The answer's body of an API call from the page (see support/page-api.ts). */
const api = async <T>(page: Page, method: string, url: string, body?: unknown) =>
  (await callApiFromPage<T>(page, method, url, body)).json;

describe.skipIf(!browserCheck.available)('Recurring reposts in the browser', () => {
  // Engagement checks within seconds of sending instead of 15 minutes, so a removal shows in one run.
  const journey = useJourney(async () => ({
    env: { SMTP_URL: mailbox.url, ...reddit.env(), ENGAGEMENT_CHECK_MINUTES: '0.05,0.5,1,1.5,2,3' },
  }));
  afterAll(async () => {
    await mailbox.close();
    await reddit.close();
  });

  it('sets up a repost of a sent photo post and sees it stop by itself, saying why, once moderators remove the post', async () => {
    reddit.addUser(redditUser, { link_karma: 8000, comment_karma: 900 });
    reddit.addSubreddit(subreddit, { subscribers: 40_000, allow_images: true });
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'repost_rae');
    const { page } = await journey.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await serveRedditConsent(page, reddit, redditUser);
    await logInThroughDialog(page, account.username, account.password);
    await page.goto('/reddit');
    await page.getByRole('button', { name: 'Connect Reddit' }).click();
    await page.waitForURL(`${reddit.baseUrl}/api/v1/authorize**`);
    await page.getByRole('link', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === '/reddit' && url.search === '');
    await page.getByText(accountFlowTexts.redditConnectedTitle, { exact: true }).waitFor();

    await page.goto('/gallery');
    await page.getByText(mediaTexts.emptyGallery).waitFor();
    await page.locator('input[type="file"]').setInputFiles([photoFile]);
    await page.getByRole('heading', { name: mediaTexts.galleryHeading(1) }).waitFor({ timeout: 30_000 });
    const [photo] = await api<MediaAsset[]>(page, 'GET', '/api/media');
    // Scheduling itself is the scheduling journey's subject: here the post is set up through the API.
    const scheduled = await api<{ post: ScheduledPost }>(page, 'POST', '/api/posts/schedule', {
      subreddit,
      title,
      imageId: photo!.id,
      timing: 'now',
    });
    expect(scheduled.post.status).toBe('pending');
    await expect.poll(() => reddit.posts.length, { timeout: 45_000, interval: 500 }).toBe(1);
    const sent = reddit.posts[0]!;
    expect(sent).toMatchObject({ title, kind: 'image', subreddit });

    await page.goto('/reddit');
    const card = page.getByRole('article', { name: title });
    await card.getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: repostPageTexts.openFor(title) }).click();
    const dialog = page.getByRole('dialog', { name: repostPageTexts.dialogTitle });
    await dialog.getByLabel(repostPageTexts.everyLabel).selectOption('7');
    await dialog.getByRole('button', { name: repostPageTexts.save }).click();
    await page.getByText(repostTexts.created(7, 1), { exact: true }).waitFor();
    const series = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `r/${subreddit}`, exact: true }) })
      .filter({ hasText: repostPageTexts.every(7) });
    await series.getByText(repostPageTexts.statusNames.active, { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/reposts-active.png', fullPage: true });

    // The moderators take the post down. The next engagement check sees it, and the series stops.
    sent.removed_by_category = 'moderator';
    await expect
      .poll(
        async () => {
          const [only] = await api<RepostSeries[]>(page, 'GET', '/api/reposts');
          return only?.status;
        },
        { timeout: 200_000, interval: 2000 },
      )
      .toBe('stopped');
    const [seriesNow] = await api<RepostSeries[]>(page, 'GET', '/api/reposts');
    expect(seriesNow!.stoppedReason).toMatch(
      new RegExp(
        `^Stopped: your repost in r/${subreddit} was removed by the moderators on \\d{4}-\\d{2}-\\d{2}\\.`,
      ),
    );

    // The creator sees it on her page, in plain words, and no further round was made.
    await page.reload();
    await series.getByText(repostPageTexts.statusNames.stopped, { exact: true }).waitFor();
    await series.getByText(seriesNow!.stoppedReason!, { exact: true }).waitFor();
    await series.getByRole('button', { name: `${repostPageTexts.resume}: r/${subreddit}` }).waitFor();
    // The sent card, grown by its removal and engagement lines, stays inside its list: nothing overlaps.
    await card.getByText('Removed by the moderators', { exact: true }).waitFor();
    const cardBox = (await card.boundingBox())!;
    const repostsBox = (await page.getByRole('heading', { name: repostPageTexts.listTitle }).boundingBox())!;
    expect(cardBox.y + cardBox.height).toBeLessThan(repostsBox.y);
    await page.screenshot({ path: '/tmp/reposts-stopped.png', fullPage: true });
    expect(reddit.posts).toHaveLength(1);
  }, 300_000);
});
