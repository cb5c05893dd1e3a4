// Where a page's main-thread time goes while it loads, under real 4x CPU throttling in Chromium:
// its long tasks, and the functions with the most self time in a V8 CPU profile of the load (by
// script file and name). Lighthouse says how much blocking time a page has; this says whose it is.
//
//   PROFILE_PAGES=/history,/reddit PROFILE_TOP=20 npx tsx bench/tools/profile-page.ts
//
// Signed-in pages are opened as the seeded large creator (2,000 photos, 1,000 scheduled posts,
// 5,000 history items); / and /terms as a visitor. The served build is apps/web/dist
// (WEB_DIST_DIR to measure another one).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium, seedLargeCreatorData, signInUnlessVisitorPage } from '../support/tool-browser.js';
import { freePort, ServerProcess, serverEnv } from '../support/server-process.js';

const pages = (process.env.PROFILE_PAGES ?? '/history').split(',');
const top = Number(process.env.PROFILE_TOP ?? 20);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time in ms per "file function" from a V8 CPU profile, highest first. */
function selfTimes(profile: CpuProfile): [string, number][] {
  const nameOf = new Map(
    profile.nodes.map((node) => {
      const file = node.callFrame.url.split('/').pop() || '(native)';
      const name = node.callFrame.functionName || '(anonymous)';
      // Line and column: a minified chunk is one long line.
      return [node.id, `${file} ${name}:${node.callFrame.lineNumber + 1}:${node.callFrame.columnNumber + 1}`];
    }),
  );
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const name = nameOf.get(id) ?? '?';
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const base = await mkdtemp(path.join(tmpdir(), 'profile-'));
const creator = await seedLargeCreatorData(base);
const port = await freePort();
const server = new ServerProcess(port, serverEnv(port, base, {}));
await server.start();
const browser = await launchChromium();
try {
  for (const page of pages) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    await signInUnlessVisitorPage(context, page, creator, server.url);
    await context.addInitScript(`
      window.__long = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
    `);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await tab.goto(server.url + page, { waitUntil: 'load' });
    await tab.waitForTimeout(4000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const long = (await tab.evaluate('window.__long')) as [number, number][];
    console.log(`\n${page}: long tasks (start ms, duration ms, 4x CPU)`);
    console.log(
      `  ${long.map(([start, duration]) => `${start.toFixed(0)}+${duration.toFixed(0)}`).join('  ')}`,
    );
    console.log(`  most self time (ms, 4x CPU):`);
    for (const [name, ms] of selfTimes(profile)
      .filter(([name]) => !name.startsWith('(native) (idle)'))
      .slice(0, top))
      console.log(`  ${ms.toFixed(1).padStart(8)}  ${name}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
