// `npm run bench -- web` (issue 22): the production build as a phone sees it, and the paged lists
// at a creator's real sizes.
//  1. Builds the web app and starts the real server (PGlite, production mode) on seeded data: one
//     creator with 2,000 gallery photos, 1,000 scheduled posts and 5,000 history items, and one
//     with 10 of each.
//  2. Lighthouse, mobile defaults, WEB_BENCH_RUNS (3) runs per page, median: the signed-out pages,
//     then the signed-in pages as the large creator; beside them an empty page served from this
//     process, as the machine's own reference (absolute scores vary by machine).
//  3. p50/p99 of each paged list API (first and last page) for the large creator next to the same
//     API for the small one: paging must keep the cost flat as history grows (target ≤ 1.5×).
//
//   WEB_BENCH_RUNS=3  WEB_BENCH_API_REQUESTS=300  WEB_BENCH_SKIP_BUILD=1 (reuse apps/web/dist)
//   WEB_BENCH_PAGES=/,/dashboard (only these)
//   WEB_BENCH_TRACE_DIR=/tmp/traces (an existing folder: each run's whole trace saved there as JSON)
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/client.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';
import { seedCommunities } from '../apps/api/src/db/seed/seed-communities.js';
import { RedditStandIn } from '../apps/api/test/stand-ins/reddit.js';
import { largeCreatorSizes, seedCreator } from './support/creator-data.js';
import { HeadlessChromium, medianRun, type PageFigures } from './support/lighthouse-runner.js';
import { measureList, pagedLists } from './support/paged-list-latency.js';
import { freePort, ServerProcess, serverEnv } from './support/server-process.js';

const runs = Number(process.env.WEB_BENCH_RUNS ?? 3);
const apiRequests = Number(process.env.WEB_BENCH_API_REQUESTS ?? 300);
// WEB_BENCH_PAGES=/reddit,/login measures only those; WEB_BENCH_DIAGNOSE=1 prints Lighthouse's
// measure of the machine's speed, what shifted the layout, what the largest paint waited for and
// which scripts cost the most main-thread time.
const onlyPages = process.env.WEB_BENCH_PAGES?.split(',');
const budgetKb = { signedOut: 120, signedIn: 200 };
const targets = { signedOut: 95, signedIn: 90, apiRatio: 1.5 };
const signedOutPages = [
  '/',
  '/login',
  '/terms',
  '/privacy',
  '/imageshield',
  '/forgot-password',
  '/reset-password?token=bench',
  '/email-verification?token=bench',
];
const signedInPages = ['/dashboard', '/gallery', '/history', '/reddit', '/reddit/communities'];
const selected = (pages: string[]) => pages.filter((page) => !onlyPages || onlyPages.includes(page));

if (!process.env.WEB_BENCH_SKIP_BUILD) {
  console.log('Building the web app (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('npm run build failed');
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'web-bench-'));
console.log('Seeding a creator with 2,000 photos, 1,000 scheduled posts and 5,000 history items…');
const database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'db') });
await migrateDatabase(database);
await seedCommunities(database);
const mediaDir = path.join(dataDir, 'media');
const large = await seedCreator(database.db, mediaDir, 'large', largeCreatorSizes);
const small = await seedCreator(database.db, mediaDir, 'small', { gallery: 10, scheduled: 10, history: 10 });
await database.close();

// Reddit configured, as on a real deployment (otherwise /reddit shows its "not set up" notice),
// through the stand-in the other benches use.
const reddit = await RedditStandIn.start();
const port = await freePort();
const app = new ServerProcess(port, serverEnv(port, dataDir, reddit.env()));
await app.start();

const empty = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Empty page</title><meta name="description" content="Reference page"></head><body><main><h1>Empty page</h1></main></body></html>',
  );
});
await new Promise<void>((resolve) => empty.listen(0, '127.0.0.1', resolve));
const emptyUrl = `http://127.0.0.1:${(empty.address() as AddressInfo).port}/`;

const rows: { page: string; figures: PageFigures; budget?: number; target?: number }[] = [];
// One browser for the visitor's pages and a fresh one (empty profile) for the signed-in pages,
// whose jar holds the large creator's session cookie.
const visitor = await HeadlessChromium.start();
try {
  rows.push({ page: 'empty page (reference)', figures: await medianRun(visitor, emptyUrl, runs) });
  for (const page of selected(signedOutPages)) {
    const figures = await medianRun(visitor, `${app.url}${page}`, runs);
    rows.push({ page, figures, budget: budgetKb.signedOut, target: targets.signedOut });
  }
} finally {
  await visitor.stop();
}
const creator = await HeadlessChromium.start();
try {
  await creator.addCookie(app.url, large.cookie);
  for (const page of selected(signedInPages)) {
    const figures = await medianRun(creator, `${app.url}${page}`, runs);
    rows.push({ page: `${page} (signed in)`, figures, budget: budgetKb.signedIn, target: targets.signedIn });
  }
} finally {
  await creator.stop();
}

const pad = (text: string | number, width: number) => String(text).padStart(width);
console.log(
  `\nMachine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GB, load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}; Node ${process.version}`,
);
console.log(`\nLighthouse ${runs}× per page, median; mobile defaults (simulated 4G, 4× CPU slowdown)`);
console.log(
  `${'page'.padEnd(34)}${pad('perf', 6)}${pad('target', 8)}${pad('a11y', 6)}${pad('LCP ms', 9)}${pad('TBT ms', 8)}${pad('CLS', 7)}${pad('script KB', 11)}${pad('budget', 8)}`,
);
for (const { page, figures, budget, target } of rows) {
  const over = budget !== undefined && figures.scriptKb > budget ? ' OVER' : '';
  console.log(
    `${page.padEnd(34)}${pad(figures.performance, 6)}${pad(target ?? '', 8)}${pad(figures.accessibility, 6)}${pad(Math.round(figures.lcpMs), 9)}${pad(Math.round(figures.tbtMs), 8)}${pad(figures.cls.toFixed(3), 7)}${pad(figures.scriptKb.toFixed(1), 11)}${pad(budget ?? '', 8)}${over}`,
  );
  if (figures.failedAccessibilityAudits.length > 0)
    console.log(`  accessibility audits failing: ${figures.failedAccessibilityAudits.join(', ')}`);
  if (process.env.WEB_BENCH_DIAGNOSE) for (const line of figures.diagnosis) console.log(`  ${line}`);
}

// Like for like, the target: pages of 10, which the creator with 10 items fills exactly, so the
// ratio shows what a long history adds to a page. Pages of 50 (the largest the app asks for)
// follow for context: there the small creator's answer holds 10 rows and the large one's 50.
for (const [limit, role] of [
  [10, 'like for like, the target'],
  [50, 'context: 10 rows against 50'],
] as const) {
  console.log(
    `\nPaged list APIs, ${apiRequests} sequential requests each, pages of ${limit} (${role}), large creator vs 10 items`,
  );
  console.log(
    `${'list'.padEnd(34)}${pad('10 p50', 8)}${pad('10 p99', 8)}${pad('large p50', 11)}${pad('large p99', 11)}${pad('last p99', 10)}${pad('ratio', 7)}${pad('target', 8)}`,
  );
  for (const list of pagedLists) {
    const smallFigures = await measureList(app.url, small, list, apiRequests, limit);
    const largeFigures = await measureList(app.url, large, list, apiRequests, limit);
    const ratio =
      Math.max(largeFigures.firstPage.p99, largeFigures.lastPage.p99) / smallFigures.firstPage.p99;
    console.log(
      `${list.name.padEnd(34)}${pad(smallFigures.firstPage.p50.toFixed(1), 8)}${pad(smallFigures.firstPage.p99.toFixed(1), 8)}${pad(largeFigures.firstPage.p50.toFixed(1), 11)}${pad(largeFigures.firstPage.p99.toFixed(1), 11)}${pad(largeFigures.lastPage.p99.toFixed(1), 10)}${pad(ratio.toFixed(2), 7)}${pad(limit === 10 ? `≤ ${targets.apiRatio}` : '', 8)}`,
    );
    if (largeFigures.items !== large.sizes[list.size])
      console.log(`  paging walked ${largeFigures.items} items, expected ${large.sizes[list.size]}`);
  }
}

await app.stop();
await reddit.close();
empty.close();
await rm(dataDir, { recursive: true, force: true });
