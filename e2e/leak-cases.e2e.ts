import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { leakCasePageTexts as texts, leakCaseTexts } from '../packages/shared/src/leak-cases';
import { takedownContactTexts } from '../packages/shared/src/takedown-contact';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';

const mailbox = await startMailbox();

describe.skipIf(!browserCheck.available)('leak cases in the browser', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url } }));
  afterAll(() => mailbox.close());

  it('adds a case by hand on a phone, is told what the notice lacks, fills it in Settings and downloads the PDF', async () => {
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'leak_lena');
    const { page } = await journey.newPage({ viewport: { width: 390, height: 844 } });
    await logInThroughDialog(page, account.username, account.password);
    const fitsThePhone = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await page.goto('/leaks/cases');
    await page.getByRole('heading', { level: 1, name: texts.listTitle }).waitFor();
    await page.getByRole('heading', { name: texts.emptyTitle }).waitFor();
    await page.getByRole('link', { name: texts.addByHand }).first().click();
    await page.waitForURL('**/leaks/cases/new');

    const longAddress = `https://www.leaks.example/lena/${'gallery-'.repeat(40)}1`;
    await page.getByLabel(texts.urlsLabel).fill(`${longAddress}\nhttps://www.leaks.example/lena/2`);
    await page.getByLabel(texts.workLabel).fill('My photo in the red dress, posted on Reddit in March.');
    await page.getByLabel(texts.abuseLabel).fill('abuse@leaks.example');
    await page.getByRole('button', { name: texts.save }).click();
    await page.waitForURL(/\/leaks\/cases\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Leak on leaks.example' }).waitFor();
    expect(await fitsThePhone()).toBe(true);

    // Without her contact details the notice can be read, not sent.
    const missing = page.getByRole('alert').filter({ hasText: texts.contactMissingTitle });
    await missing.waitFor();
    expect(await page.getByRole('button', { name: texts.downloadPdf }).isDisabled()).toBe(true);
    await page.getByText(leakCaseTexts.disclaimer).waitFor();
    const caseUrl = page.url();

    await missing.getByRole('link', { name: texts.contactMissingLink }).click();
    await page.waitForURL('**/settings#takedown-contact');
    const contactForm = page.getByRole('form', { name: takedownContactTexts.title });
    await contactForm.getByLabel(takedownContactTexts.legalName).fill('Lena Łukasz Example');
    await contactForm.getByLabel(takedownContactTexts.email).fill('lena@example.com');
    await contactForm.getByLabel(takedownContactTexts.postalAddress).fill('PO Box 7\nPortland, OR 97201');
    await contactForm.getByRole('button', { name: takedownContactTexts.save }).click();
    await page.getByText(takedownContactTexts.saved).waitFor();

    await page.goto(caseUrl);
    const notice = page.getByLabel(texts.noticeTextLabel);
    await notice.getByText('Signature: /Lena Łukasz Example/').waitFor();
    expect(await notice.innerText()).toContain(longAddress);
    await page.getByText(texts.pdfCharacters(['Ł'])).waitFor();
    expect(await fitsThePhone()).toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: texts.downloadPdf }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^takedown-notice-leaks\.example-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.getByText(texts.downloaded).waitFor();

    await page
      .getByRole('group', { name: texts.statusGroup })
      .getByRole('button', { name: texts.markNoticeSent })
      .click();
    await page.getByText(texts.statusSaved).waitFor();
    await page.goto('/leaks/cases?status=notice_sent');
    await page.getByRole('list', { name: texts.listLabel }).getByText('Leak on leaks.example').waitFor();
    expect(await fitsThePhone()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });
});
