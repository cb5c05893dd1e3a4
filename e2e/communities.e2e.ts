import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Community } from '../packages/shared/src/communities';
import { communitiesTexts } from '../packages/shared/src/messages';
import { countOf } from '../packages/shared/src/plural';
import { communitiesPageSize } from '../apps/web/src/features/communities/lib/community-search-params';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';

const mailbox = await startMailbox();

/** The list exactly as the page's own session sees it, so nothing about the seed is hard-coded. */
async function fetchCommunities(page: Page): Promise<Community[]> {
  return page.evaluate(async () => {
    const response = await fetch('/api/reddit/communities', { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET /api/reddit/communities: ${response.status}`);
    return (await response.json()) as Community[];
  });
}

const matches = (community: Community, term: string) =>
  [community.name, community.displayName, community.description].some((text) =>
    text.toLowerCase().includes(term.toLowerCase()),
  );

/** "5.0M" → 5 000 000, "12.5K" → 12 500, "999" → 999; "N/A" and "92%" read as numbers too. */
function readFigure(text: string): number {
  const value = Number.parseFloat(text.replace(/[^\d.]/g, ''));
  if (Number.isNaN(value)) return 0;
  return text.includes('M') ? value * 1_000_000 : text.includes('K') ? value * 1_000 : value;
}

async function column(page: Page, index: number): Promise<number[]> {
  const cells = await page.locator(`table tbody tr td:nth-child(${index}):not([colspan])`).allTextContents();
  return cells.map(readFigure);
}

const isDescending = (values: number[]) => values.every((value, i) => i === 0 || values[i - 1]! >= value);
const showing = (page: Page, count: number) =>
  page.getByText(`Showing ${countOf(count, { one: 'community', other: 'communities' })}`, { exact: true });
const rows = (page: Page) => page.locator('table tbody tr:not([id])');
const toggleOf = (row: Locator) => row.getByRole('button', { name: /^Details for r\// });

describe.skipIf(!browserCheck.available)('communities database in the browser', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url } }));
  afterAll(() => mailbox.close());

  it('a verified creator sees every community, filters, sorts and opens the details', async () => {
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'scout_sage');
    const { page, context } = await journey.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await logInThroughDialog(page, account.username, account.password);
    await page.goto('/reddit/communities');
    await page.getByRole('heading', { level: 1, name: communitiesTexts.title }).waitFor();

    const data = await fetchCommunities(page);
    expect(data.length).toBeGreaterThanOrEqual(180);
    await showing(page, data.length).waitFor();
    // The header and the panel name the same count, the database's own.
    await page.getByText(communitiesTexts.intro(data.length), { exact: true }).waitFor();
    await page.getByText(communitiesTexts.databaseSubtitle(data.length), { exact: true }).waitFor();
    // 25 a page (the rest behind the pager; e2e/paged-lists.e2e.ts walks the pages).
    expect(await rows(page).count()).toBe(Math.min(communitiesPageSize, data.length));
    const engagement = data.reduce((sum, community) => sum + community.engagementRate, 0) / data.length;
    expect(await page.getByRole('list', { name: 'Summary' }).getByRole('listitem').allTextContents()).toEqual(
      [
        `${communitiesTexts.totalCommunities}${data.length}`,
        `${communitiesTexts.avgEngagement}${engagement.toFixed(1)}%`,
        `${communitiesTexts.allowPromotion}${data.filter((c) => c.promotionAllowed === 'yes').length}`,
        `${communitiesTexts.requireVerification}${data.filter((c) => c.verificationRequired).length}`,
      ],
    );
    // Default sort: success rate, highest first.
    expect(isDescending(await column(page, 3))).toBe(true);
    await page.screenshot({ path: '/tmp/communities-desktop.png' });

    // Search narrows at once over name, display name and description.
    const search = page.getByLabel('Search communities', { exact: true });
    await search.fill('fit');
    await showing(page, data.filter((c) => matches(c, 'fit')).length).waitFor();
    await search.fill('');
    // Typed key by key on a CPU slowed down like a phone's, every key stays in the field while the
    // address follows (the router draws it in a transition), and the list narrows to the whole name.
    const term = data[0]!.name.toLowerCase();
    const cpu = await context.newCDPSession(page);
    await cpu.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await search.pressSequentially(term, { delay: 15 });
    await cpu.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(await search.inputValue()).toBe(term);
    await page.waitForURL((url) => url.searchParams.get('q') === term);
    await showing(page, data.filter((c) => matches(c, term)).length).waitFor();
    await search.fill('');

    // Category and promotion together, on a category that has promotion-friendly communities.
    const promoting = data.filter((c) => c.promotionAllowed === 'yes');
    const category = promoting[0]!.category;
    await page.getByLabel('Category', { exact: true }).selectOption(category);
    await showing(page, data.filter((c) => c.category === category).length).waitFor();
    await page.getByLabel('Promotion', { exact: true }).selectOption('yes');
    const both = promoting.filter((c) => c.category === category);
    await showing(page, both.length).waitFor();
    await page.getByLabel('Category', { exact: true }).selectOption('all');
    await showing(page, promoting.length).waitFor();
    await page.getByLabel('Promotion', { exact: true }).selectOption('all');
    await showing(page, data.length).waitFor();

    await page.getByLabel('Sort by', { exact: true }).selectOption('members');
    await expect.poll(async () => isDescending(await column(page, 2))).toBe(true);
    // Equal figures fall back to the name, case-insensitively.
    const biggest = [...data].sort(
      (a, b) => b.members - a.members || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
    )[0]!;
    expect(await rows(page).first().textContent()).toContain(`r/${biggest.name}`);

    // One detail row at a time: a row click opens it, another row's button moves it.
    const [first, second] = [rows(page).nth(0), rows(page).nth(1)];
    await first.click();
    expect(await toggleOf(first).getAttribute('aria-expanded')).toBe('true');
    for (const title of communitiesTexts.detailSections) {
      await page.getByRole('region', { name: title }).waitFor();
    }
    await page.locator('table tbody tr[id]').screenshot({ path: '/tmp/communities-desktop-details.png' });
    await toggleOf(second).click();
    expect(await toggleOf(first).getAttribute('aria-expanded')).toBe('false');
    expect(await toggleOf(second).getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('region', { name: 'Requirements' }).count()).toBe(1);

    // A phone: the same list as cards, in dark mode for a look at both themes.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('list', { name: communitiesTexts.databaseTitle }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: '/tmp/communities-phone-top.png' });
    expect(await page.getByRole('article').count()).toBe(Math.min(communitiesPageSize, data.length));
    await page.getByRole('article').first().click();
    await page.getByRole('region', { name: 'Best Posting Times' }).waitFor();
    await page.screenshot({ path: '/tmp/communities-phone.png' });
    await page.getByRole('region', { name: 'Best Posting Times' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/communities-phone-details.png' });

    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  // The access gate for unverified, banned and suspended users is covered by the unit tests
  // (communities-access.test.tsx): an unverified account cannot log in to reach this page, and
  // there is no public way to ban or suspend one from a journey.
});
