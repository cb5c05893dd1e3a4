import type { Page } from 'playwright-core';
import { onboardingTexts } from '../../packages/shared/src/onboarding';

/** The walkthrough panel; it carries this attribute on every step. */
export const walkthroughSelector = '[data-walkthrough]';

/**
 * Every new account meets the onboarding walkthrough on its first signed-in page. Journeys about
 * something else skip it whenever it shows, before their next action, as a user would.
 */
export async function skipWalkthroughWhenShown(page: Page): Promise<void> {
  await page.addLocatorHandler(page.locator(walkthroughSelector), async (tour) => {
    // On a busy machine the walkthrough can appear after the journey opened a menu, whose modal
    // layer hides the rest of the page from the accessibility tree and takes every click outside
    // it (a person's first click would close the menu). The journey's next click is inside that
    // menu, so the skip is then pressed without closing it.
    await tour
      .getByRole('button', { name: onboardingTexts.skip })
      .click({ timeout: 3_000 })
      .catch(() => tour.locator('button', { hasText: onboardingTexts.skip }).dispatchEvent('click'));
  });
}
