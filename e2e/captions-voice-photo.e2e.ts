import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { aiTexts, type AiGenerateResponse } from '../packages/shared/src/ai';
import { brandVoiceTexts } from '../packages/shared/src/brand-voice';
import { mediaTexts } from '../packages/shared/src/media';
import { writerTexts } from '../packages/shared/src/writer-label';
import { OpenAiStandIn, standInSeenPhrase } from '../apps/api/test/stand-ins/openai';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';
import { phonePhoto } from './support/photos';

const mailbox = await startMailbox();
const openAi = await OpenAiStandIn.start();
const folder = await mkdtemp(path.join(tmpdir(), 'captions-e2e-'));
const robePhoto = path.join(folder, 'red-robe.jpg');
await phonePhoto(robePhoto, 10);

afterAll(async () => {
  await mailbox.close();
  await openAi.close();
  await rm(folder, { recursive: true, force: true });
});

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

async function uploadToGallery(page: Page) {
  await page.goto('/gallery');
  await page.getByText(mediaTexts.emptyGallery).waitFor();
  await page.locator('input[type="file"]').setInputFiles([robePhoto]);
  await page.getByRole('heading', { name: mediaTexts.galleryHeading(1) }).waitFor({ timeout: 30_000 });
}

async function pickGalleryPhoto(page: Page) {
  await page.getByRole('button', { name: 'Use a gallery photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a photo' });
  await dialog
    .getByRole('list', { name: 'Your photos' })
    .getByRole('button', { name: /red-robe/ })
    .click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Remove the photo' }).waitFor();
}

const results = (page: Page) => page.getByRole('region', { name: 'Your captions' });

const prompt = 'New OnlyFans set is live: red satin robe, candlelight, 40 photos, 20% off this week';

describe.skipIf(!browserCheck.available)('captions in her own voice, from her photo', () => {
  describe('with the built-in writer (the default install)', () => {
    const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url } }));

    it('signs with her brand voice, keeps every fact, and says a photo is read from its tags', async () => {
      const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'voice_luna');
      const { page } = await journey.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await logInThroughDialog(page, account.username, account.password);

      await page.goto('/settings');
      const card = page.getByRole('form', { name: brandVoiceTexts.title });
      await card.getByLabel(brandVoiceTexts.signature).fill('Luna');
      await card.getByLabel(brandVoiceTexts.promoLink).fill('@lunafox');
      await card.getByRole('button', { name: brandVoiceTexts.save }).click();
      await page.getByText(brandVoiceTexts.saved).first().waitFor();
      await page.reload();
      expect(await card.getByLabel(brandVoiceTexts.signature).inputValue()).toBe('Luna');

      await page.goto('/caption-generator');
      await page
        .getByText(writerTexts.captionsWrittenBy({ provider: 'offline', model: 'built-in-writer-2' }))
        .waitFor();
      await page.getByRole('checkbox', { name: 'Instagram' }).check();
      await page.getByLabel('Prompt').fill(prompt);
      const answer = await generate(page);
      await results(page).getByText('Written by the built-in writer').waitFor();
      expect(answer.provider).toBe('offline');

      const reddit = answer.content.filter((result) => result.platform === 'reddit');
      const instagram = answer.content.filter((result) => result.platform === 'instagram');
      expect(reddit.length).toBeGreaterThan(0);
      expect(instagram.length).toBeGreaterThan(0);
      for (const result of answer.content) {
        const text = `${result.titles[0]} ${result.body}`;
        for (const fact of ['40', '20%', 'robe']) expect(text).toContain(fact);
      }
      // Signed and promoted on Instagram; never a handle in a Reddit title.
      for (const result of instagram) expect(result.body).toMatch(/@lunafox/);
      for (const result of reddit) expect(result.titles.join(' ')).not.toContain('@lunafox');
      await page.getByRole('tab', { name: 'Instagram' }).click();
      await results(page).getByText('@lunafox').first().waitFor();
      await page.screenshot({ path: '/tmp/h/captions-voice.png', fullPage: true });

      await uploadToGallery(page);
      await page.goto('/caption-generator');
      await pickGalleryPhoto(page);
      await page.getByLabel('Prompt').fill('Cozy night in');
      const fromTags = await generate(page);
      expect(fromTags.photo?.usedAs).toBe('tags');
      await results(page).getByText(aiTexts.photoFromText).waitFor();

      // On a phone the same page reads in one column.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: '/tmp/h/captions-photo-phone.png', fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(pageErrors(page)).toEqual([]);
    });
  });

  describe('with an AI model that sees photos', () => {
    const journey = useJourney(async () => ({
      env: {
        SMTP_URL: mailbox.url,
        AI_BASE_URL: openAi.baseUrl,
        AI_API_KEY: openAi.apiKey,
        AI_MODEL: openAi.model,
        AI_VISION: 'true',
      },
    }));

    it('sends a small copy of the chosen photo and shows the caption written from what it saw', async () => {
      const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'vision_vera');
      const { page } = await journey.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await logInThroughDialog(page, account.username, account.password);
      await uploadToGallery(page);

      await page.goto('/caption-generator');
      await page
        .getByText(writerTexts.captionsWrittenBy({ provider: 'openai-compatible', model: openAi.model }))
        .waitFor();
      await pickGalleryPhoto(page);
      await page.getByRole('checkbox', { name: 'Reddit' }).uncheck();
      await page.getByRole('checkbox', { name: 'Instagram' }).check();
      await page.getByLabel('Prompt').fill('Tonight’s look');
      openAi.reset();
      const answer = await generate(page);

      expect(answer.photo?.usedAs).toBe('image');
      const [request] = openAi.requests;
      expect(request?.images).toEqual([expect.objectContaining({ problem: null })]);
      await results(page).getByText(aiTexts.photoSeen).waitFor();
      await results(page).getByText(`Written by ${openAi.model}`).waitFor();
      await results(page).getByText(new RegExp(standInSeenPhrase)).first().waitFor();
      await page.screenshot({ path: '/tmp/h/captions-vision.png', fullPage: true });
      expect(pageErrors(page)).toEqual([]);
    });
  });
});
