import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { openQueueDatabase, type QueueDatabase } from './queue-database.js';

/** pg-boss queue policies: `stately` keeps at most one job waiting and one running. */
export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

export interface JobOptions {
  policy?: QueuePolicy;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A running job is given up (and retried) after this long; pg-boss caps it below 24 h. */
  expireInSeconds?: number;
  /** How often an idle worker asks the database for work. */
  pollingIntervalSeconds?: number;
}

/** What every handler gets besides its own dependencies. */
export interface JobContext {
  jobId: string;
  /** When the job was first queued; the same for each of its retries. */
  queuedAt: Date;
  /** Aborts when the queue stops or the job expires: stop at the next safe point. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/** A job: a stable id (the queue's name), a zod payload and a handler. */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType, Deps = unknown> {
  id: string;
  payload: Schema;
  handler(payload: z.output<Schema>, deps: Deps & JobContext): Promise<object | void>;
  options?: JobOptions;
  /** A recurring run (cron, UTC) while enabled(config) holds; otherwise any earlier schedule is removed. */
  schedule?: { cron: string; payload: z.input<Schema>; enabled(config: AppConfig): boolean };
}

export function defineJob<Schema extends z.ZodType, Deps>(definition: JobDefinition<Schema, Deps>) {
  return definition;
}

export interface JobQueueOptions {
  log: FastifyBaseLogger;
  /** PostgreSQL only: pg-boss opens its own small pool on this URL. */
  connectionString?: string;
  pollingIntervalSeconds?: number;
  /** Run pg-boss's cron clock; only needed when something is scheduled. */
  schedule?: boolean;
}

export type SendOptions = Pick<PgBoss.SendOptions, 'id' | 'startAfter' | 'singletonKey' | 'priority'>;

// Each poll is one short UPDATE (about 4 ms on PGlite): every 5 s leaves PGlite's single connection
// to requests. Jobs sent from this process wake its worker at once, so only cross-process work waits.
const defaultPollingIntervalSeconds = 5;

/**
 * pg-boss on the app's own database, always through its `db` option (see queue-database.ts): PGlite's
 * single in-process connection, or a small pool of the queue's own on PostgreSQL. Workers are wrapped
 * so handlers get a validated payload and an abort signal, and stop() is bounded.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly log: FastifyBaseLogger;
  private readonly database: QueueDatabase;
  private readonly stopping = new AbortController();
  private readonly workerIds = new Map<string, string>();
  private stopped: Promise<void> | undefined;

  constructor(database: DatabaseHandle, options: JobQueueOptions) {
    this.log = options.log;
    this.database = openQueueDatabase(database, options);
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => this.database.executeSql(text, values) },
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? defaultPollingIntervalSeconds,
      schedule: options.schedule ?? false,
      // The cron clock's own queue; a daily schedule does not need it polled every 5 s.
      cronWorkerIntervalSeconds: 15,
    });
    // Without a listener an 'error' event would crash the process; these are poll or maintenance failures.
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  async start(): Promise<void> {
    await this.boss.start();
  }

  /** Creates the job's queue (idempotent, safe in several processes at once) without a worker. */
  async createQueue(definition: JobDefinition<z.ZodType, never>): Promise<void> {
    const {
      policy = 'standard',
      retryLimit,
      retryDelaySeconds,
      retryBackoff,
      expireInSeconds,
    } = definition.options ?? {};
    const options = { retryLimit, retryDelay: retryDelaySeconds, retryBackoff, expireInSeconds };
    // pg-boss checks option keys with `in`: an undefined value would fail its validation.
    const queue = {
      name: definition.id,
      policy,
      ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
    };
    await this.boss.createQueue(definition.id, queue);
    // createQueue leaves an existing queue as it was; options changed in code should apply too.
    await this.boss.updateQueue(definition.id, queue);
  }

  /** Creates the queue and runs its jobs in this process, one at a time. */
  async work<Schema extends z.ZodType, Deps>(
    definition: JobDefinition<Schema, Deps>,
    deps: Deps,
  ): Promise<void> {
    await this.createQueue(definition);
    const polling = definition.options?.pollingIntervalSeconds;
    const options = {
      includeMetadata: true as const,
      ...(polling ? { pollingIntervalSeconds: polling } : {}),
    };
    const workerId = await this.boss.work<unknown>(definition.id, options, async ([job]) => {
      try {
        return await this.run(definition, deps, job!);
      } finally {
        // pg-boss 10 sleeps a whole polling interval after every job; a backlog should drain back to back.
        if (!this.stopping.signal.aborted) this.boss.notifyWorker(this.workerIds.get(definition.id)!);
      }
    });
    this.workerIds.set(definition.id, workerId);
  }

  /** Validates the payload and queues the job; null when the queue's policy refused a duplicate. */
  async send<Schema extends z.ZodType>(
    definition: JobDefinition<Schema, never>,
    payload: z.input<Schema>,
    options: SendOptions = {},
  ): Promise<string | null> {
    const data = definition.payload.parse(payload) as object;
    const id = await this.boss.send(definition.id, data, options);
    // A worker in this process starts at once instead of at its next poll.
    const workerId = this.workerIds.get(definition.id);
    if (id && workerId) this.boss.notifyWorker(workerId);
    return id;
  }

  /** Installs the job's cron entry while its schedule is enabled for config, removes it otherwise. */
  async applySchedule(definition: JobDefinition<z.ZodType, never>, config: AppConfig): Promise<boolean> {
    const schedule = definition.schedule;
    if (schedule?.enabled(config)) {
      const payload = definition.payload.parse(schedule.payload) as object;
      await this.boss.schedule(definition.id, schedule.cron, payload, { tz: 'UTC' });
      return true;
    }
    await this.boss.unschedule(definition.id);
    return false;
  }

  /**
   * Stops taking jobs, tells running handlers to wrap up (their signal aborts), waits for them up to
   * timeoutMs (pg-boss then marks what still runs as failed, so it is retried), and waits for the
   * queue's last statements so the database can close right after.
   */
  stop({ timeoutMs = 5000 }: { timeoutMs?: number } = {}): Promise<void> {
    this.stopped ??= (async () => {
      this.stopping.abort(new Error('The job queue is stopping'));
      await this.boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
      await this.database.close(1000);
    })();
    return this.stopped;
  }

  private async run<Schema extends z.ZodType, Deps>(
    definition: JobDefinition<Schema, Deps>,
    deps: Deps,
    job: PgBoss.JobWithMetadata<unknown>,
  ): Promise<object | void> {
    const log = this.log.child({ job: definition.id, jobId: job.id });
    const expiresMs = Number(job.expireInSeconds) * 1000;
    const signal = AbortSignal.any([this.stopping.signal, AbortSignal.timeout(expiresMs)]);
    // Fetched just as the queue stopped: give it back (failed → retried) rather than start it.
    signal.throwIfAborted();
    const started = performance.now();
    try {
      const payload = definition.payload.parse(job.data);
      const output = await definition.handler(payload, {
        ...deps,
        jobId: job.id,
        queuedAt: job.createdOn,
        signal,
        log,
      });
      log.info({ ms: Math.round(performance.now() - started), output }, 'job done');
      return output;
    } catch (error) {
      const retrying = job.retryCount < job.retryLimit;
      if (this.stopping.signal.aborted) log.warn({ retrying }, 'job interrupted by shutdown');
      else log.error({ err: error, attempt: job.retryCount + 1, retrying }, 'job failed');
      throw error;
    }
  }
}

/** Queues a job after validating its payload: the one way code outside jobs/ sends work. */
export function sendJob<Schema extends z.ZodType>(
  queue: JobQueue,
  definition: JobDefinition<Schema, never>,
  payload: z.input<Schema>,
  options?: SendOptions,
): Promise<string | null> {
  return queue.send(definition, payload, options);
}
