import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, removeDataDir, type RunningApp } from './app-server';
import { browserAvailability, launchBrowser } from './browser';

export const browserCheck = browserAvailability();

/** One app process and one browser per journey file; each test opens a fresh context (own storage). */
export function useJourney(appOptions: () => Promise<Parameters<typeof startApp>[0]> = async () => ({})) {
  const state = {} as { app: RunningApp; browser: Browser };
  beforeAll(async () => {
    if (!browserCheck.available) return;
    state.app = await startApp(await appOptions());
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    if (state.app) {
      await state.app.stop();
      removeDataDir(state.app.dataDir);
    }
  });
  return {
    get baseUrl() {
      return state.app.baseUrl;
    },
    async newPage(options: { colorScheme?: 'light' | 'dark' } = {}): Promise<{ context: BrowserContext; page: Page }> {
      const context = await state.browser.newContext({ baseURL: state.app.baseUrl, colorScheme: options.colorScheme ?? 'light' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(message.text());
      });
      (page as Page & { collectedErrors: string[] }).collectedErrors = errors;
      return { context, page };
    },
  };
}

export function pageErrors(page: Page): string[] {
  return (page as Page & { collectedErrors?: string[] }).collectedErrors ?? [];
}
