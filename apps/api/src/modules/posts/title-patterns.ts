import { Worker } from 'node:worker_threads';

/** Whether a title fits one pattern; 'unchecked' is never read as a pass (docs/decisions/021-untrusted-title-patterns.md). */
export type PatternVerdict = 'match' | 'no_match' | 'unchecked';

export interface TitlePatternLimits {
  /** Longest one check (all of a subreddit's patterns against one title) may run before it is given up. */
  timeLimitMs: number;
  /** Longest a new worker may take to load the engine. */
  startLimitMs: number;
  /** Patterns checked per subreddit; the rest are unchecked. */
  maxPatterns: number;
  /** Checks queued or running at once; more are unchecked at once rather than wait behind slow ones. */
  maxPending: number;
}

const defaultLimits: TitlePatternLimits = {
  timeLimitMs: 1_000,
  startLimitMs: 10_000,
  maxPatterns: 20,
  maxPending: 50,
};
const workerUrl = new URL('./title-pattern.worker.mjs', import.meta.url);

/** The next message from the worker, or why none will come. */
function nextMessage(worker: Worker, limitMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const settle = (finish: () => void) => () => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onFailure).off('exit', onFailure);
      finish();
    };
    const onMessage = (message: unknown) => settle(() => resolve(message))();
    const onFailure = () => settle(() => reject(new Error('the pattern worker stopped')))();
    const timer = setTimeout(
      settle(() => reject(new Error('over the time limit'))),
      limitMs,
    );
    worker.on('message', onMessage).on('error', onFailure).on('exit', onFailure);
  });
}

/**
 * Runs a subreddit's title patterns in RE2 (linear time) on a worker thread with a hard time limit.
 * RE2 alone is not enough: a short pattern such as `\p{L}{10}` compiles to a large program that
 * takes about a second per 300-character title, and some exhaust the engine's fixed heap. So the
 * event loop never runs them, a check over its time limit is given up, and a worker that overran or
 * broke is terminated and replaced by a fresh one. Checks run one at a time, each with its own limit.
 */
export class TitlePatternRunner {
  private worker: Promise<Worker> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(private readonly limits: TitlePatternLimits = defaultLimits) {}

  /** One verdict per pattern, in order. */
  test(patterns: readonly string[], title: string): Promise<PatternVerdict[]> {
    if (patterns.length === 0) return Promise.resolve([]);
    // A subreddit with slow patterns costs each check the whole limit: the queue must not grow unbounded.
    if (this.pending >= this.limits.maxPending) return Promise.resolve(patterns.map(() => 'unchecked'));
    this.pending++;
    const run = this.queue.then(() => this.run(patterns, title)).finally(() => this.pending--);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Ends the worker (tests; the thread is unref'd, so it never keeps a process alive). */
  async close() {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.then((w) => w.terminate()).catch(() => undefined);
  }

  private async run(patterns: readonly string[], title: string): Promise<PatternVerdict[]> {
    const checked = patterns.slice(0, this.limits.maxPatterns);
    const beyond = patterns.slice(checked.length).map((): PatternVerdict => 'unchecked');
    try {
      const worker = await this.ready();
      const reply = nextMessage(worker, this.limits.timeLimitMs);
      worker.postMessage({ patterns: checked, title });
      const { verdicts } = (await reply) as { verdicts: PatternVerdict[] };
      return [...verdicts, ...beyond];
    } catch {
      // Over the limit, broken, or never started: a fresh worker takes the next check.
      await this.close();
      return patterns.map((): PatternVerdict => 'unchecked');
    }
  }

  private ready(): Promise<Worker> {
    this.worker ??= (async () => {
      const worker = new Worker(workerUrl);
      worker.unref();
      // Keeps an error between checks from becoming an unhandled 'error' event; the next check replaces it.
      worker.on('error', () => undefined).on('exit', () => this.forget(worker));
      try {
        await nextMessage(worker, this.limits.startLimitMs);
      } catch (error) {
        await worker.terminate();
        throw error;
      }
      return worker;
    })();
    return this.worker;
  }

  private forget(worker: Worker) {
    const current = this.worker;
    // A worker that never started has already been dealt with by ready() and run().
    void current?.then(
      (w) => {
        if (w === worker && this.worker === current) this.worker = undefined;
      },
      () => undefined,
    );
  }
}

/** The server's one runner: a single thread per process is plenty for titles of at most 300 characters. */
export const titlePatterns = new TitlePatternRunner();
