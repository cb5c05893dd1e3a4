import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sessionCookieName } from '../../apps/api/src/modules/auth/session-token';
import { startApp, removeDataDir, type RunningApp } from './app-server';
import { browserAvailability, launchBrowser } from './browser';
import { skipWalkthroughWhenShown } from './walkthrough';

export const browserCheck = browserAvailability();

export interface PageOptions {
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /** Signs the page in with a session made by a seed, without going through the login dialog. */
  sessionToken?: string;
  /** The browser's IANA time zone (the machine's when absent). */
  timezoneId?: string;
  /** On by default: skip the onboarding walkthrough whenever it appears (its own journey turns this off). */
  skipWalkthrough?: boolean;
  /** Off shows what the server's HTML alone draws, before any script runs. */
  javaScriptEnabled?: boolean;
}

/** A fresh context (own storage) and page that records page errors and CSP violations. */
async function openPage(
  browser: Browser,
  baseUrl: string,
  options: PageOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    colorScheme: options.colorScheme ?? 'light',
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
  });
  if (options.sessionToken)
    await context.addCookies([{ name: sessionCookieName, value: options.sessionToken, url: baseUrl }]);
  const page = await context.newPage();
  if (options.skipWalkthrough !== false) await skipWalkthroughWhenShown(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      errors.push(message.text());
  });
  (page as Page & { collectedErrors: string[] }).collectedErrors = errors;
  return { context, page };
}

async function closeJourney(state: { app?: RunningApp; browser?: Browser }) {
  await state.browser?.close();
  if (state.app) {
    await state.app.stop();
    removeDataDir(state.app.dataDir);
  }
}

/** One app process and one browser per journey file; each test opens a fresh context (own storage). */
export function useJourney(appOptions: () => Promise<Parameters<typeof startApp>[0]> = async () => ({})) {
  const state = {} as { app: RunningApp; browser: Browser };
  beforeAll(async () => {
    if (!browserCheck.available) return;
    state.app = await startApp(await appOptions());
    state.browser = await launchBrowser();
  });
  afterAll(() => closeJourney(state));
  return {
    get baseUrl() {
      return state.app.baseUrl;
    },
    newPage(options: PageOptions = {}) {
      return openPage(state.browser, state.app.baseUrl, options);
    },
  };
}

export function pageErrors(page: Page): string[] {
  return (page as Page & { collectedErrors?: string[] }).collectedErrors ?? [];
}

/**
 * Like useJourney, for journeys that need rows no API call can make (admins, past dates): the
 * first start creates and migrates the embedded database, `seed` writes into it while the server
 * is stopped, and the server starts again on it.
 */
export function useSeededJourney<Seeded>(seed: (dataDir: string) => Promise<Seeded>) {
  const state = {} as { app: RunningApp; browser: Browser; seeded: Seeded };
  beforeAll(async () => {
    if (!browserCheck.available) return;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-seeded-'));
    const first = await startApp({ dataDir });
    expect(await first.stop('SIGTERM')).toBe(0);
    state.seeded = await seed(dataDir);
    state.app = await startApp({ dataDir });
    state.browser = await launchBrowser();
  });
  afterAll(() => closeJourney(state));
  return {
    get seeded() {
      return state.seeded;
    },
    get baseUrl() {
      return state.app.baseUrl;
    },
    async newPage(options: PageOptions = {}) {
      return (await openPage(state.browser, state.app.baseUrl, options)).page;
    },
  };
}
