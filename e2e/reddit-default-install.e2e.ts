import { afterAll, describe, expect, it } from 'vitest';
import { redditTexts } from '../packages/shared/src/reddit';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';

const mailbox = await startMailbox();
afterAll(() => mailbox.close());

describe.skipIf(!browserCheck.available)('/reddit on a default install (no Reddit app credentials)', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url } }));

  it('says at the top that posting is not set up, and still checks a title against the rules', async () => {
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'default_dana');
    const { page } = await journey.newPage({ viewport: { width: 390, height: 844 } });
    await logInThroughDialog(page, account.username, account.password);
    await page.goto('/reddit');
    const notice = page.getByRole('region', { name: redditTexts.postingOffTitle });
    await notice.waitFor();
    const form = page.getByRole('form', { name: 'Schedule a post' });
    await form.waitFor();
    const [noticeTop, formTop] = await Promise.all([
      notice.evaluate((element) => element.getBoundingClientRect().top),
      form.evaluate((element) => element.getBoundingClientRect().top),
    ]);
    expect(noticeTop).toBeLessThan(formTop);
    await notice.getByText(redditTexts.postingOffAdmin).click();
    await notice.getByText(`${journey.baseUrl}/api/reddit/callback`, { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Connect Reddit' }).count()).toBe(0);

    // The rules check answers from the communities database: gonewild wants a gender tag.
    await form.getByLabel('Subreddit').fill('gonewild');
    await form.getByLabel('Title').fill('Sunday vibes');
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/posts/check')),
      form.getByRole('button', { name: 'Check rules' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    const check = await answer.json();
    expect(check).toMatchObject({ ok: false, checkedLive: false });
    await page.getByText('Sunday vibes [F]').first().waitFor();
    await page.screenshot({ path: '/tmp/h/reddit-default-install-phone.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(pageErrors(page)).toEqual([]);
  });
});
