import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageErrors, browserCheck, useSeededJourney } from './support/journey';
import { seedLongLists } from './support/seed-long-lists';

// Decision 056: a signed-in page's heading comes in the server's HTML, so a phone shows the page's
// title and intro before the app's script has run, and the app then draws them in the same place.
const framed = [
  {
    path: '/dashboard',
    title: 'Dashboard',
    intro: 'Your daily overview: what you created, what is scheduled and how much room is left.',
  },
  {
    path: '/gallery',
    title: 'Media Gallery',
    intro: 'All your images in one place, ready to protect, repost or download.',
  },
  {
    path: '/history',
    title: 'Content History',
    intro: 'Every caption and post you generated, searchable and ready to reuse.',
  },
  {
    // Sent posts' cards grow with their engagement lines after the page is drawn over the frame.
    path: '/reddit',
    title: 'Reddit Posting',
    intro:
      'Connect your Reddit account, schedule posts for the right time and see what happened to each one.',
  },
] as const;
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

/** Where the page's heading and intro are drawn. */
async function headingBoxes(page: Page, title: string, intro: string) {
  const heading = page.getByRole('heading', { level: 1, name: title });
  await heading.waitFor();
  return {
    heading: await heading.boundingBox(),
    intro: await page.getByText(intro, { exact: true }).boundingBox(),
  };
}

describe.skipIf(!browserCheck.available)('signed-in page frames (decision 056)', () => {
  const journey = useSeededJourney((dataDir) =>
    seedLongLists(dataDir, { photos: 40, pendingPosts: 5, sentPosts: 5 }),
  );

  it("sends a signed-in page's title and heading as HTML with a session cookie, and the bare page without one", async () => {
    for (const { path, title, intro } of framed) {
      const signedIn = await fetch(`${journey.baseUrl}${path}`, { headers: { cookie: 'sid=anything' } });
      const html = await signedIn.text();
      expect(html, path).toContain(`<title>${title} · Creator Studio</title>`);
      expect(html, path).toContain('<div id="root" data-signed-in-frame>');
      expect(html, path).toContain(`>${title}</h1>`);
      expect(html, path).toContain(`>${intro}</p>`);
      expect(html, path).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      const visitor = await (await fetch(`${journey.baseUrl}${path}`)).text();
      expect(visitor, path).toContain('<div id="root"></div>');
      expect(visitor, path).not.toContain(intro);
    }
  });

  it('shows the heading before any script runs, and the app draws it in the same place, on a phone and a desktop, light and dark', async () => {
    const { sessionToken } = journey.seeded;
    const looks = [
      { viewport: phone, colorScheme: 'light' },
      { viewport: phone, colorScheme: 'dark' },
      { viewport: desktop, colorScheme: 'light' },
    ] as const;
    for (const { viewport, colorScheme } of looks)
      for (const { path, title, intro } of framed) {
        const label = `${path} ${viewport.width} px ${colorScheme}`;
        const htmlOnly = await journey.newPage({
          sessionToken,
          viewport,
          colorScheme,
          javaScriptEnabled: false,
        });
        await htmlOnly.goto(path);
        const before = await headingBoxes(htmlOnly, title, intro);
        if (path === '/gallery' && viewport === phone)
          await htmlOnly.screenshot({ path: `e2e/artifacts/signed-in-frame-${colorScheme}.png` });
        await htmlOnly.context().close();

        const app = await journey.newPage({ sessionToken, viewport, colorScheme });
        await app.goto(path);
        await app.getByRole('button', { name: 'Account menu' }).waitFor();
        const after = await headingBoxes(app, title, intro);
        // Where they start, always; on a phone (one column) their whole boxes. On a wider screen a
        // page with buttons beside its heading narrows the intro, which the frame cannot know.
        const start = (box: { x: number; y: number } | null) => box && { x: box.x, y: box.y };
        expect(start(after.heading), label).toEqual(start(before.heading));
        expect(start(after.intro), label).toEqual(start(before.intro));
        if (viewport === phone) expect(after, label).toEqual(before);
        expect(await app.title(), label).toBe(`${title} · Creator Studio`);
        expect(pageErrors(app), label).toEqual([]);
        await app.context().close();
      }
  }, 180_000);
});
