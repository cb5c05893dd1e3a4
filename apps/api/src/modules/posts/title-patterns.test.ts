import { afterAll, describe, expect, it } from 'vitest';
import { TitlePatternRunner } from './title-patterns.js';

// docs/decisions/021-untrusted-title-patterns.md: subreddit title formats are regular expressions from the subreddit's moderators.
describe('running title patterns', () => {
  const limits = { timeLimitMs: 2_000, startLimitMs: 20_000, maxPatterns: 3, maxPending: 50 };
  const runner = new TitlePatternRunner(limits);
  afterAll(() => runner.close());

  it('runs catastrophic-backtracking patterns in linear time (RE2, not a backtracking engine)', async () => {
    // A backtracking engine needs about 2^n steps here: 13.7 s at 30 characters, hours at 40.
    expect(await runner.test(['^(a+)+$'], `${'a'.repeat(40)}!`)).toEqual(['no_match']);
    expect(await runner.test(['^(a+)+$', '^(a|aa)*$', '(x+x+)+y'], `${'a'.repeat(10_000)}!`)).toEqual([
      'no_match',
      'no_match',
      'no_match',
    ]);
    expect(await runner.test(['^(a+)+$'], 'a'.repeat(10_000))).toEqual(['match']);
  });

  it('reports what RE2 cannot run as unchecked: lookaround, backreferences, invalid or oversized patterns', async () => {
    // JavaScript's own engine runs the first two; only RE2 refuses them, so this also shows which engine ran.
    const patterns = ['^(?=.*\\[F\\])', '^(\\w+) \\1$', '(broken'];
    expect(await runner.test(patterns, 'hi hi [F]')).toEqual(['unchecked', 'unchecked', 'unchecked']);
    expect(await runner.test([`^${'a'.repeat(501)}`], 'a')).toEqual(['unchecked']);
    expect(await runner.test(['^\\[f\\]', '(?i)^\\[F\\] \\p{L}+$'], '[F] Morning')).toEqual([
      'match',
      'match',
    ]);
  });

  it('checks at most maxPatterns and leaves the rest unchecked', async () => {
    expect(await runner.test(['a', 'b', 'c', 'd', 'e'], 'abcde')).toEqual([
      'match',
      'match',
      'match',
      'unchecked',
      'unchecked',
    ]);
  });

  it('answers unchecked at once rather than queue more than maxPending checks', async () => {
    const small = new TitlePatternRunner({ ...limits, maxPending: 2 });
    try {
      const answers = await Promise.all([1, 2, 3].map(() => small.test(['^a'], 'abc')));
      expect(answers).toEqual([['match'], ['match'], ['unchecked']]);
      expect(await small.test(['^a'], 'abc')).toEqual(['match']);
    } finally {
      await small.close();
    }
  });

  it('gives up a check over its time limit, and the next check runs on a fresh worker', async () => {
    // \p{L}{30} is linear but huge: about 2.5 s for 300 characters, 25 times this runner's limit.
    const strict = new TitlePatternRunner({ ...limits, timeLimitMs: 100 });
    try {
      expect(await strict.test(['^[\\p{L}]{30}$', '^a'], 'a'.repeat(300))).toEqual([
        'unchecked',
        'unchecked',
      ]);
      expect(await strict.test(['^a'], 'a'.repeat(300))).toEqual(['match']);
    } finally {
      await strict.close();
    }
  });

  it("survives a pattern that exhausts the engine's memory", async () => {
    // [\p{L}\p{N}]{100} needs more than re2-wasm's fixed 16 MB heap: the engine aborts.
    for (let i = 0; i < 3; i++)
      expect(await runner.test(['[\\p{L}\\p{N}]{100}'], 'a')).toEqual(['unchecked']);
    expect(await runner.test(['^a'], 'abc')).toEqual(['match']);
  });
});
