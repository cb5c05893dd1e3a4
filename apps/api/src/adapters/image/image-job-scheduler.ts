/**
 * Decoding a photo holds all its pixels in memory, so one process runs only a few image jobs at
 * once. Jobs are queued per owner (an account, or a visitor's address hash) and the owners take
 * turns: one account's pile of uploads cannot hold back another account's single photo.
 */
export interface ImageJobLimits {
  /** Jobs running at once in this process. */
  slots: number;
  /** Jobs one owner may have running or waiting; the next is refused. */
  perOwner: number;
  /** Jobs waiting in this process, all owners together; the next is refused. */
  waiting: number;
}

export const defaultImageJobLimits: ImageJobLimits = { slots: 2, perOwner: 3, waiting: 32 };

/** How long a refused caller is told to wait: about one job's turn for an owner, longer for a full server. */
export const retryAfterSeconds = { owner: 5, server: 30 } as const;

export class ImageQueueFullError extends Error {
  readonly retryAfterSeconds: number;
  constructor(readonly scope: 'owner' | 'server') {
    super(`image job queue full (${scope})`);
    this.retryAfterSeconds = retryAfterSeconds[scope];
  }
}

export interface ImageJobScheduler {
  /** Runs `task` when it is `owner`'s turn; throws ImageQueueFullError at once when the queue is full. */
  run<T>(owner: string, task: () => Promise<T>): Promise<T>;
  /** Jobs running and waiting now (for tests and diagnostics). */
  load(): { running: number; waiting: number };
}

export function createImageJobScheduler(limits: ImageJobLimits = defaultImageJobLimits): ImageJobScheduler {
  // Owners waiting for their turn, in turn order (a Map keeps insertion order). An owner runs one
  // job at a time, so a burst from one account never takes every slot: while its job runs, its
  // other jobs wait aside and it rejoins the line at the back when that job ends.
  const line = new Map<string, Array<() => void>>();
  const aside = new Map<string, Array<() => void>>();
  const running = new Set<string>();
  const jobsOf = new Map<string, number>();
  let waiting = 0;

  function dispatch() {
    for (const [owner, queue] of line) {
      if (running.size >= limits.slots) return;
      line.delete(owner);
      const start = queue.shift()!;
      if (queue.length > 0) aside.set(owner, queue);
      waiting -= 1;
      running.add(owner);
      start();
    }
  }

  function enqueue(owner: string, start: () => void) {
    const waitsAside = running.has(owner);
    const queues = waitsAside ? aside : line;
    const queue = queues.get(owner) ?? [];
    queue.push(start);
    queues.set(owner, queue);
  }

  function finish(owner: string) {
    running.delete(owner);
    const left = (jobsOf.get(owner) ?? 1) - 1;
    if (left > 0) jobsOf.set(owner, left);
    else jobsOf.delete(owner);
    const queue = aside.get(owner);
    if (queue) {
      aside.delete(owner);
      line.set(owner, queue);
    }
    dispatch();
  }

  return {
    async run<T>(owner: string, task: () => Promise<T>): Promise<T> {
      if ((jobsOf.get(owner) ?? 0) >= limits.perOwner) throw new ImageQueueFullError('owner');
      if (waiting >= limits.waiting) throw new ImageQueueFullError('server');
      jobsOf.set(owner, (jobsOf.get(owner) ?? 0) + 1);
      waiting += 1;
      const turn = new Promise<void>((resolve) => enqueue(owner, resolve));
      dispatch();
      await turn;
      try {
        return await task();
      } finally {
        finish(owner);
      }
    },
    load: () => ({ running: running.size, waiting }),
  };
}
