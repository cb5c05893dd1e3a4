// Runs subreddit title patterns (moderators' regular expressions, so untrusted) off the server's
// event loop, in RE2: linear time, and no backreferences or lookaround, which it refuses. Plain
// JavaScript so that Node runs it as it is, under tsx and vitest alike (title-patterns.ts).
/* global WebAssembly */
import { parentPort } from 'node:worker_threads';
import { RE2 } from 're2-wasm';

// Longer patterns are not a title format anyone writes by hand, and grow RE2's program.
const maxPatternLength = 500;

/** 'match', 'no_match', or 'unchecked' when RE2 cannot run the pattern (unsupported or invalid). */
function verdictOf(pattern, title) {
  if (pattern.length > maxPatternLength) return 'unchecked';
  let regex;
  try {
    // Case-insensitive as this check always was; RE2 only runs in Unicode mode ('u' is required).
    regex = new RE2(pattern, 'iu');
    return regex.test(title) ? 'match' : 'no_match';
  } catch (error) {
    // The engine's fixed 16 MB heap ran out: rethrown so the parent replaces this thread.
    if (error instanceof WebAssembly.RuntimeError) throw error;
    return 'unchecked';
  } finally {
    // re2-wasm never frees a compiled pattern itself; unfreed, a few thousand fill its heap for good.
    regex?.wrapper?.delete();
  }
}

parentPort.on('message', ({ patterns, title }) => {
  parentPort.postMessage({ verdicts: patterns.map((pattern) => verdictOf(pattern, title)) });
});
// The first pattern compiles the WebAssembly code; the parent's time limit starts after this.
verdictOf('^ready$', 'ready');
parentPort.postMessage({ ready: true });
