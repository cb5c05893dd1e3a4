import { afterAll, describe, expect, it } from 'vitest';
import { watermarkTextTexts as texts } from '../packages/shared/src/settings';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';

const mailbox = await startMailbox();

describe.skipIf(!browserCheck.available)('watermark text in Settings', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url } }));
  afterAll(() => mailbox.close());

  it('on a Free plan, on a phone: the username mark, why it cannot change, and the way to upgrade', async () => {
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'mark_mia');
    const { page } = await journey.newPage({ viewport: { width: 390, height: 844 } });
    await logInThroughDialog(page, account.username, account.password);
    await page.goto('/settings');
    const field = page.getByLabel(texts.label, { exact: true });
    await field.waitFor();
    await field.scrollIntoViewIfNeeded();
    expect(await field.isDisabled()).toBe(true);
    expect(await page.getByTestId('watermark-preview').innerText()).toBe(`© ${account.username}`);
    await page.getByText(texts.freeLocked).waitFor();
    const upgrade = page.getByRole('link', { name: texts.upgradeLink });
    expect(await upgrade.getAttribute('href')).toContain('#subscription');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: '/tmp/watermark-text-390.png' });
    expect(pageErrors(page)).toEqual([]);
  });
});
