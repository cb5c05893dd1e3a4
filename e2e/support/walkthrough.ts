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
    await tour.getByRole('button', { name: onboardingTexts.skip }).click();
  });
}
