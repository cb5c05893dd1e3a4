// What the browser tools in bench/tools share: a data folder holding the large creator, Chromium
// with the flags this machine needs, and a page's context signed in as her unless it is a visitor's.
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { openDatabase } from '../../apps/api/src/db/client.js';
import { migrateDatabase } from '../../apps/api/src/db/migrate.js';
import { seedCommunities } from '../../apps/api/src/db/seed/seed-communities.js';
import { largeCreatorSizes, seedCreator, type SeededCreator } from './creator-data.js';

/** A new data folder with the communities and the large creator (2,000 photos, 1,000 scheduled posts, 5,000 history items). */
export async function seedLargeCreatorData(dataDir: string): Promise<SeededCreator> {
  const database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'db') });
  try {
    await migrateDatabase(database);
    await seedCommunities(database);
    return await seedCreator(database.db, path.join(dataDir, 'media'), 'large', largeCreatorSizes);
  } finally {
    await database.close();
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** The creator's session cookie in the context, except for the visitor's pages (/ and /terms). */
export async function signInUnlessVisitorPage(
  context: BrowserContext,
  page: string,
  creator: SeededCreator,
  origin: string,
): Promise<void> {
  if (page === '/' || page.startsWith('/terms')) return;
  const separator = creator.cookie.indexOf('=');
  await context.addCookies([
    { name: creator.cookie.slice(0, separator), value: creator.cookie.slice(separator + 1), url: origin },
  ]);
}
