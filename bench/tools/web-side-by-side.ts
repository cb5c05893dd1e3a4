// Two or more builds of the web app side by side, in turns, under real throttling in Chromium
// (4x CPU; with AB_NET=1 also slow 4G: 150 ms, 1.6 Mbit/s), as a phone would load them: first paint,
// largest paint, blocking time (long tasks after the first paint, beyond 50 ms each) and when the
// last long task ended. Lighthouse simulates the phone from one fast load instead; this measures it,
// which is what a change to how the app starts needs (docs/performance.md).
//
//   cp -r apps/web/dist /tmp/before   (build each version first: npm run build)
//   AB_DIRS=/tmp/before,/tmp/after AB_PAGES=/,/dashboard AB_RUNS=7 AB_NET=1 npx tsx bench/tools/web-side-by-side.ts
//
// Pages other than / and /terms are opened as a seeded creator (2,000 photos, 1,000 scheduled
// posts, 5,000 history items).
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium, seedLargeCreatorData, signInUnlessVisitorPage } from '../support/tool-browser.js';
import { freePort, ServerProcess, serverEnv } from '../support/server-process.js';

const dirs = (process.env.AB_DIRS ?? '').split(',').filter(Boolean);
if (dirs.length < 2) throw new Error('AB_DIRS needs two or more built dist folders, comma-separated');
const pages = (process.env.AB_PAGES ?? '/,/dashboard').split(',');
const runs = Number(process.env.AB_RUNS ?? 7);
const net = process.env.AB_NET === '1';

const base = await mkdtemp(path.join(tmpdir(), 'ab-'));
const dataA = path.join(base, 'a');
const creator = await seedLargeCreatorData(dataA);
const servers: ServerProcess[] = [];
for (const [index, dir] of dirs.entries()) {
  const dataDir = path.join(base, `d${index}`);
  await cp(dataA, dataDir, { recursive: true });
  const port = await freePort();
  const server = new ServerProcess(port, serverEnv(port, dataDir, { WEB_DIST_DIR: dir }));
  await server.start();
  servers.push(server);
}

const browser = await launchChromium();
const observe = `
  window.__ab = { long: [], fcp: 0, lcp: 0 };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__ab.long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__ab.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__ab.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
`;
type Figures = { fcp: number; lcp: number; tbt: number; long: number; lastLong: number };
const results = new Map<string, Figures[]>();
for (let run = 0; run < runs; run++) {
  for (const page of pages) {
    for (const [index, server] of servers.entries()) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      await signInUnlessVisitorPage(context, page, creator, server.url);
      await context.addInitScript(observe);
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      if (net)
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
      await tab.goto(server.url + page, { waitUntil: 'load' });
      await tab.waitForTimeout(net ? 6000 : 4000);
      const ab = (await tab.evaluate('window.__ab')) as {
        long: [number, number][];
        fcp: number;
        lcp: number;
      };
      const tbt = ab.long
        .filter(([start]) => start >= ab.fcp)
        .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
      const key = `${page} ${String.fromCharCode(65 + index)}`;
      const list = results.get(key) ?? [];
      list.push({
        fcp: ab.fcp,
        lcp: ab.lcp,
        tbt,
        long: ab.long.length,
        lastLong: ab.long.length ? Math.max(...ab.long.map(([s, d]) => s + d)) : 0,
      });
      results.set(key, list);
      await context.close();
    }
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [key, list] of results)
  console.log(
    key.padEnd(26),
    (['fcp', 'lcp', 'tbt', 'long', 'lastLong'] as const)
      .map((field) => `${field} ${median(list.map((item) => item[field])).toFixed(0)}`)
      .join('  '),
    ' tbt all:',
    list.map((item) => item.tbt.toFixed(0)).join(','),
  );
await browser.close();
for (const server of servers) await server.stop();
