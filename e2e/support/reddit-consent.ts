import type { Page } from 'playwright-core';
import type { RedditStandIn } from '../../apps/api/test/stand-ins/reddit';

/**
 * Reddit's consent page, played by the browser itself: the stand-in speaks Reddit's API but has no
 * HTML pages, so navigations to its /api/v1/authorize get a small page whose Allow button leads
 * back to the app with the code the stand-in issued for `username`, exactly as Reddit would.
 */
export async function serveRedditConsent(page: Page, reddit: RedditStandIn, username: string) {
  await page.route(`${reddit.baseUrl}/api/v1/authorize**`, async (route) => {
    const back = reddit.approve(route.request().url(), username);
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: `<!doctype html><title>reddit.com: authorize application</title>
        <h1>creator-studio wants to connect with your Reddit account u/${username}</h1>
        <a href="${back.toString().replace(/&/g, '&amp;')}">Allow</a> <a href="about:blank">Decline</a>`,
    });
  });
}
