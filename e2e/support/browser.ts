import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Outside CI a machine without Chromium skips the browser journeys with a clear message;
 * in CI (CI=true) a missing browser is a failure, never a silent skip.
 */
export function browserAvailability(): { available: boolean; reason: string } {
  if (existsSync(chromiumPath)) return { available: true, reason: '' };
  const reason = `Chromium not found at ${chromiumPath}: install it with "apt-get install -y chromium" to run the browser tests.`;
  if (process.env.CI === 'true') throw new Error(`${reason} (CI=true: browser tests must run)`);
  console.warn(`Skipping browser tests. ${reason}`);
  return { available: false, reason };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
