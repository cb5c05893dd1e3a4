import { describe, expect, it } from 'vitest';
import { browserCheck, useJourney } from './support/journey';
import { chooseTheme, isDark } from './support/theme';

describe.skipIf(!browserCheck.available)('theme', () => {
  const journey = useJourney();

  it('defaults to the system preference and follows the OS live', async () => {
    const { page, context } = await journey.newPage({ colorScheme: 'dark' });
    await page.goto('/');
    await page.getByRole('main').waitFor();
    expect(await isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await context.close();
  });

  it('a chosen theme overrides the OS, is stored locally and applies before the app renders on reload', async () => {
    const { page, context } = await journey.newPage({ colorScheme: 'light' });
    await page.goto('/terms');
    await page.getByRole('main').waitFor();
    expect(await isDark(page)).toBe(false);
    await chooseTheme(page, 'Dark');
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('creator-studio-theme'))).toBe('dark');

    // The class must be set by theme-init.js before any module script runs (no light flash).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { darkAtDomReady: boolean }).darkAtDomReady =
          document.documentElement.classList.contains('dark');
      });
    });
    await page.reload();
    await page.getByRole('main').waitFor();
    expect(await page.evaluate(() => (window as unknown as { darkAtDomReady: boolean }).darkAtDomReady)).toBe(
      true,
    );

    // An explicit choice ignores OS changes.
    await page.emulateMedia({ colorScheme: 'dark' });
    await chooseTheme(page, 'Light');
    expect(await isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await isDark(page)).toBe(false);

    await chooseTheme(page, 'System');
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('creator-studio-theme'))).toBe('system');
    await context.close();
  });
});
