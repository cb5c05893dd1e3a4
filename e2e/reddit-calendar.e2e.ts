import { afterAll, describe, expect, it } from 'vitest';
import { accountFlowTexts } from '../packages/shared/src/messages';
import type { ScheduledPost } from '../packages/shared/src/posts';
import { RedditStandIn } from '../apps/api/test/stand-ins/reddit';
import { createVerifiedAccount, logInThroughDialog } from './support/accounts';
import { callApiFromPage } from './support/page-api';
import { browserCheck, pageErrors, useJourney } from './support/journey';
import { startMailbox } from './support/mailbox';
import { serveRedditConsent } from './support/reddit-consent';

const mailbox = await startMailbox();
const reddit = await RedditStandIn.start();
const redditUser = 'calendar_cleo';
const zone = 'Europe/Berlin';

const api = callApiFromPage;

/** "YYYY-MM-DD" of a day in Berlin, and the moment of a Berlin wall-clock time on it. */
const berlinDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);
function berlinMoment(day: string, time: string): Date {
  const guess = new Date(`${day}T${time}:00Z`);
  const shown = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(guess);
  const [h, m] = shown.split(':').map(Number);
  const [wantH, wantM] = time.split(':').map(Number);
  return new Date(guess.getTime() - ((h! - wantH!) * 60 + (m! - wantM!)) * 60_000);
}
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!browserCheck.available)('Reddit calendar in the browser', () => {
  const journey = useJourney(async () => ({ env: { SMTP_URL: mailbox.url, ...reddit.env() } }));
  afterAll(async () => {
    await mailbox.close();
    await reddit.close();
  });

  it('shows two posts in the week, moves one by dragging and one with the keyboard, and an agenda at 390 px', async () => {
    reddit.addUser(redditUser, { link_karma: 1200, comment_karma: 300 });
    reddit.addSubreddit('CalendarOne', { subscribers: 5000 });
    reddit.addSubreddit('CalendarTwo', { subscribers: 5000 });
    const account = await createVerifiedAccount(journey.baseUrl, mailbox, 'calendar_cleo');
    const { page } = await journey.newPage({ timezoneId: zone });
    await page.setViewportSize({ width: 1366, height: 900 });
    await serveRedditConsent(page, reddit, redditUser);
    await logInThroughDialog(page, account.username, account.password);
    await page.goto('/reddit');
    await page.getByRole('button', { name: 'Connect Reddit' }).click();
    await page.waitForURL(`${reddit.baseUrl}/api/v1/authorize**`);
    await page.getByRole('link', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === '/reddit');
    await page.getByText(accountFlowTexts.redditConnectedTitle, { exact: true }).waitFor();

    // A week two weeks ahead (so every time is in the future): its Monday, in Berlin.
    const ahead = berlinDay(new Date(Date.now() + 14 * 86_400_000));
    const weekday = (new Date(`${ahead}T12:00:00Z`).getUTCDay() + 6) % 7;
    const monday = addDays(ahead, -weekday);
    const tuesday = addDays(monday, 1);
    const thursday = addDays(monday, 3);
    const friday = addDays(monday, 4);
    const schedule = (subreddit: string, title: string, at: Date) =>
      api<{ post: ScheduledPost }>(page, 'POST', '/api/posts/schedule', {
        subreddit,
        title,
        scheduledAt: at.toISOString(),
      });
    const first = await schedule('CalendarOne', 'Morning coffee', berlinMoment(tuesday, '10:00'));
    const second = await schedule('CalendarTwo', 'Evening walk', berlinMoment(tuesday, '15:30'));
    expect([first.status, second.status]).toEqual([201, 201]);

    await page.goto('/reddit');
    await page.getByRole('tab', { name: 'Week' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'week');
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: 'Next week' }).click();
    // Two weeks on from today in Berlin (the browser's zone), remembered in the URL.
    await page.waitForURL((url) => url.searchParams.get('date') === addDays(berlinDay(new Date()), 14));

    const slot = (day: string, hour: string) => page.locator(`[data-slot="${day}T${hour}"]`);
    const morning = page.getByRole('button', { name: /^Pending 10:00 AM r\/CalendarOne$/ });
    const evening = page.getByRole('button', { name: /^Pending 03:30 PM r\/CalendarTwo$/ });
    await slot(tuesday, '10:00')
      .getByRole('button', { name: /r\/CalendarOne/ })
      .waitFor();
    await slot(tuesday, '15:00')
      .getByRole('button', { name: /r\/CalendarTwo/ })
      .waitFor();
    await page.getByText(`Times in ${zone}.`, { exact: false }).waitFor();
    await page.screenshot({ path: '/tmp/reddit-calendar-week.png', fullPage: true });

    // Drag the morning post to Thursday 10:00: PATCHed, and shown there.
    const [moved] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'PATCH'),
      morning.dragTo(slot(thursday, '10:00')),
    ]);
    expect(moved.status(), await moved.text()).toBe(200);
    expect(moved.request().postDataJSON()).toEqual({
      scheduledAt: berlinMoment(thursday, '10:00').toISOString(),
    });
    await slot(thursday, '10:00')
      .getByRole('button', { name: /r\/CalendarOne/ })
      .waitFor();
    expect(await slot(tuesday, '10:00').getByRole('button').count()).toBe(0);

    // The evening post with the keyboard only: focus, Enter, Move, new date and time, Enter.
    await evening.focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'Evening walk' });
    await details.waitFor();
    await details.getByRole('button', { name: 'Move' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Move this post' });
    await form.getByLabel('Date').focus();
    await form.getByLabel('Date').fill(friday);
    await form.getByLabel('Time').fill('18:45');
    await page.screenshot({ path: '/tmp/reddit-calendar-move-dialog.png' });
    const [keyboardMove] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'PATCH'),
      form.getByLabel('Time').press('Enter'),
    ]);
    expect(keyboardMove.status(), await keyboardMove.text()).toBe(200);
    await slot(friday, '18:00')
      .getByRole('button', { name: /^Pending 06:45 PM r\/CalendarTwo$/ })
      .waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: 'Moved “Evening walk” to' })
      .waitFor({ state: 'attached' });
    await page.screenshot({ path: '/tmp/reddit-calendar-moved.png', fullPage: true });

    // The server holds the new times.
    const range = `from=${encodeURIComponent(berlinMoment(monday, '00:00').toISOString())}&to=${encodeURIComponent(berlinMoment(addDays(monday, 7), '00:00').toISOString())}`;
    const calendar = await api<{ posts: ScheduledPost[] }>(page, 'GET', `/api/posts/calendar?${range}`);
    expect(calendar.json.posts.map((post) => [post.subreddit, post.scheduledAt])).toEqual([
      ['CalendarOne', berlinMoment(thursday, '10:00').toISOString()],
      ['CalendarTwo', berlinMoment(friday, '18:45').toISOString()],
    ]);

    await page.getByRole('tab', { name: 'Month' }).click();
    await page
      .locator(`[data-day="${friday}"]`)
      .getByRole('button', { name: /r\/CalendarTwo/ })
      .waitFor();
    await page.screenshot({ path: '/tmp/reddit-calendar-month.png', fullPage: true });

    // A phone: the agenda, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Week' }).click();
    await page.getByRole('heading', { name: /Thursday/ }).waitFor();
    await page.getByRole('heading', { name: /Friday/ }).waitFor();
    expect(await page.locator('[data-slot]').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('tablist').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/reddit-calendar-agenda-390.png', fullPage: true });
    // The details and the move form fit the phone too.
    await page.getByRole('button', { name: /r\/CalendarTwo/ }).click();
    await page.getByRole('dialog', { name: 'Evening walk' }).getByRole('button', { name: 'Move' }).click();
    const phoneForm = page.getByRole('dialog', { name: 'Move this post' });
    await phoneForm.getByLabel('Date').waitFor();
    await phoneForm.evaluate((dialog) => Promise.all(dialog.getAnimations().map((a) => a.finished)));
    await page.screenshot({ path: '/tmp/reddit-calendar-move-390.png' });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The list with its filters, on the phone.
    await page.getByRole('tab', { name: 'List' }).click();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('pending');
    await page.getByRole('heading', { name: 'Your scheduled posts' }).scrollIntoViewIfNeeded();
    await page.getByText('Filters look at the posts loaded so far', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/reddit-calendar-list-390.png', fullPage: true });
    expect(pageErrors(page)).toEqual([]);
  });
});
