import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { analyticsSessionStorageKey } from '@app/shared/analytics';
import { openDatabase } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { analyticsEvents, users } from '../apps/api/src/db/schema/index';
import { createSession } from '../apps/api/src/modules/auth/session.repo';
import { removeDataDir, startApp, type RunningApp } from './support/app-server';
import { browserAvailability, launchBrowser } from './support/browser';

const browserCheck = browserAvailability();
const dbDir = (dataDir: string) => path.join(dataDir, 'db');

/** A tab whose analytics POSTs (and their answers) are counted as they happen. */
async function openTab(browser: Browser, baseUrl: string, sessionToken?: string) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  if (sessionToken) await context.addCookies([{ name: 'sid', value: sessionToken, url: baseUrl }]);
  const answers: { status: number; at: number }[] = [];
  context.on('response', (response) => {
    if (response.url().endsWith('/api/analytics/events') && response.request().method() === 'POST') {
      answers.push({ status: response.status(), at: Date.now() });
    }
  });
  const page = await context.newPage();
  const waitForBatches = async (count: number) => {
    const deadline = Date.now() + 15_000;
    while (answers.length < count && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answers.length).toBeGreaterThanOrEqual(count);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
  };
  return { context, page, answers, waitForBatches };
}

const sessionIdOf = (page: Page) =>
  page.evaluate((key) => sessionStorage.getItem(key), analyticsSessionStorageKey);

async function clickNav(page: Page, name: string, url: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  await page.waitForURL(`**${url}`);
  await page.getByRole('main').waitFor();
}

/**
 * Leaving for another document fires pagehide: page_end (exit) and session_end go out with
 * keepalive. That request outlives the page, so the test cannot watch its answer; it gives it time.
 */
async function leave(page: Page) {
  await page.goto('about:blank');
  await new Promise((resolve) => setTimeout(resolve, 1_500));
}

describe.skipIf(!browserCheck.available)('usage analytics from the browser to the database', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-analytics-'));
  const state = {} as { app: RunningApp; browser: Browser; userId: string; token: string };
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // A verified user with a session, written before the app starts (PGlite serves one process).
    const database = await openDatabase({ pgliteDataDir: dbDir(dataDir) });
    await migrateDatabase(database);
    const [user] = await database.db
      .insert(users)
      .values({ username: 'analytics_ann', email: 'analytics@example.com', emailVerifiedAt: new Date() })
      .returning();
    state.userId = user!.id;
    state.token = (await createSession(database.db, user!.id)).token;
    await database.close();
    state.app = await startApp({ dataDir });
    state.browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await state.browser?.close();
    await state.app?.stop();
    removeDataDir(dataDir);
  });

  it('stores page views, page ends, clicks and session ends per tab, for visitors and users, and nothing once turned off', async () => {
    // 1. A signed-out visitor browses three pages through the header, faster than the tracker's
    // code arrives (held back here until she is on the third page): nothing she did is lost.
    const visitor = await openTab(state.browser, state.app.baseUrl);
    contexts.push(visitor.context);
    let releaseTracker = () => {};
    const trackerHeld = new Promise<void>((resolve) => (releaseTracker = resolve));
    const trackerRequested: string[] = [];
    await visitor.page.route('**/assets/visitor-analytics-*.js', async (route) => {
      trackerRequested.push(route.request().url());
      await trackerHeld;
      await route.continue();
    });
    await visitor.page.goto('/');
    await visitor.page.getByRole('main').waitFor();
    await clickNav(visitor.page, 'Reddit', '/reddit');
    await clickNav(visitor.page, 'Caption Generator', '/caption-generator');
    await expect.poll(() => trackerRequested.length).toBe(1);
    expect(visitor.answers).toHaveLength(0);
    releaseTracker();
    await visitor.waitForBatches(1); // the fifth event sent a batch
    const visitorSession = await sessionIdOf(visitor.page);
    await leave(visitor.page);

    // 2. Another visitor reads one page and leaves: fewer than five events, all sent from pagehide.
    const bounce = await openTab(state.browser, state.app.baseUrl);
    contexts.push(bounce.context);
    // A phone's network: the CSRF token takes a moment, so it must be at hand before pagehide.
    await bounce.page.route('**/api/csrf-token', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await bounce.page.goto('/terms');
    await bounce.page.getByRole('main').waitFor();
    await bounce.page.waitForLoadState('networkidle');
    const bounceSession = await sessionIdOf(bounce.page);
    await leave(bounce.page);

    // 3. A signed-in user in another tab.
    const member = await openTab(state.browser, state.app.baseUrl, state.token);
    contexts.push(member.context);
    await member.page.goto('/dashboard');
    await member.page.getByRole('main').waitFor();
    await clickNav(member.page, 'History', '/history');
    await clickNav(member.page, 'Reddit', '/reddit');
    const memberSession = await sessionIdOf(member.page);
    await member.waitForBatches(1);
    await leave(member.page);

    // 4. The same user, a new tab: five events go out, then usageAnalytics is switched off.
    const optOut = await openTab(state.browser, state.app.baseUrl, state.token);
    contexts.push(optOut.context);
    await optOut.page.goto('/dashboard');
    await optOut.page.getByRole('main').waitFor();
    await clickNav(optOut.page, 'History', '/history');
    await clickNav(optOut.page, 'Settings', '/settings');
    const optOutSession = await sessionIdOf(optOut.page);
    await optOut.waitForBatches(1);
    const toggle = optOut.page.getByRole('switch', { name: 'Usage analytics' });
    await toggle.click();
    await optOut.page.getByRole('button', { name: 'Save Settings' }).click();
    await optOut.page.getByText('Settings saved').first().waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    const batchesBeforeOff = optOut.answers.length;
    await clickNav(optOut.page, 'Dashboard', '/dashboard');
    await clickNav(optOut.page, 'History', '/history');
    await clickNav(optOut.page, 'Reddit', '/reddit');
    await clickNav(optOut.page, 'Caption Generator', '/caption-generator');
    await leave(optOut.page);
    expect(optOut.answers.length).toBe(batchesBeforeOff);

    // 5. Stop the server and read what it stored.
    expect(await state.app.stop('SIGTERM')).toBe(0);
    const database = await openDatabase({ pgliteDataDir: dbDir(dataDir) });
    const rows = await database.db.select().from(analyticsEvents);
    await database.close();

    const sessions = [visitorSession, bounceSession, memberSession, optOutSession];
    expect(new Set(sessions).size).toBe(4);
    expect(new Set(rows.map((row) => row.clientEventId)).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.sessionId))).toEqual(new Set(sessions));
    const of = (sessionId: string | null) =>
      rows
        .filter((row) => row.sessionId === sessionId)
        .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())
        .map((row) => ({ type: row.type, page: row.page, userId: row.userId, data: row.data }));

    const visitorRows = of(visitorSession);
    expect(visitorRows.every((row) => row.userId === null)).toBe(true);
    expect(visitorRows.filter((row) => row.type === 'page_view').map((row) => row.page)).toEqual([
      '/',
      '/reddit',
      '/caption-generator',
    ]);
    expect(
      visitorRows.filter((row) => row.type === 'page_end').map((row) => [row.page, row.data.exitPage]),
    ).toEqual([
      ['/', false],
      ['/reddit', false],
      ['/caption-generator', true],
    ]);
    expect(visitorRows.filter((row) => row.type === 'click').map((row) => row.data)).toEqual([
      { element: 'header-link', href: '/reddit', text: 'Reddit', type: 'link' },
      { element: 'header-link', href: '/caption-generator', text: 'Caption Generator', type: 'link' },
    ]);
    expect(visitorRows.filter((row) => row.type === 'session_end')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ pageCount: 3, eventCount: 8 }) }),
    ]);
    expect(visitorRows).toHaveLength(9);

    // Sorted: page_end and session_end are recorded in the same millisecond.
    expect(
      of(bounceSession)
        .map((row) => `${row.type} ${row.page} ${row.userId}`)
        .sort(),
    ).toEqual(['page_end /terms null', 'page_view /terms null', 'session_end /terms null']);

    const memberRows = of(memberSession);
    expect(memberRows.every((row) => row.userId === state.userId)).toBe(true);
    // All of them first, so a failure shows which request was missing (a batch, or pagehide's).
    expect(memberRows.map((row) => `${row.type} ${row.page}`).sort()).toEqual([
      'click /dashboard',
      'click /history',
      'page_end /dashboard',
      'page_end /history',
      'page_end /reddit',
      'page_view /dashboard',
      'page_view /history',
      'page_view /reddit',
      'session_end /reddit',
    ]);
    expect(memberRows.filter((row) => row.type === 'page_view').map((row) => row.page)).toEqual([
      '/dashboard',
      '/history',
      '/reddit',
    ]);
    expect(
      memberRows.filter((row) => row.type === 'page_end').map((row) => [row.page, row.data.exitPage]),
    ).toEqual([
      ['/dashboard', false],
      ['/history', false],
      ['/reddit', true],
    ]);
    expect(memberRows.filter((row) => row.type === 'click').map((row) => row.data.href)).toEqual([
      '/history',
      '/reddit',
    ]);

    // Only what the opted-out tab sent before the switch (no batch left after it, checked above):
    // its first batch, and perhaps its last two events before the switch (leaving /history, viewing
    // /settings), which a timed flush may send while the settings page is open (it did once in CI).
    const optOutRows = of(optOutSession);
    expect(optOutRows.every((row) => row.userId === state.userId)).toBe(true);
    const beforeSwitchMaybe = ['page_end /history', 'page_view /settings'];
    const savedOptOut = optOutRows.map((row) => `${row.type} ${row.page}`).sort();
    for (const event of beforeSwitchMaybe)
      expect(savedOptOut.filter((saved) => saved === event).length).toBeLessThanOrEqual(1);
    expect(savedOptOut.filter((saved) => !beforeSwitchMaybe.includes(saved))).toEqual([
      'click /dashboard',
      'click /history',
      'page_end /dashboard',
      'page_view /dashboard',
      'page_view /history',
    ]);
  });
});
