import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDatabaseKinds } from '../../test/db/test-database.js';
import type { DatabaseHandle } from '../db/client.js';
import { restartableDatabase, type RestartableDatabase, silentLog, waitFor } from './jobs.test-support.js';
import { defineJob, type JobContext, JobQueue, sendJob } from './queue.js';

type Behaviour = { seen: number[]; block?: (signal: AbortSignal) => Promise<void> };

const echoJob = defineJob({
  id: 'test.echo',
  payload: z.strictObject({ n: z.number().int() }),
  options: { retryLimit: 1, retryDelaySeconds: 0 },
  handler: async ({ n }, deps: Behaviour & JobContext) => {
    await deps.block?.(deps.signal);
    deps.seen.push(n);
    return { doubled: n * 2 };
  },
});

describe.each(testDatabaseKinds())('job queue on %s', (kind) => {
  let store: RestartableDatabase | undefined;
  const open: { queue: JobQueue; database: DatabaseHandle }[] = [];

  async function startQueue(): Promise<JobQueue> {
    const database = await store!.open();
    const queue = new JobQueue(database, {
      log: silentLog,
      connectionString: store!.url,
      pollingIntervalSeconds: 0.5,
    });
    await queue.start();
    open.push({ queue, database });
    return queue;
  }

  async function stopAll() {
    for (const { queue, database } of open.splice(0)) {
      await queue.stop({ timeoutMs: 1000 });
      await database.close();
    }
  }

  afterEach(async () => {
    await stopAll();
    await store?.dispose();
    store = undefined;
  });

  it('runs a job with its validated payload and keeps its output', async () => {
    store = await restartableDatabase(kind);
    const queue = await startQueue();
    const seen: number[] = [];
    await queue.work(echoJob, { seen });

    await expect(sendJob(queue, echoJob, { n: 'two' } as never)).rejects.toThrow();
    const id = await sendJob(queue, echoJob, { n: 2 });

    await waitFor(() => seen.length > 0);
    const job = await waitFor(async () => {
      const found = await queue.boss.getJobById(echoJob.id, id!);
      return found?.state === 'completed' && found;
    });
    expect(seen).toEqual([2]);
    expect(job.output).toEqual({ doubled: 4 });
  });

  it('processes after a restart a job that was sent before it', async () => {
    store = await restartableDatabase(kind);
    const first = await startQueue();
    await first.createQueue(echoJob);
    const id = await sendJob(first, echoJob, { n: 7 });
    await stopAll();

    const second = await startQueue();
    const seen: number[] = [];
    await second.work(echoJob, { seen });
    await waitFor(() => seen.length > 0);
    expect(seen).toEqual([7]);
    await waitFor(async () => (await second.boss.getJobById(echoJob.id, id!))?.state === 'completed');
  });

  it('tells a running handler to stop, and retries its job after the restart', async () => {
    store = await restartableDatabase(kind);
    const first = await startQueue();
    let started = false;
    const block = (signal: AbortSignal) => {
      started = true;
      return new Promise<void>((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason)),
      );
    };
    await first.work(echoJob, { seen: [], block });
    const id = await sendJob(first, echoJob, { n: 9 });
    await waitFor(() => started);

    // stop() aborts the running handler instead of waiting for it forever.
    await stopAll();

    const second = await startQueue();
    const seen: number[] = [];
    await second.work(echoJob, { seen });
    await waitFor(() => seen.length > 0);
    const job = await waitFor(async () => {
      const found = await second.boss.getJobById(echoJob.id, id!);
      return found?.state === 'completed' && found;
    });
    expect(seen).toEqual([9]);
    expect(job).toMatchObject({ retryCount: 1 });
  });

  it('a handler that outlives stop() finishes quietly: its late completion is dropped, the job retried', async () => {
    store = await restartableDatabase(kind);
    const first = await startQueue();
    let started = false;
    let finished = false;
    // Ignores its abort signal, as a Reddit call already under way would, and ends after the stop.
    const block = () => {
      started = true;
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          finished = true;
          resolve();
        }, 1500),
      );
    };
    await first.work(echoJob, { seen: [], block });
    const id = await sendJob(first, echoJob, { n: 4 });
    await waitFor(() => started);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      for (const { queue, database } of open.splice(0)) {
        await queue.stop({ timeoutMs: 100 });
        await database.close();
      }
      await waitFor(() => finished);
      // pg-boss completes without awaiting: give that late statement time to fail, as it did.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);

    const second = await startQueue();
    const seen: number[] = [];
    await second.work(echoJob, { seen });
    await waitFor(() => seen.length > 0);
    expect(seen).toEqual([4]);
    const job = await second.boss.getJobById(echoJob.id, id!);
    expect(job?.retryCount).toBe(1);
  });

  it('keeps the database usable for other queries while polling', async () => {
    store = await restartableDatabase(kind);
    const queue = await startQueue();
    await queue.work(echoJob, { seen: [] });
    const database = open[0]!.database;

    const answers = [];
    for (let i = 0; i < 20; i++)
      answers.push((await database.executeSql('select $1::int as n', [i])).rows[0]);
    expect(answers).toEqual(Array.from({ length: 20 }, (_, n) => ({ n })));
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL database', () => {
  it('run every job exactly once between them', async () => {
    const store = await restartableDatabase('postgres');
    const processes: { queue: JobQueue; database: DatabaseHandle; handled: number[] }[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const database = await store.open();
        const queue = new JobQueue(database, {
          log: silentLog,
          connectionString: store.url,
          pollingIntervalSeconds: 0.5,
        });
        await queue.start();
        const handled: number[] = [];
        // Each job takes a moment, so both processes are busy at once.
        const block = () => new Promise<void>((resolve) => setTimeout(resolve, 50));
        await queue.work(echoJob, { seen: handled, block });
        processes.push({ queue, database, handled });
      }
      const jobs = 30;
      for (let n = 0; n < jobs; n++) await sendJob(processes[n % 2]!.queue, echoJob, { n });

      await waitFor(() => processes.reduce((sum, p) => sum + p.handled.length, 0) >= jobs, 10_000);
      // Anything run twice would show up here, a moment after the last one.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const all = processes.flatMap((p) => p.handled).sort((a, b) => a - b);
      expect(all).toEqual(Array.from({ length: jobs }, (_, n) => n));
      expect(processes.every((p) => p.handled.length > 0)).toBe(true);
    } finally {
      for (const { queue, database } of processes) {
        await queue.stop({ timeoutMs: 1000 });
        await database.close();
      }
      await store.dispose();
    }
  });
});
