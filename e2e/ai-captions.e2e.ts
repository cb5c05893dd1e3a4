import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { aiTexts, captionText, type AiGenerateResponse } from '../packages/shared/src/ai';
import type { ContentGeneration, SavedContent } from '../packages/shared/src/history';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';

const mailbox = await startMailbox();

async function listedHistory(page: Page): Promise<ContentGeneration[]> {
  return page.evaluate(async () => (await fetch('/api/content-generations')).json());
}

/** Clicks Generate and returns the answer the page received. */
async function generate(page: Page): Promise<AiGenerateResponse> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (answer) => answer.url().endsWith('/api/ai/generate') && answer.request().method() === 'POST',
    ),
    page.getByRole('button', { name: 'Generate', exact: true }).click(),
  ]);
  expect(response.status()).toBe(200);
  return response.json();
}

const counter = (page: Page, label: string) => page.locator(`[data-counter="${label}"]`);

describe.skipIf(!browserCheck.available)('AI captions in the browser', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url } }));
  afterAll(() => mailbox.close());

  it('generates for two platforms, copies a caption, finds it in /history, saves and deletes it', async () => {
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'caption_cara');
    const { page, context } = await journey.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.baseUrl });
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInThroughDialog(page, account.username, account.password);
    await page.goto('/caption-generator');
    await page.getByRole('heading', { level: 1, name: 'Caption Generator' }).waitFor();
    const quota = page.getByRole('status', { name: 'Daily AI generations' });
    await quota.getByText('5 of 5 generations left today').waitFor();
    await page.screenshot({ path: '/tmp/ai-generator-empty.png' });

    // docs/product.md#ai-studio: no prompt and no platform asks for one of them and sends nothing.
    await page.getByRole('checkbox', { name: 'Reddit' }).uncheck();
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByRole('alert').getByText(aiTexts.selectPlatformsOrPrompt).waitFor();
    expect(
      await page.getByRole('checkbox', { name: 'Reddit' }).evaluate((box) => box === document.activeElement),
    ).toBe(true);

    await page.getByRole('checkbox', { name: 'Reddit' }).check();
    await page.getByRole('checkbox', { name: 'Instagram' }).check();
    await page.getByLabel('Prompt').fill('Golden-hour selfie on my balcony in a new red dress');
    await page.getByLabel('Subreddit (optional)').fill('selfie');
    await page.getByRole('checkbox', { name: 'Playful' }).check();
    await page.getByRole('radio', { name: '2' }).check();
    const answer = await generate(page);

    expect(answer.content.map((result) => `${result.platform}-${result.variant}`).sort()).toEqual([
      'instagram-1',
      'instagram-2',
      'reddit-1',
      'reddit-2',
    ]);
    await page.getByRole('heading', { name: 'Your captions' }).waitFor();
    await quota.getByText('4 of 5 generations left today').waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Reddit', 'Instagram']);
    const redditFirst = answer.content.find(
      (result) => result.platform === 'reddit' && result.variant === 1,
    )!;
    // By the card's name: the offline writer may reuse a title as another variant's body line.
    await page
      .getByRole('list', { name: 'Reddit results' })
      .getByRole('article', { name: `Variant 1: ${redditFirst.titles[0]!}`, exact: true })
      .waitFor();
    await page.screenshot({ path: '/tmp/ai-generator-results.png', fullPage: true });

    await page.getByRole('tab', { name: 'Instagram' }).click();
    const instagram = answer.content.find(
      (result) => result.platform === 'instagram' && result.variant === 1,
    )!;
    const instagramResults = page.getByRole('list', { name: 'Instagram results' });
    await instagramResults
      .getByRole('article', { name: `Variant 1: ${instagram.titles[0]!}`, exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Copy caption of variant 1' }).click();
    await page.getByRole('button', { name: 'Copied: Copy caption of variant 1' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(captionText(instagram));
    await page.screenshot({ path: '/tmp/ai-generator-instagram.png' });

    // Every result is a history item; the Instagram one is found by a word of its title.
    await page.getByRole('link', { name: 'Content History' }).click();
    await page.waitForURL('**/history');
    await page.getByRole('heading', { level: 1, name: 'Content History' }).waitFor();
    await expect.poll(() => counter(page, 'Total').textContent()).toBe('4');
    // Without an AI service configured the built-in writer answers, and its results count as templates.
    const aiWritten = answer.provider === 'offline' ? '0' : '4';
    expect(await counter(page, 'AI Generated').textContent()).toBe(aiWritten);
    expect(await counter(page, 'Reddit Posts').textContent()).toBe('2');
    expect(await counter(page, 'Filtered Results').textContent()).toBe('4');
    await page.screenshot({ path: '/tmp/history-all.png', fullPage: true });

    await page.getByLabel('Platform').selectOption('instagram');
    await expect.poll(() => counter(page, 'Filtered Results').textContent()).toBe('2');
    const word =
      instagram.titles[0]!.split(/\s+/).find((part) => /^[A-Za-z]{4,}$/.test(part)) ?? instagram.titles[0]!;
    await page.getByLabel('Search your content').fill(word);
    await page.waitForURL(
      (url) => url.searchParams.get('q') === word && url.searchParams.get('platform') === 'instagram',
    );
    const card = page.getByRole('article', { name: instagram.titles[0]!, exact: true });
    await card.waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThanOrEqual(1);
    expect(await card.textContent()).toContain(instagram.body.trim().split('\n')[0]);

    await card.getByRole('button', { name: `Save: ${instagram.titles[0]}` }).click();
    await page.getByText('Content saved', { exact: true }).waitFor();
    await card.getByRole('button', { name: `Saved: ${instagram.titles[0]}` }).waitFor();
    expect(await card.getByRole('button', { name: `Saved: ${instagram.titles[0]}` }).isDisabled()).toBe(true);
    await page.screenshot({ path: '/tmp/history-saved.png' });
    // Saved stays saved after a reload, with the filters still in the URL.
    await page.reload();
    await card.getByRole('button', { name: `Saved: ${instagram.titles[0]}` }).waitFor();
    expect(await page.getByLabel('Search your content').inputValue()).toBe(word);

    await card.getByRole('button', { name: `Delete: ${instagram.titles[0]}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await page.screenshot({ path: '/tmp/history-confirm-delete.png' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Content deleted', { exact: true }).waitFor();
    await card.waitFor({ state: 'detached' });
    await expect.poll(() => counter(page, 'Total').textContent()).toBe('3');
    const left = await listedHistory(page);
    expect(left).toHaveLength(3);
    expect(left.some((item) => item.id === instagram.generationId)).toBe(false);
    // The saved copy outlives the history item it came from.
    const saved: SavedContent[] = await page.evaluate(async () => (await fetch('/api/saved-content')).json());
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      title: instagram.titles[0],
      content: captionText(instagram),
      platform: 'instagram',
      generationId: null,
    });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => page.getByRole('article').count()).toBe(3);
    await page.screenshot({ path: '/tmp/history-phone.png', fullPage: true });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('the enterprise AI Studio tab generates too, and a visitor gets a small allowance without history', async () => {
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'studio_stella');
    const { page, context } = await journey.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInThroughDialog(page, account.username, account.password);
    await page.goto('/enterprise?tab=ai-studio');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Prompt').fill('Cosy coffee morning');
    await panel.getByRole('checkbox', { name: 'TikTok' }).check();
    await panel.getByRole('radio', { name: '1' }).check();
    const answer = await generate(page);
    expect(answer.content.map((result) => result.platform).sort()).toEqual(['reddit', 'tiktok']);
    await panel.getByRole('heading', { name: 'Your captions' }).waitFor();
    await panel
      .getByRole('status', { name: 'Daily AI generations' })
      .getByText('4 of 5 generations left today')
      .waitFor();
    await page.screenshot({ path: '/tmp/ai-enterprise-tab.png', fullPage: true });
    expect(pageErrors(page)).toEqual([]);
    await context.close();

    const visitor = await journey.newPage();
    await visitor.page.setViewportSize({ width: 390, height: 844 });
    await visitor.page.goto('/caption-generator');
    const quota = visitor.page.getByRole('status', { name: 'Daily AI generations' });
    await quota.getByText(/^\d+ of \d+ free generations left today$/).waitFor();
    await visitor.page.getByLabel('Prompt').fill('Beach day in a yellow bikini');
    const visitorAnswer = await generate(visitor.page);
    expect(visitorAnswer.content.every((result) => result.generationId === null)).toBe(true);
    await visitor.page.getByText(/These are not kept/).waitFor();
    await visitor.page.screenshot({ path: '/tmp/ai-visitor-phone.png', fullPage: true });
    expect(pageErrors(visitor.page)).toEqual([]);
    await visitor.context.close();
  });
});
