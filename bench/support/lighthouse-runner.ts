// Lighthouse (mobile defaults: a mid-range phone, simulated slow 4G and 4x CPU slowdown) against a
// headless Chromium we start ourselves, so the flags are the ones this machine needs.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium as playwright } from 'playwright-core';

export interface PageFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Transferred (compressed) bytes of every script the page loaded. */
  scriptKb: number;
  /** Accessibility audits that failed, by id (empty when the score is 100). */
  failedAccessibilityAudits: string[];
  /** What moved the page and what its largest paint waited for (printed with WEB_BENCH_DIAGNOSE=1). */
  diagnosis: string[];
}

interface AuditItems {
  items?: {
    node?: { snippet?: string };
    score?: number;
    phase?: string;
    timing?: number;
    url?: string;
    total?: number;
    groupLabel?: string;
    duration?: number;
    startTime?: number;
  }[];
}

/** Layout shifts by element, the LCP element and its phases, and the scripts costing most main-thread time. */
function diagnose(
  audits: Record<string, { details?: unknown; numericValue?: number } | undefined>,
): string[] {
  const items = (id: string) => (audits[id]?.details as AuditItems | undefined)?.items ?? [];
  const snippet = (text: string | undefined) => (text ?? '?').replace(/\s+/g, ' ').slice(0, 110);
  const lines = items('layout-shifts').map(
    (item) => `layout shift ${item.score?.toFixed(3)}: ${snippet(item.node?.snippet)}`,
  );
  const lcp = audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[] } | undefined;
  for (const table of lcp?.items ?? [])
    for (const row of table.items ?? [])
      lines.push(
        row.node
          ? `LCP element: ${snippet(row.node.snippet)}`
          : `LCP phase ${row.phase}: ${Math.round(row.timing ?? 0)} ms`,
      );
  // What this machine's browser saw, before Lighthouse simulated the phone: whether the largest
  // paint came with the first one (server HTML) or after the scripts.
  const observed = (audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0];
  if (observed)
    lines.push(
      `observed without throttling: FCP ${Math.round(observed.observedFirstContentfulPaint ?? NaN)} ms, LCP ${Math.round(observed.observedLargestContentfulPaint ?? NaN)} ms, load ${Math.round(observed.observedLoad ?? NaN)} ms`,
    );
  // Where the main thread's time went by kind (script evaluation, style and layout, parsing…).
  const breakdown = items('mainthread-work-breakdown');
  lines.push(
    `main thread by kind: ${breakdown
      .slice(0, 6)
      .map((item) => `${item.groupLabel} ${Math.round(item.duration ?? 0)} ms`)
      .join(', ')}`,
  );
  for (const item of items('bootup-time').slice(0, 5))
    lines.push(
      `main thread ${Math.round(item.total ?? 0)} ms: ${item.url?.replace(/^https?:\/\/[^/]+/, '')}`,
    );
  // The longest tasks (as Lighthouse simulated them on the phone): what the blocking time is made of.
  for (const item of items('long-tasks').slice(0, 6))
    lines.push(
      `long task ${Math.round(item.duration ?? 0)} ms at ${Math.round(item.startTime ?? 0)} ms: ${item.url?.replace(/^https?:\/\/[^/]+/, '') ?? '?'}`,
    );
  return lines;
}

export class HeadlessChromium {
  private constructor(
    private readonly child: ChildProcess,
    private readonly profileDir: string,
    readonly port: number,
  ) {}

  static async start(executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') {
    const profileDir = await mkdtemp(path.join(tmpdir(), 'web-bench-chromium-'));
    const child = spawn(
      executable,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--remote-debugging-port=0',
        `--user-data-dir=${profileDir}`,
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}:\n${output}`)));
    });
    return new HeadlessChromium(child, profileDir, port);
  }

  /**
   * Puts a cookie ("name=value") in the browser's own jar for `url`. Not Lighthouse's extraHeaders:
   * once the page has set a cookie of its own (the CSRF cookie), Chromium sends its jar instead of
   * that header, and the next run would have been a visitor's.
   */
  async addCookie(url: string, cookie: string) {
    const separator = cookie.indexOf('=');
    const browser = await playwright.connectOverCDP(`http://127.0.0.1:${this.port}`);
    try {
      const context = browser.contexts()[0];
      if (!context) throw new Error('Chromium has no default browser context');
      await context.addCookies([
        { name: cookie.slice(0, separator), value: cookie.slice(separator + 1), url },
      ]);
    } finally {
      await browser.close(); // only disconnects: the browser was not launched by Playwright
    }
  }

  async stop() {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
    // Its helper processes may still be writing the profile for a moment.
    await rm(this.profileDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

async function runOnce(chromium: HeadlessChromium, url: string): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port: chromium.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  // The whole trace, to look inside a long task (WEB_BENCH_TRACE_DIR; not kept by default).
  if (process.env.WEB_BENCH_TRACE_DIR) {
    const page = new URL(url).pathname.split(/\W+/).filter(Boolean).join('_') || 'root';
    const name = `${page}-${Date.now()}.json`;
    await writeFile(path.join(process.env.WEB_BENCH_TRACE_DIR, name), JSON.stringify(result.artifacts.Trace));
  }
  // A signed-in page that sent the browser back to / measured the landing page, not the page asked for.
  const landedOn = new URL(lhr.finalDisplayedUrl).pathname;
  if (landedOn !== new URL(url).pathname) {
    const requests = (
      lhr.audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] }
    )?.items
      ?.filter((item) => item.url.includes('/api/'))
      .map((item) => `${item.statusCode} ${new URL(item.url).pathname}`);
    throw new Error(
      `Lighthouse asked for ${url} but the page ended on ${lhr.finalDisplayedUrl}; API calls: ${requests?.join(', ')}`,
    );
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = lhr.audits['resource-summary']?.details as
    { items: { resourceType: string; transferSize: number }[] } | undefined;
  const scripts = summary?.items.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
  const accessibility = lhr.categories.accessibility!;
  return {
    performance: Math.round((lhr.categories.performance!.score ?? 0) * 100),
    accessibility: Math.round((accessibility.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptKb: scripts / 1024,
    diagnosis: [
      // Lighthouse's own measure of this machine's speed: it takes the phone's CPU times as 4 times
      // this machine's, so a slower machine scores lower.
      `machine benchmark index: ${Math.round(lhr.environment.benchmarkIndex)}`,
      ...diagnose(lhr.audits),
    ],
    failedAccessibilityAudits: accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => {
        // Which elements, so the failure can be found without rerunning Lighthouse by hand.
        const items =
          (lhr.audits[ref.id]?.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ??
          [];
        const nodes = items.flatMap((item) => (item.node?.snippet ? [item.node.snippet.slice(0, 120)] : []));
        return nodes.length ? `${ref.id} (${nodes.join('; ')})` : ref.id;
      }),
  };
}

/** Lighthouse's own trace sometimes fails (NO_NAVSTART, NO_FCP) on a busy machine: try that run again. */
async function withRetry(run: () => Promise<PageFigures>, attempts = 3): Promise<PageFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !String(error).includes('Lighthouse on')) throw error;
      console.log(`  (${String(error).split(': ').slice(-1)[0]?.slice(0, 80)}; trying again)`);
    }
  }
}

/** `runs` Lighthouse runs of one page; the run with the median performance score. */
export async function medianRun(chromium: HeadlessChromium, url: string, runs: number): Promise<PageFigures> {
  const results: PageFigures[] = [];
  for (let n = 0; n < runs; n++) results.push(await withRetry(() => runOnce(chromium, url)));
  results.sort((a, b) => a.performance - b.performance);
  return results[Math.floor(results.length / 2)]!;
}
