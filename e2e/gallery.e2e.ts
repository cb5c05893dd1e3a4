import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mediaTexts } from '../packages/shared/src/media';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';
import { phonePhoto } from './support/photos';

const mailbox = await startMailbox();

/** Every value any upload progress bar shows, recorded in the page as it changes. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const read = () =>
      document.querySelectorAll('[role="progressbar"][aria-label^="Uploading"]').forEach((bar) => {
        const value = Number(bar.getAttribute('aria-valuenow'));
        if (!Number.isNaN(value) && seen.at(-1) !== value) seen.push(value);
      });
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}

describe.skipIf(!browserCheck.available)('media gallery in the browser', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url } }));
  let folder: string;
  afterAll(async () => {
    await mailbox.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('uploads two tagged photos with live progress, filters, opens details, downloads and deletes', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'gallery-e2e-'));
    const beach = path.join(folder, 'beach-sunset.jpg');
    const city = path.join(folder, 'city-night.jpg');
    await phonePhoto(beach, 40);
    await phonePhoto(city, 160);

    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'gallery_gwen');
    const { page, context } = await journey.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInThroughDialog(page, account.username, account.password);
    await page.goto('/gallery');
    await page.getByRole('heading', { level: 1, name: mediaTexts.galleryTitle }).waitFor();
    await page.getByText(mediaTexts.emptyGallery).waitFor();
    await page.getByText(mediaTexts.uploadPrompt).waitFor();
    await page.getByText(mediaTexts.supportsMultiple).waitFor();

    // A slow uplink (about 2 MB/s) so the browser's upload progress events can be watched.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 2_000_000,
    });
    const progressSeen = await recordProgress(page);

    const tags = page.getByLabel('Tags (optional)');
    await tags.fill('holiday, 2026');
    await page.locator('input[type="file"]').setInputFiles([beach, city]);
    // docs/product.md#gallery-and-media: the tags go with each file and the field is cleared once files are chosen.
    await expect.poll(() => tags.inputValue()).toBe('');
    await page
      .getByText(mediaTexts.uploadingFile('beach-sunset.jpg'))
      .or(page.getByText(mediaTexts.uploadingFile('city-night.jpg')))
      .first()
      .waitFor();
    await page.getByRole('heading', { name: mediaTexts.galleryHeading(2) }).waitFor({ timeout: 30_000 });
    await page.getByText(mediaTexts.imageUploaded, { exact: true }).first().waitFor();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const progress = await progressSeen();
    expect(progress.some((value) => value > 0 && value < 100)).toBe(true);
    expect(progress.some((value) => value === 100)).toBe(true);
    await page.screenshot({ path: '/tmp/gallery-two-images.png' });

    const stored = await page.evaluate(async () => (await fetch('/api/media')).json());
    expect(stored.map((asset: { tags: string[] }) => asset.tags)).toEqual([
      ['holiday', '2026'],
      ['holiday', '2026'],
    ]);

    // The tags field filters the grid by file name.
    await tags.fill('BEACH');
    await page.getByRole('heading', { name: mediaTexts.galleryHeading(1) }).waitFor();
    expect(await page.getByRole('button', { name: /^View details of / }).count()).toBe(1);
    await page.getByRole('button', { name: 'View details of beach-sunset.jpg' }).waitFor();
    await tags.fill('');
    await page.getByRole('heading', { name: mediaTexts.galleryHeading(2) }).waitFor();

    await page.getByRole('button', { name: 'View details of city-night.jpg' }).click();
    const dialog = page.getByRole('dialog', { name: mediaTexts.detailsTitle });
    await dialog.waitFor();
    await dialog.getByText('city-night.jpg').first().waitFor();
    await dialog.getByText('image/jpeg').waitFor();
    // Whole kilobytes with the reader's digit grouping (en-US here: "1,006 KB").
    await dialog.getByText(/^\d{1,3}(?:,\d{3})* KB$/).waitFor();
    for (const label of [
      mediaTexts.quickRepost,
      mediaTexts.quickProtect,
      mediaTexts.lightShield,
      mediaTexts.heavyShield,
      mediaTexts.download,
      mediaTexts.delete,
    ]) {
      await dialog.getByRole('button', { name: label, exact: true }).waitFor();
    }
    await expect
      .poll(() =>
        dialog
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(1600);
    await page.screenshot({ path: '/tmp/gallery-details.png' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: mediaTexts.download, exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('city-night.jpg');
    const saved = path.join(folder, 'downloaded.jpg');
    await download.saveAs(saved);
    const meta = await sharp(await readFile(saved)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 1200]);
    expect(meta.exif).toBeUndefined();

    await dialog.getByRole('button', { name: mediaTexts.delete, exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await page.screenshot({ path: '/tmp/gallery-confirm-delete.png' });
    await confirm.getByRole('button', { name: /delete/i }).click();
    await page.getByText(mediaTexts.imageDeleted, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: mediaTexts.galleryHeading(1) }).waitFor();
    expect(await page.getByRole('button', { name: 'View details of city-night.jpg' }).count()).toBe(0);
    const remaining = await page.evaluate(async () => (await fetch('/api/media')).json());
    expect(remaining.map((asset: { filename: string }) => asset.filename)).toEqual(['beach-sunset.jpg']);

    // Undo in the toast brings the photo back while the server still keeps it.
    await page.screenshot({ path: '/tmp/gallery-undo-toast.png' });
    await page.getByRole('button', { name: mediaTexts.undoLabel('city-night.jpg') }).click();
    await page.getByRole('heading', { name: mediaTexts.galleryHeading(2) }).waitFor();
    await page.getByRole('button', { name: 'View details of city-night.jpg' }).waitFor();
    const restored = await page.evaluate(async () => (await fetch('/api/media')).json());
    expect(restored.map((asset: { filename: string }) => asset.filename).sort()).toEqual([
      'beach-sunset.jpg',
      'city-night.jpg',
    ]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/gallery-phone.png', fullPage: true });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('the enterprise media tab uploads watermarked images and videos, skips files over 50 MB and deletes', async () => {
    folder ??= await mkdtemp(path.join(tmpdir(), 'gallery-e2e-'));
    const photo = path.join(folder, 'promo-shot.jpg');
    await phonePhoto(photo, 90);
    const clip = path.join(folder, 'teaser.mp4');
    const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');
    await writeFile(clip, Buffer.concat([ftyp, Buffer.alloc(200_000, 7)]));
    const huge = path.join(folder, 'too-big.mp4');
    await writeFile(huge, ftyp);
    await truncate(huge, 50 * 1024 * 1024 + 1);

    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'studio_sam');
    const { page, context } = await journey.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInThroughDialog(page, account.username, account.password);
    await page.goto('/enterprise?tab=media');
    await page.getByText('0 B of 2 GB used', { exact: true }).waitFor();

    await page.locator('input[type="file"]').setInputFiles([photo, clip, huge]);
    await page.getByText(mediaTexts.fileTooLarge, { exact: true }).first().waitFor();
    await page.getByText('promo-shot.jpg', { exact: true }).first().waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await page.evaluate(async () => (await fetch('/api/media')).json())).length, {
        timeout: 30_000,
      })
      .toBe(2);
    const assets = await page.evaluate(async () => (await fetch('/api/media')).json());
    expect(
      assets
        .map((asset: { filename: string; kind: string; hasWatermark: boolean }) => [
          asset.filename,
          asset.kind,
          asset.hasWatermark,
        ])
        .sort(),
    ).toEqual([
      ['promo-shot.jpg', 'image', true],
      ['teaser.mp4', 'video', false],
    ]);
    await page
      .getByText(/ of 2 GB used$/)
      .first()
      .waitFor();
    await expect.poll(() => page.getByText(/2 files$/).count()).toBe(1);
    await page.screenshot({ path: '/tmp/enterprise-media.png' });

    await page.getByRole('button', { name: 'Delete teaser.mp4' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: /delete/i }).click();
    await expect
      .poll(async () => (await page.evaluate(async () => (await fetch('/api/media')).json())).length)
      .toBe(1);
    await page.getByRole('button', { name: 'Delete teaser.mp4' }).waitFor({ state: 'detached' });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
