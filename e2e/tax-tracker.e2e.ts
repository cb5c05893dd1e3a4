import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaTexts } from '../packages/shared/src/media';
import { taxTexts } from '../packages/shared/src/tax';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';

const mailbox = await startMailbox();

describe.skipIf(!browserCheck.available)('tax tracker in the browser', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url } }));
  let folder: string;
  afterAll(async () => {
    await mailbox.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('logs income and an expense with a gallery receipt, shows the summary and downloads the CSV', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'tax-e2e-'));
    const receipt = path.join(folder, 'editing-app-receipt.png');
    await sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 245, g: 240, b: 225 } } })
      .png()
      .toFile(receipt);

    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'tax_tina');
    const { page } = await journey.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInThroughDialog(page, account.username, account.password);

    // The receipt goes into the gallery first, as a creator would snap and upload it.
    await page.goto('/gallery');
    await page.getByRole('heading', { level: 1, name: mediaTexts.galleryTitle }).waitFor();
    await page.locator('input[type="file"]').setInputFiles(receipt);
    await page.getByRole('heading', { name: mediaTexts.galleryHeading(1) }).waitFor({ timeout: 30_000 });

    await page.goto('/tax-tracker');
    await page.getByRole('heading', { level: 1, name: 'Tax Tracker' }).waitFor();
    await page.getByText(taxTexts.disclaimer).first().waitFor();
    const year = await page.evaluate(() => new Date().getFullYear());

    await page.getByRole('button', { name: 'Add income' }).click();
    const incomeForm = page.getByRole('form', { name: 'Add income' });
    await incomeForm.getByLabel('Platform').fill('onlyfans');
    await incomeForm.getByLabel('Amount').fill('1,234.56');
    await incomeForm.getByRole('button', { name: 'Add income' }).click();
    await page.getByText('Income added').waitFor();
    await incomeForm.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add expense' }).click();
    const expenseForm = page.getByRole('form', { name: 'Add expense' });
    await expenseForm.getByLabel('Category').selectOption('software');
    await expenseForm.getByLabel('Amount').fill('234.56');
    await expenseForm.getByLabel('Description (optional)').fill('=1+1 video editor');
    await expenseForm.getByText('editing-app-receipt.png').click();
    await expect
      .poll(() => expenseForm.getByRole('radio', { name: /editing-app-receipt\.png/ }).isChecked())
      .toBe(true);
    await expenseForm.getByRole('button', { name: 'Add expense' }).click();
    await page.getByText('Expense added').waitFor();
    await expenseForm.waitFor({ state: 'detached' });

    // 1234.56 − 234.56 = 1000.00, at the default 25 %: 250.00.
    const summary = page.getByLabel(`Summary for ${year}`);
    await summary.getByText('$1,000.00').waitFor();
    expect(await summary.innerText()).toMatch(
      /Income\s+\$1,234\.56[\s\S]*Expenses\s+\$234\.56[\s\S]*Net profit\s+\$1,000\.00[\s\S]*Estimated tax\s+\$250\.00/,
    );
    await page.getByRole('list', { name: 'Income' }).getByText('OnlyFans').waitFor();
    const expenses = page.getByRole('list', { name: 'Expenses' });
    await expenses.getByRole('img', { name: 'Receipt editing-app-receipt.png' }).waitFor();
    await page.getByRole('list', { name: 'Expenses by category' }).getByText('$234.56').waitFor();
    // The receipt thumbnail really loads (a signed URL the browser may read).
    await expect
      .poll(() =>
        expenses
          .getByRole('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    await page.screenshot({ path: '/tmp/h/tax.png', fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`tax-tracker-${year}.csv`);
    const saved = path.join(folder, 'export.csv');
    await download.saveAs(saved);
    const lines = (await readFile(saved, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"Date","Type","Platform or category","Description","Amount (USD)","Receipt file"');
    expect(
      lines
        .slice(1)
        .filter(Boolean)
        .map((line) => line.replace(/^"\d{4}-\d{2}-\d{2}",/, ''))
        .sort(),
    ).toEqual([
      '"Expense","Software and subscriptions","\'=1+1 video editor","234.56","editing-app-receipt.png"',
      '"Income","OnlyFans","","1234.56",""',
    ]);
    await page.getByText('CSV downloaded').waitFor();
    expect(pageErrors(page)).toEqual([]);
  });
});
