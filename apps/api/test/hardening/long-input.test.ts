import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemWith } from './fuzz-checks.js';
import { startFuzzTarget, type FuzzTarget } from './fuzz-target.js';
import { longInputCases } from './long-input-cases.js';
import { recordRegexRuns, superLinearReason } from './regex-recorder.js';
import { routeKey } from './route-table.js';

const tenKilobytes = 10 * 1024;
const oneMegabyte = 1024 * 1024;
/** From this length on, a pattern that backtracks super-linearly costs seconds. */
const longInput = 1_000;
/**
 * A backstop, not a speed target: linear work on a megabyte takes milliseconds, while the quadratic
 * e-mail pattern took 97 s on 200 KB. What the test counts is the work a pattern may do (below).
 */
const budgetMs = 10_000;

/**
 * docs/decisions/022-hostile-input.md: every string field of every route at 10 KB and 1 MB. The work is counted, not timed:
 * every regular expression the server runs on a long input, in our code or a library's, is
 * recorded and must be free of super-linear backtracking by static analysis (the analysis behind
 * the lint rule), and a JSON body over the size limit must be refused before it is parsed.
 * The pattern work does not depend on the database, so this runs on PGlite only.
 */
describe('every string field at 10 KB and 1 MB', () => {
  let target: FuzzTarget;

  beforeAll(async () => {
    target = await startFuzzTarget('pglite');
  }, 120_000);

  afterAll(() => target?.close());

  it('answers each within its budget, runs no super-linear pattern on it, and refuses an oversized body unparsed', async () => {
    const failures: string[] = [];
    const fail = (line: string) => failures.length < 40 && failures.push(line);
    let sent = 0;
    let longPatternRuns = 0;
    let refusedUnparsed = 0;
    let slowest = { ms: 0, label: '' };

    const { testApp, routes } = target;
    for (const route of routes.filter((candidate) => candidate.method !== 'HEAD')) {
      const headers = await target.signedInHeaders();
      for (const longCase of longInputCases(route, [tenKilobytes, oneMegabyte], 20261126)) {
        const where = `${routeKey(route)} ${longCase.label}`;
        const started = performance.now();
        const { result: response, runs } = await recordRegexRuns(
          () =>
            testApp.app.inject({
              method: longCase.method as 'POST',
              url: longCase.url,
              headers: { ...headers, ...longCase.headers },
              payload: longCase.payload,
            }),
          { minInputLength: longInput },
        );
        const elapsedMs = performance.now() - started;
        sent += 1;
        longPatternRuns += runs.length;
        if (elapsedMs > slowest.ms) slowest = { ms: elapsedMs, label: where };

        const problem = problemWith(response);
        if (problem) fail(`${where}: ${problem}: ${response.body.slice(0, 200)}`);
        if (elapsedMs > budgetMs) fail(`${where}: took ${Math.round(elapsedMs)} ms`);
        for (const run of runs) {
          const reason = superLinearReason(run);
          if (reason) fail(`${where}: ran a pattern with ${reason} on ${run.inputLength} characters`);
        }
        if (longCase.payload && longCase.payload.length > testApp.config.bodyLimitBytes) {
          if (response.statusCode === 413) refusedUnparsed += 1;
          else
            fail(`${where}: a ${longCase.payload.length}-byte body answered ${response.statusCode}, not 413`);
        }
      }
    }

    if (process.env.FUZZ_STATS)
      console.log(`long inputs: ${sent} requests, slowest ${Math.round(slowest.ms)} ms (${slowest.label})`);
    expect(failures).toEqual([]);
    // The sweep reached what it claims to: many fields, patterns that did see long inputs, bodies refused by size.
    expect(sent).toBeGreaterThan(500);
    expect(longPatternRuns).toBeGreaterThan(0);
    expect(refusedUnparsed).toBeGreaterThan(50);
  }, 600_000);
});
