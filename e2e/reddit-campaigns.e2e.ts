import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { campaignTexts, type Campaign } from '../packages/shared/src/campaigns';
import { mediaTexts } from '../packages/shared/src/media';
import { RedditStandIn } from '../apps/api/test/stand-ins/reddit';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';
import { phonePhoto } from './support/photos';
import { serveRedditConsent } from './support/reddit-consent';

const mailbox = await startMailbox();
const reddit = await RedditStandIn.start();
const redditUser = 'campaign_cleo';
const photoFile = path.join(await mkdtemp(path.join(tmpdir(), 'campaign-e2e-')), 'satin-set.jpg');
await phonePhoto(photoFile, 40);

async function api<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (path) => (await fetch(path)).json(), url) as Promise<T>;
}

describe.skipIf(!browserCheck.available)('Reddit campaigns in the browser', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url, ...reddit.env() } }));
  afterAll(async () => {
    await mailbox.close();
    await reddit.close();
  });

  it('plans a 10-subreddit campaign from one photo, fixes a rule on every row, confirms and sees it go out', async () => {
    reddit.addUser(redditUser, { link_karma: 25_000, comment_karma: 4_000 });
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'campaign_cleo');
    const { page } = await journey.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await serveRedditConsent(page, reddit, redditUser);
    await logInThroughDialog(page, account.username, account.password);

    // Ten communities that allow some promotion, from the seeded database, of the seeded database, each asking Reddit-side for "[OC]".
    const communities = await api<Array<{ name: string; promotionAllowed: string }>>(
      page,
      '/api/reddit/communities',
    );
    const names = communities
      .filter((community) => community.promotionAllowed !== 'no')
      .slice(0, 10)
      .map((community) => community.name);
    expect(names).toHaveLength(10);
    for (const name of names)
      reddit.addSubreddit(name, { allow_images: true, requirements: { title_required_strings: ['[OC]'] } });

    await page.goto('/reddit');
    await page.getByRole('button', { name: 'Connect Reddit' }).click();
    await page.waitForURL(`${reddit.baseUrl}/api/v1/authorize**`);
    await page.getByRole('link', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === '/reddit' && url.search === '');

    await page.goto('/gallery');
    await page.getByText(mediaTexts.emptyGallery).waitFor();
    await page.locator('input[type="file"]').setInputFiles([photoFile]);
    await page.getByRole('heading', { name: mediaTexts.galleryHeading(1) }).waitFor({ timeout: 30_000 });

    await page.goto('/reddit');
    await page.getByRole('link', { name: 'Campaigns' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reddit campaigns' }).waitFor();
    await page.getByText('No campaigns yet.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Add a photo from your gallery' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a photo' });
    await dialog
      .getByRole('list', { name: 'Your photos' })
      .getByRole('button', { name: /satin-set/ })
      .click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByLabel('Caption').fill('Red satin and candlelight, new set tonight');
    await page.getByLabel('First comment (optional)').fill('The whole set is pinned on my profile');
    await page.getByLabel('Post it').selectOption('0');
    const search = page.getByLabel('Search subreddits');
    for (const name of names) {
      await search.fill(name);
      await page
        .getByRole('button', { name: `Add r/${name}`, exact: true })
        .first()
        .click();
    }
    await page.getByText('10 of at most 10 picked', { exact: false }).waitFor();
    await page.getByLabel('At least this long between posts').selectOption('10');
    await page.screenshot({ path: '/tmp/campaign-form.png', fullPage: true });

    await page.getByRole('button', { name: 'Plan campaign' }).click();
    await page.getByText(campaignTexts.planned(10), { exact: false }).waitFor();
    const rows = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4 }) });
    expect(await rows.count()).toBe(10);
    expect(await page.getByText('Must fix', { exact: true }).count()).toBeGreaterThanOrEqual(10);
    await page.screenshot({ path: '/tmp/campaign-plan.png', fullPage: true });

    // One click per row: the title Reddit asks for.
    for (const name of names) {
      const row = rows.filter({ has: page.getByRole('heading', { name: `r/${name}` }) });
      await row
        .getByRole('button', { name: /Use this title/ })
        .first()
        .click();
      expect(await row.getByLabel(`Title for r/${name}`).inputValue()).toContain('[OC]');
    }
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/campaigns') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Schedule 10 posts' }).click(),
    ]);
    expect(created.status(), await created.text()).toBe(201);
    await page.getByText(campaignTexts.created(10), { exact: true }).waitFor();

    const list = page.getByRole('region', { name: 'Your campaigns' }).or(page.locator('body'));
    await list.getByRole('heading', { name: 'Red satin and candlelight, new set tonight' }).waitFor();
    const [campaign] = await api<Campaign[]>(page, '/api/campaigns');
    expect(campaign).toMatchObject({ status: 'active', counts: { pending: 10 } });
    const times = (
      await api<{ posts: Array<{ scheduledAt: string }> }>(page, `/api/campaigns/${campaign!.id}`)
    ).posts
      .map((post) => Date.parse(post.scheduledAt))
      .sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(10 * 60_000);

    // The first post goes out once its own protected copy is made; its title carries the fix.
    await expect.poll(() => reddit.posts.length, { timeout: 60_000, interval: 500 }).toBe(1);
    expect(reddit.posts[0]!.title).toContain('[OC]');
    expect(reddit.posts[0]!.kind).toBe('image');
    // Its first comment follows from the same account, once.
    await expect.poll(() => reddit.comments.length, { timeout: 30_000, interval: 500 }).toBe(1);
    expect(reddit.comments[0]).toMatchObject({
      author: redditUser,
      body: 'The whole set is pinned on my profile',
      postId: reddit.posts[0]!.id,
    });
    // The campaign's posts are on the calendar like any other: the one sent now in this week.
    await page.goto('/reddit');
    await page.getByRole('tab', { name: 'Week' }).click();
    await page
      .getByRole('button', { name: new RegExp(`^Sent .* r/${reddit.posts[0]!.subreddit}$`) })
      .waitFor({ timeout: 20_000 });
    await page.goto('/reddit/campaigns');
    await page.getByRole('button', { name: 'Show posts' }).click();
    await page.getByRole('link', { name: /View on Reddit/ }).waitFor({ timeout: 20_000 });
    await page.screenshot({ path: '/tmp/campaign-list.png', fullPage: true });

    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByText(campaignTexts.paused, { exact: true }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/campaign-phone.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(pageErrors(page)).toEqual([]);
  }, 240_000);
});
