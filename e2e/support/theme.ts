import type { Page } from 'playwright-core';

export const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

/** The header's theme menu, as a user picks a theme. */
export async function chooseTheme(page: Page, label: 'Light' | 'Dark' | 'System') {
  await page.getByRole('banner').getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: label }).click();
}
