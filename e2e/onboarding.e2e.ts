import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shellTexts } from '../packages/shared/src/messages';
import { onboardingTexts, walkthroughSteps, type OnboardingState } from '../packages/shared/src/onboarding';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';
import { walkthroughSelector } from './support/walkthrough';

const mailbox = await startMailbox();
const total = walkthroughSteps.length;

async function expectStep(page: Page, index: number) {
  const tour = page.locator(walkthroughSelector);
  await tour.getByText(onboardingTexts.stepOf(index + 1, total), { exact: true }).waitFor();
  expect(await tour.getByRole('heading').textContent()).toBe(walkthroughSteps[index]!.title);
  expect(await tour.textContent()).toContain(walkthroughSteps[index]!.body);
}

async function serverCopy(page: Page): Promise<OnboardingState> {
  return page.evaluate(async () => {
    const response = await fetch('/api/user/onboarding', { credentials: 'include' });
    return ((await response.json()) as { onboarding: OnboardingState }).onboarding;
  });
}

async function waitForServerSeen(page: Page) {
  const deadline = Date.now() + 15_000;
  while (!(await serverCopy(page)).hasSeenWalkthrough && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return serverCopy(page);
}

async function localCopy(page: Page): Promise<OnboardingState | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('creator-studio-onboarding:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as OnboardingState) : null;
  });
}

/** Loads the page and waits until the app has its onboarding answer and has painted after it. */
async function openAndSettle(page: Page, load: () => Promise<unknown>) {
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/user/onboarding') && response.request().method() === 'GET',
  );
  await load();
  await answered;
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

describe.skipIf(!browserCheck.available)('onboarding walkthrough in the browser', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url } }));
  afterAll(() => mailbox.close());

  it('first login: every step with next and back to finish; not again after reload or in another browser; replay restarts it', async () => {
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'tour_first');
    const { page, context } = await journey.newPage({
      skipWalkthrough: false,
      viewport: { width: 1280, height: 900 },
    });
    await logInThroughDialog(page, account.username, account.password);

    const tour = page.locator(walkthroughSelector);
    await tour.waitFor();
    await expectStep(page, 0);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // Keyboard users land on the main action.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Next');
    expect(await tour.getByRole('button', { name: onboardingTexts.previous }).isDisabled()).toBe(true);
    await page.screenshot({ path: '/tmp/onboarding-desktop-step1.png' });

    await tour.getByRole('button', { name: onboardingTexts.next }).click();
    await expectStep(page, 1);
    await tour.getByRole('button', { name: onboardingTexts.previous }).click();
    await expectStep(page, 0);
    for (let index = 1; index < total; index += 1) {
      await tour.getByRole('button', { name: onboardingTexts.next }).click();
      await expectStep(page, index);
      if (index === 2) await page.screenshot({ path: '/tmp/onboarding-desktop-step3.png' });
    }
    expect(await tour.getByRole('button', { name: onboardingTexts.next }).count()).toBe(0);
    await tour.getByRole('button', { name: onboardingTexts.finish }).click();
    await tour.waitFor({ state: 'hidden' });

    const saved = await waitForServerSeen(page);
    expect(saved.completedSteps).toEqual(walkthroughSteps.map((step) => step.id));
    expect(saved.currentTutorial).toBeNull();
    expect(Date.parse(saved.lastCompletedAt ?? '')).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(await localCopy(page)).toEqual(saved);

    await openAndSettle(page, () => page.reload());
    expect(await tour.count()).toBe(0);

    // A second browser: fresh local storage, so only the server's copy can say it was seen.
    const second = await journey.newPage({ skipWalkthrough: false, viewport: { width: 1280, height: 900 } });
    await openAndSettle(second.page, () => logInThroughDialog(second.page, account.email, account.password));
    expect(await second.page.locator(walkthroughSelector).count()).toBe(0);
    const deadline = Date.now() + 15_000;
    while (!(await localCopy(second.page))?.hasSeenWalkthrough && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await localCopy(second.page)).toEqual(saved);

    // Replay Tutorial from the account menu on /dashboard starts over at step 1; Esc closes it.
    await second.page.getByRole('button', { name: 'Account menu' }).click();
    await second.page.getByRole('menuitem', { name: shellTexts.replayTutorial }).click();
    const replayed = second.page.locator(walkthroughSelector);
    await replayed.waitFor();
    await expectStep(second.page, 0);
    await second.page.waitForFunction(() => document.activeElement?.textContent === 'Next');
    await second.page.keyboard.press('ArrowRight');
    await expectStep(second.page, 1);
    await second.page.keyboard.press('Escape');
    await replayed.waitFor({ state: 'hidden' });

    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(second.page)).toEqual([]);
    await second.context.close();
    await context.close();
  });

  it('on a phone: resumes after a reload, scrolls to and rings the step target on the dashboard, and skip ends it', async () => {
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'tour_phone');
    const { page, context } = await journey.newPage({
      skipWalkthrough: false,
      colorScheme: 'light',
      viewport: { width: 390, height: 844 },
    });
    await logInThroughDialog(page, account.username, account.password);
    const tour = page.locator(walkthroughSelector);
    await tour.waitFor();
    await expectStep(page, 0);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const panel = (await tour.boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/onboarding-phone-step1.png' });

    await tour.getByRole('button', { name: onboardingTexts.next }).click();
    await tour.getByRole('button', { name: onboardingTexts.next }).click();
    await expectStep(page, 2);
    // A reload mid-tour comes back on the same step.
    await page.reload();
    await expectStep(page, 2);

    // The analytics card sits below the fold on a phone: the step scrolls to it and rings it.
    for (let index = 3; index <= 5; index += 1) {
      await tour.getByRole('button', { name: onboardingTexts.next }).click();
      await expectStep(page, index);
    }
    // Polled on a timer: a page the browser does not paint (headless, not focused) runs no rAF.
    await page.waitForFunction(
      () => {
        const target = document.querySelector('[data-tour="analytics"]')?.getBoundingClientRect();
        const ring = document.querySelector('[data-tour-spotlight]')?.getBoundingClientRect();
        return (
          target !== undefined &&
          ring !== undefined &&
          target.top >= 0 &&
          target.top < window.innerHeight / 2 &&
          Math.abs(ring.top - (target.top - 6)) < 1 &&
          Math.abs(ring.height - (target.height + 12)) < 1
        );
      },
      undefined,
      { polling: 100 },
    );
    await page.screenshot({ path: '/tmp/onboarding-phone-highlight.png' });

    await tour.getByRole('button', { name: onboardingTexts.skip }).click();
    await tour.waitFor({ state: 'hidden' });
    const saved = await waitForServerSeen(page);
    expect(saved).toMatchObject({
      hasSeenWalkthrough: true,
      completedSteps: walkthroughSteps.slice(0, 5).map((step) => step.id),
      lastCompletedAt: null,
    });
    await openAndSettle(page, () => page.goto('/dashboard'));
    expect(await tour.count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
