import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { survivePoolErrors, type DatabaseHandle } from '../db/client.js';

/** The connection pg-boss runs its SQL through (its `db` option), plus what stop() needs. */
export interface QueueDatabase {
  // pg-boss reads its own column names from rows.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  /** Waits (at most timeoutMs) for statements still running, then releases the connections. */
  close(timeoutMs: number): Promise<void>;
}

/**
 * PGlite: the app's own single connection. PostgreSQL: a small pool of the queue's own, so polling
 * never takes a connection a request is waiting for, and pg_stat_activity names it.
 */
export function openQueueDatabase(
  database: DatabaseHandle,
  { connectionString, log }: { connectionString?: string; log: FastifyBaseLogger },
): QueueDatabase {
  if (database.kind === 'pglite') return tracked(pgliteSql(database), async () => {});
  if (!connectionString) throw new Error('The job queue on PostgreSQL needs the database URL');
  const pool = new pg.Pool({
    connectionString,
    max: 3,
    idleTimeoutMillis: 30_000,
    application_name: 'creator-studio-jobs',
  });
  survivePoolErrors(pool, (error) => log.warn({ err: error }, 'job queue connection dropped'));
  return tracked(postgresSql(pool), () => pool.end());
}

type ExecuteSql = QueueDatabase['executeSql'];

/**
 * pg-boss sends maintenance as one script (BEGIN; …; COMMIT). If a statement in it fails, the
 * connection stays inside the aborted transaction: on PGlite, the only connection, every request
 * after it would fail. So a failed script is rolled back before the error is passed on.
 */
function pgliteSql(database: DatabaseHandle): ExecuteSql {
  return async (text, values) => {
    try {
      return await database.executeSql(text, values);
    } catch (error) {
      if (!values?.length) await database.executeSql('ROLLBACK').catch(() => {});
      throw error;
    }
  };
}

/** On a pool the same failed script would poison a pooled connection, which is discarded instead. */
function postgresSql(pool: pg.Pool): ExecuteSql {
  const last = (result: pg.QueryResult | pg.QueryResult[]) =>
    Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
  return async (text, values) => {
    if (values?.length) return pool.query(text, values);
    const client = await pool.connect();
    try {
      const result = last(await client.query(text));
      client.release();
      return result;
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  };
}

/**
 * Remembers statements in flight, so close() can let them finish (pg-boss does not await its
 * completes). A handler that outlived stop() ends later still, and pg-boss then completes or fails
 * its job without awaiting or catching: on a released connection that statement would fail as an
 * unhandled rejection. It is dropped instead; stop() already failed the job, so it is retried.
 */
function tracked(executeSql: ExecuteSql, release: () => Promise<void>): QueueDatabase {
  const inFlight = new Set<Promise<unknown>>();
  let closing: Promise<void> | undefined;
  let released = false;
  return {
    executeSql: (text, values) => {
      // pg-boss's complete and fail read the count of jobs changed: here none.
      if (released) return Promise.resolve({ rows: [{ count: 0 }] });
      const statement = executeSql(text, values);
      inFlight.add(statement);
      void statement.then(
        () => inFlight.delete(statement),
        () => inFlight.delete(statement),
      );
      return statement;
    },
    close: (timeoutMs) =>
      (closing ??= (async () => {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          // A completion may start on the next turn (pg-boss calls complete() right after a handler).
          await new Promise((resolve) => setImmediate(resolve));
          if (inFlight.size === 0 || Date.now() >= deadline) break;
          await Promise.race([
            Promise.allSettled([...inFlight]),
            new Promise((resolve) => setTimeout(resolve, 50)),
          ]);
        }
        released = true;
        await release();
      })()),
  };
}
