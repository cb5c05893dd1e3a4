import { rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { syntheticPhoto } from '../apps/api/src/adapters/image/perceptual-hash/synthetic-images';
import { imageshieldTexts } from '../packages/shared/src/imageshield';
import { photoCopiesResponseSchema } from '../packages/shared/src/leak-trace';
import { mediaTexts, type MediaAsset } from '../packages/shared/src/media';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';
import { chooseTheme, isDark } from './support/theme';

const mailbox = await startMailbox();

async function listedMedia(page: Page): Promise<MediaAsset[]> {
  return page.evaluate(async () => (await fetch('/api/media')).json());
}

async function copiesOf(page: Page, id: string) {
  const body = await page.evaluate(
    async (assetId) => (await fetch(`/api/media/${assetId}/copies`)).json(),
    id,
  );
  return photoCopiesResponseSchema.parse(body).copies;
}

const loaded = (page: Page, name: string) =>
  page.getByRole('img', { name }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

describe.skipIf(!browserCheck.available)('protection preview on a phone', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url } }));
  let folder: string;
  afterAll(async () => {
    await mailbox.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('protect → preview beside the original → keep; protect again → discard leaves the copy as it was (390 px, light and dark)', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'preview-e2e-'));
    const photo = path.join(folder, 'dunes.jpg');
    const { data, width, height } = syntheticPhoto(1200, 800);
    await sharp(Buffer.from(data), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 92 })
      .toFile(photo);
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'preview_dunes');
    const { page, context } = await journey.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await logInThroughDialog(page, account.username, account.password);
    await page.goto('/gallery');
    await chooseTheme(page, 'Light');
    await page.locator('input[type="file"]').setInputFiles([photo]);
    await page.getByRole('heading', { name: mediaTexts.galleryHeading(1) }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'View details of dunes.jpg' }).click();
    const dialog = page.getByRole('dialog', { name: mediaTexts.detailsTitle });
    await dialog.waitFor();

    // First protection: the preview stands beside the original, the same size, and nothing changed yet.
    await dialog.getByRole('button', { name: mediaTexts.lightShield, exact: true }).click();
    const preview = dialog.getByRole('region', { name: imageshieldTexts.previewHeading });
    await preview.waitFor({ timeout: 60_000 });
    const [asset] = await listedMedia(page);
    expect(asset!.isProtected).toBe(false);
    await expect.poll(() => loaded(page, 'dunes.jpg, protected preview'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => loaded(page, 'dunes.jpg, original')).toBe(true);
    const original = await preview.getByRole('img', { name: 'dunes.jpg, original' }).boundingBox();
    const protectedBox = await preview
      .getByRole('img', { name: 'dunes.jpg, protected preview' })
      .boundingBox();
    expect(original!.width).toBeCloseTo(protectedBox!.width, 0);
    expect(original!.height).toBeCloseTo(protectedBox!.height, 0);
    expect(original!.y).toBeCloseTo(protectedBox!.y, 0);
    expect(protectedBox!.x + protectedBox!.width).toBeLessThanOrEqual(390);
    await preview.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/protection-preview-390-light.png' });
    // The open dialog covers the header's theme menu: dark is chosen as another tab would choose it.
    await page.evaluate(() => {
      localStorage.setItem('creator-studio-theme', 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: 'creator-studio-theme', newValue: 'dark' }));
    });
    await expect.poll(() => isDark(page)).toBe(true);
    await page.screenshot({ path: '/tmp/protection-preview-390-dark.png' });

    await preview.getByRole('button', { name: imageshieldTexts.previewKeep }).click();
    await dialog.getByText(mediaTexts.protectedBadge('light'), { exact: true }).waitFor({ timeout: 30_000 });
    const [kept] = await listedMedia(page);
    expect(kept!.isProtected).toBe(true);
    const keptCopies = await copiesOf(page, kept!.id);
    expect(keptCopies.map((copy) => copy.current)).toEqual([true]);

    // Second protection, discarded: the current copy and the list stay exactly as they were.
    await dialog.getByRole('button', { name: mediaTexts.heavyShield, exact: true }).click();
    await preview.waitFor({ timeout: 60_000 });
    const previewSrc = await preview
      .getByRole('img', { name: 'dunes.jpg, protected preview' })
      .getAttribute('src');
    await preview.getByRole('button', { name: imageshieldTexts.previewDiscard }).click();
    await page.getByText(imageshieldTexts.previewDiscarded).first().waitFor();
    await preview.waitFor({ state: 'detached' });
    const [after] = await listedMedia(page);
    expect(after!.protectionLevel).toBe('light');
    expect(after!.protectionReport).toEqual(kept!.protectionReport);
    expect(await copiesOf(page, kept!.id)).toEqual(keptCopies);
    const gone = await page.evaluate(async (src) => (await fetch(src!)).status, previewSrc);
    expect(gone).toBe(404);
    await page.screenshot({ path: '/tmp/protection-preview-390-after-discard.png' });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
