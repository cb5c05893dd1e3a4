import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { syntheticPhoto } from '../apps/api/src/adapters/image/perceptual-hash/synthetic-images';
import { imageshieldTexts } from '../packages/shared/src/imageshield';
import { mediaTexts, type MediaAsset } from '../packages/shared/src/media';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';

const mailbox = await startMailbox();

/** A landscape-like photo (sky, sun, hills, a house): protection is measured on pictures like this. */
async function landscape(file: string) {
  const { data, width, height } = syntheticPhoto(1200, 800);
  await sharp(Buffer.from(data), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toFile(file);
}

const resultRegion = (scope: Page | ReturnType<Page['getByRole']>) =>
  scope.getByRole('region', {
    name: /^(Fingerprint check: no match found by any of 6 detectors|Still matched by .+)$/,
  });

async function listedMedia(page: Page): Promise<MediaAsset[]> {
  return page.evaluate(async () => (await fetch('/api/media')).json());
}

describe.skipIf(!browserCheck.available)('ImageShield in the browser', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url } }));
  let folder: string;
  afterAll(async () => {
    await mailbox.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  // Three protections, each previewed and then kept: more than the default minute on a loaded machine.
  it('a Free creator protects a gallery photo at each level and downloads the protected copy', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'imageshield-e2e-'));
    const photo = path.join(folder, 'meadow.jpg');
    await landscape(photo);
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'shield_sky');
    const { page, context } = await journey.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInThroughDialog(page, account.username, account.password);
    await page.goto('/gallery');
    await page.locator('input[type="file"]').setInputFiles([photo]);
    await page.getByRole('heading', { name: mediaTexts.galleryHeading(1) }).waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'View details of meadow.jpg' }).click();
    const dialog = page.getByRole('dialog', { name: mediaTexts.detailsTitle });
    await dialog.waitFor();
    // Each protection request is held until the dialog's busy state is checked: a fast protection
    // could otherwise finish between seeing "Protecting..." and reading the Delete button (it did once).
    let openGate!: () => void;
    let gate = new Promise<void>((resolve) => (openGate = resolve));
    await page.route('**/api/protect-image/**', async (route) => {
      await gate;
      await route.continue();
    });
    for (const [button, level] of [
      [mediaTexts.lightShield, 'light'],
      [mediaTexts.quickProtect, 'standard'],
      [mediaTexts.heavyShield, 'heavy'],
    ] as const) {
      await dialog.getByRole('button', { name: button, exact: true }).click();
      // While the request runs the button says so and the dialog's buttons wait.
      await dialog.getByRole('button', { name: mediaTexts.protecting }).waitFor();
      expect(await dialog.getByRole('button', { name: mediaTexts.delete, exact: true }).isDisabled()).toBe(
        true,
      );
      openGate();
      // The copy is shown beside the original first, and replaces nothing until it is kept.
      const preview = dialog.getByRole('region', { name: imageshieldTexts.previewHeading });
      await preview.waitFor({ timeout: 30_000 });
      await preview.getByRole('button', { name: imageshieldTexts.previewKeep }).click();
      await dialog.getByText(mediaTexts.protectedBadge(level), { exact: true }).waitFor({ timeout: 30_000 });
      gate = new Promise<void>((resolve) => (openGate = resolve));
      await page.getByText(mediaTexts.imageProtected, { exact: true }).first().waitFor();
      await resultRegion(dialog).waitFor();
      const [asset] = await listedMedia(page);
      expect(asset).toMatchObject({ protectionLevel: level, isProtected: true });
      expect(asset!.protectionReport?.watermarked).toBe(true);
      // The measurement shown is the server's: PDQ, dHash-256 and blockhash no longer match at any level.
      const byName = Object.fromEntries(
        asset!.protectionReport!.hashes.map((hash) => [hash.name, hash.matches]),
      );
      expect([byName.pdq, byName.dhash256, byName.blockhash256]).toEqual([false, false, false]);
      if (level === 'light') await page.screenshot({ path: '/tmp/imageshield-dialog-light.png' });
    }
    await expect
      .poll(() =>
        dialog
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await page.screenshot({ path: '/tmp/imageshield-dialog-heavy.png' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download protected copy' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('meadow-protected.jpg');
    const saved = path.join(folder, 'protected.jpg');
    await download.saveAs(saved);
    const savedBytes = await readFile(saved);
    expect((await sharp(savedBytes).metadata()).format).toBe('jpeg');
    // The file saved is the heavy copy the server holds, not the original. (Its size is no proof: the
    // heavy frame can give back exactly the width the crop took, and once did.)
    const [shielded] = await listedMedia(page);
    const served = await page.evaluate(
      async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())),
      shielded!.protectedUrl!,
    );
    expect(Buffer.from(served).equals(savedBytes)).toBe(true);
    expect(savedBytes.equals(await readFile(photo))).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 150_000);

  it('a visitor tries ImageShield on one photo and compares before and after', async () => {
    folder ??= await mkdtemp(path.join(tmpdir(), 'imageshield-e2e-'));
    const photo = path.join(folder, 'visitor-shot.jpg');
    await landscape(photo);
    const { page, context } = await journey.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/imageshield');
    await page.getByLabel('Choose a photo to protect').setInputFiles(photo);
    await page.getByRole('button', { name: 'Protect photo' }).click();
    await resultRegion(page).waitFor({ timeout: 30_000 });
    const images = page.locator('img');
    await expect
      .poll(
        async () =>
          await images.evaluateAll(
            (all: HTMLImageElement[]) => all.filter((img) => img.complete && img.naturalWidth > 0).length,
          ),
      )
      .toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: '/tmp/imageshield-visitor.png', fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('visitor-shot-protected.jpg');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
