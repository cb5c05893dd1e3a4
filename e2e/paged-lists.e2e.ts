import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { communitiesTexts } from '../packages/shared/src/messages';
import { mediaTexts } from '../packages/shared/src/media';
import { pageSizeDefault } from '../packages/shared/src/paging';
import { browserCheck, pageErrors, useSeededJourney } from './support/journey';
import { chooseTheme, isDark } from './support/theme';
import { pendingTitle, photoName, seedLongLists, sentTitle } from './support/seed-long-lists';

/**
 * Issue 22, point 4 (docs/decisions/032-cursor-paging.md): a creator with 2,000 photos and 1,000
 * upcoming posts (and some sent ones) scrolls both lists to their ends, page by page, while the page
 * keeps only a few dozen of them in the DOM; the communities list pages 25 at a time on a phone, in
 * both themes.
 */

const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

/** The DOM holds only the rows near the viewport: far fewer items than the list has. */
const fewerThan = 200;

async function listItems(list: Locator): Promise<number> {
  return list.getByRole('listitem').count();
}

/**
 * Scrolls down with the mouse wheel, as a reader would, until `target` is in the page: each time
 * the end of the list comes into view the next page loads and the page grows, and the virtual list
 * draws the rows near the viewport. Gives up after `rounds`.
 */
async function scrollUntil(page: Page, target: Locator, rounds: number) {
  for (let round = 0; round < rounds; round++) {
    if ((await target.count()) > 0) return;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.mouse.wheel(0, height);
    await page
      .waitForFunction((before) => document.documentElement.scrollHeight > before, height, { timeout: 2_000 })
      .catch(() => undefined);
  }
  await target.waitFor({ timeout: 5_000 });
}

/** No sideways scrolling on a phone: everything fits the 390 px width. */
async function fitsTheWidth(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.skipIf(!browserCheck.available)('long lists in the browser', () => {
  const journey = useSeededJourney((dataDir) => seedLongLists(dataDir));

  it('scrolls the 2,000-photo gallery to its oldest photo with few cards in the page', async () => {
    const page = await journey.newPage({ sessionToken: journey.seeded.sessionToken, viewport: desktop });
    const pagesRead: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/media') pagesRead.push(url.search);
    });
    await page.goto('/gallery');
    await page.getByRole('heading', { level: 1, name: mediaTexts.galleryTitle }).waitFor();
    // The count comes from the storage usage, not from the first page of 50.
    await page.getByRole('heading', { level: 2, name: mediaTexts.galleryHeading(2_000) }).waitFor();
    const list = page.getByRole('list', { name: 'Your images' });
    await list.getByRole('button', { name: `View details of ${photoName(2_000)}` }).waitFor();
    expect(await listItems(list)).toBeLessThan(fewerThan);
    expect(pagesRead[0]).toBe('');

    const oldest = list.getByRole('button', { name: `View details of ${photoName(1)}` });
    await scrollUntil(page, oldest, 120);
    await page.getByText('That is all your images.').waitFor();
    await oldest.scrollIntoViewIfNeeded();
    expect(await oldest.isVisible()).toBe(true);
    expect(await oldest.locator('xpath=ancestor::*[@role="listitem"][1]').getAttribute('aria-posinset')).toBe(
      '2000',
    );
    // Every page was read once, each after the cursor the one before it named; the 40th, full as it
    // is, names no next page (the contract: the header only while another page exists).
    expect(pagesRead).toHaveLength(Math.ceil(2_000 / pageSizeDefault));
    expect(pagesRead.slice(1).every((search) => /^\?cursor=[\w-]+$/.test(search))).toBe(true);
    expect(new Set(pagesRead).size).toBe(pagesRead.length);
    // The newest photos went out of the DOM as the list scrolled past them.
    expect(await listItems(list)).toBeLessThan(fewerThan);
    expect(await list.getByRole('button', { name: `View details of ${photoName(2_000)}` }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/paged-gallery-end.png' });

    // Keyboard: the photo still opens its details, and focus comes back to it.
    await oldest.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: mediaTexts.detailsTitle });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The dialog hands focus back in the task after it closes (Radix's focus scope), not at once.
    await expect.poll(() => oldest.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });

  it('scrolls 1,000 upcoming posts, soonest first, to the last one on a phone, then the sent ones', async () => {
    const { pendingPosts, sentPosts } = journey.seeded;
    const page = await journey.newPage({ sessionToken: journey.seeded.sessionToken, viewport: phone });
    const pagesRead: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/posts/scheduled') pagesRead.push(url.search);
    });
    await page.goto('/reddit');
    const upcoming = page.getByRole('list', { name: 'Upcoming' });
    await upcoming.getByRole('article', { name: pendingTitle(1) }).waitFor();
    expect(await upcoming.getByRole('listitem').first().textContent()).toContain(pendingTitle(1));
    expect(await listItems(upcoming)).toBeLessThan(fewerThan);
    // The sent posts wait below until every upcoming one is in: nothing lands above the reader.
    const done = page.getByRole('list', { name: 'Sent and failed' });
    expect(await done.count()).toBe(0);

    const last = upcoming.getByRole('article', { name: pendingTitle(pendingPosts) });
    await scrollUntil(page, last, 60);
    await page.getByText('That is all your upcoming posts.').waitFor();
    await page.getByRole('heading', { name: `Upcoming (${pendingPosts})` }).waitFor();
    await last.scrollIntoViewIfNeeded();
    expect(await last.isVisible()).toBe(true);
    expect(await last.locator('xpath=ancestor::*[@role="listitem"][1]').getAttribute('aria-posinset')).toBe(
      String(pendingPosts),
    );
    expect(await listItems(upcoming)).toBeLessThan(fewerThan);
    expect(await upcoming.getByRole('article', { name: pendingTitle(1) }).count()).toBe(0);
    // Every upcoming page once (a poll may read loaded ones again), each after the cursor before it.
    const pendingPages = new Set(pagesRead.filter((search) => search.startsWith('?status=pending')));
    expect(pendingPages.size).toBe(Math.ceil(pendingPosts / pageSizeDefault));
    expect(
      [...pendingPages].slice(1).every((search) => /^\?status=pending&cursor=[\w-]+$/.test(search)),
    ).toBe(true);
    await page.screenshot({ path: '/tmp/paged-schedule-phone-upcoming-end.png' });

    const oldest = done.getByRole('article', { name: sentTitle(1) });
    await scrollUntil(page, oldest, 20);
    await page.getByText('That is all your scheduled posts.').waitFor();
    await page.getByRole('heading', { name: `Sent and failed (${sentPosts})` }).waitFor();
    await oldest.scrollIntoViewIfNeeded();
    expect(await oldest.isVisible()).toBe(true);
    expect(await oldest.locator('xpath=ancestor::*[@role="listitem"][1]').getAttribute('aria-posinset')).toBe(
      String(sentPosts),
    );
    const firstSentPage = pagesRead.findIndex((search) => search.startsWith('?status=done&cursor='));
    const lastNewPendingPage = pagesRead.findIndex(
      (search) => search === [...pendingPages][pendingPages.size - 1],
    );
    expect(firstSentPage).toBeGreaterThan(lastNewPendingPage);
    expect((await listItems(upcoming)) + (await listItems(done))).toBeLessThan(fewerThan);
    await fitsTheWidth(page);
    await page.screenshot({ path: '/tmp/paged-schedule-phone.png' });
    expect(pageErrors(page)).toEqual([]);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`pages through the communities 25 at a time on a 390 px phone, ${colorScheme}`, async () => {
      const page = await journey.newPage({
        sessionToken: journey.seeded.sessionToken,
        viewport: phone,
        colorScheme,
      });
      await page.goto('/reddit/communities');
      const cards = page.getByRole('list', { name: communitiesTexts.databaseTitle });
      await cards.getByRole('article').first().waitFor();
      // The account's own theme wins over the system's: pick the one this run looks at.
      await chooseTheme(page, colorScheme === 'dark' ? 'Dark' : 'Light');
      expect(await isDark(page)).toBe(colorScheme === 'dark');
      const total = await page.evaluate(async () => {
        const response = await fetch('/api/reddit/communities', { headers: { accept: 'application/json' } });
        return ((await response.json()) as unknown[]).length;
      });
      const pages = Math.ceil(total / 25);
      expect(await cards.getByRole('article').count()).toBe(25);
      const pager = page.getByRole('navigation', { name: 'Pages of communities' });
      await pager.getByText(`Page 1 of ${pages}`).waitFor();
      await fitsTheWidth(page);
      const firstOnPageOne = await cards.getByRole('article').first().getAttribute('aria-label');

      await pager.getByRole('link', { name: 'Next page' }).click();
      await expect.poll(() => new URL(page.url()).search).toBe('?page=2');
      await pager.getByText(`Page 2 of ${pages}`).waitFor();
      expect(await cards.getByRole('article').first().getAttribute('aria-label')).not.toBe(firstOnPageOne);
      await page.screenshot({ path: `/tmp/paged-communities-phone-${colorScheme}.png` });

      // The address is the view: a reload (or a shared link) opens the same page.
      await page.reload();
      await pager.getByText(`Page 2 of ${pages}`).waitFor();

      // To the last page, which holds the rest.
      for (let at = 2; at < pages; at++) await pager.getByRole('link', { name: 'Next page' }).click();
      await pager.getByText(`Page ${pages} of ${pages}`).waitFor();
      expect(await cards.getByRole('article').count()).toBe(total - 25 * (pages - 1));
      expect(await pager.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);

      // A filter starts its own list at page 1, and is kept in the address with the sort.
      await page.getByLabel('Sort by', { exact: true }).selectOption('members');
      await page.getByLabel('Promotion', { exact: true }).selectOption('yes');
      // The address changes in place (no navigation to wait for): poll it.
      await expect.poll(() => new URL(page.url()).search).toBe('?sort=members&promotion=yes');
      const shared = page.url();
      const again = await journey.newPage({
        sessionToken: journey.seeded.sessionToken,
        viewport: phone,
        colorScheme,
      });
      await again.goto(shared);
      await again
        .getByRole('list', { name: communitiesTexts.databaseTitle })
        .getByRole('article')
        .first()
        .waitFor();
      expect(await again.getByLabel('Promotion', { exact: true }).inputValue()).toBe('yes');
      expect(await again.getByLabel('Sort by', { exact: true }).inputValue()).toBe('members');
      await fitsTheWidth(again);
      expect(pageErrors(page)).toEqual([]);
      expect(pageErrors(again)).toEqual([]);
    });
  }
});
