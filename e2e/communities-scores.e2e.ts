import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { communityFactTexts } from '../packages/shared/src/community-facts';
import { successTexts } from '../packages/shared/src/community-score';
import { communitiesTexts } from '../packages/shared/src/messages';
import { browserCheck, pageErrors, useSeededJourney } from './support/journey';
import { seedCommunityRemovals } from './support/seed-community-removals';

/** A large seeded community whose minimum karma is not published, and whose rules are the seed's shared text. */
const learnedIn = 'Amateur';

const desktop = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };

interface Listed {
  name: string;
  successProbability: number | null;
}

async function listed(page: Page): Promise<Listed[]> {
  return page.evaluate(async () => (await (await fetch('/api/reddit/communities')).json()) as Listed[]);
}

describe.skipIf(!browserCheck.available)('community scores in the browser', () => {
  const journey = useSeededJourney((dataDir) => seedCommunityRemovals(dataDir, learnedIn));

  it('spreads the seeded communities over the three colours, each explained in its details', async () => {
    const page = await journey.newPage({ sessionToken: journey.seeded.sessionToken, viewport: desktop });
    await page.goto('/reddit/communities');
    await page.getByRole('heading', { level: 1, name: communitiesTexts.title }).waitFor();
    const data = await listed(page);
    const tones = { success: 0, warning: 0, destructive: 0 };
    for (const { successProbability: p } of data)
      if (p !== null) tones[p >= 85 ? 'success' : p >= 70 ? 'warning' : 'destructive'] += 1;
    // Each colour on at least a twentieth of the rows, none on more than three fifths.
    for (const count of Object.values(tones)) expect(count / data.length).toBeGreaterThanOrEqual(0.05);
    expect(Math.max(...Object.values(tones)) / data.length).toBeLessThanOrEqual(0.6);

    // The page paints the same colours: green, amber and red badges on the first pages.
    const painted = new Set<string>();
    for (const sort of ['success', 'members']) {
      await page.goto(`/reddit/communities?sort=${sort}`);
      await page.locator('table tbody [data-tone]').first().waitFor();
      for (const tone of await page
        .locator('table tbody [data-tone]')
        .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-tone'))))
        painted.add(tone!);
    }
    await page.goto('/reddit/communities?sort=success&page=4');
    await page.locator('table tbody [data-tone]').first().waitFor();
    for (const tone of await page
      .locator('table tbody [data-tone]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-tone'))))
      painted.add(tone!);
    // The success column's colours (other badges carry a tone of their own, e.g. neutral).
    for (const tone of ['success', 'warning', 'destructive']) expect(painted).toContain(tone);

    // A large community that allows her kind of post does not read as a penalty, and says why.
    await page.goto('/reddit/communities?q=RealGirls');
    const row = page.locator('table tbody tr', { hasText: 'r/RealGirls' }).first();
    await row.getByRole('button', { name: 'Details for r/RealGirls', exact: true }).click();
    const performance = page.getByRole('region', { name: 'Performance' });
    await expect.poll(() => performance.textContent()).toContain(successTexts.definition);
    expect(
      await performance.getByRole('list', { name: 'What moved it' }).getByRole('listitem').count(),
    ).toBeGreaterThan(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('shows the karma learned from removals, never as the published rule, on a phone', async () => {
    const page = await journey.newPage({ sessionToken: journey.seeded.sessionToken, viewport: phone });
    await page.goto(`/reddit/communities?q=${learnedIn}`);
    await page.getByRole('heading', { level: 1, name: communitiesTexts.title }).waitFor();
    await page.getByRole('button', { name: `Details for r/${learnedIn}`, exact: true }).click();
    const requirements = page.getByRole('region', { name: 'Requirements' });
    const expected = communityFactTexts.learnedKarma({ value: 100, posts: journey.seeded.posts });
    await requirements.getByText(expected).waitFor();
    await requirements.getByText(communityFactTexts.learnedNote).waitFor();
    await requirements.getByText('Curated, not verified').waitFor();
    // The seed's shared content-rule text is named as such, with the way to the real rules.
    const rules = page.getByRole('region', { name: 'Community Rules' });
    await rules.getByRole('link', { name: `r/${learnedIn}'s rules on Reddit` }).waitFor();
    await requirements.scrollIntoViewIfNeeded();
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/communities-learned-phone.png` });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    expect(pageErrors(page)).toEqual([]);
  });
});
