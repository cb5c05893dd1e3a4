import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.js';

/** The common supertype of the PGlite and node-postgres drizzle instances. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  ping(): Promise<void>;
  /** Raw SQL for libraries that bring their own queries (pg-boss); several statements allowed without values. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  close(): Promise<void>;
  /**
   * Delivers NOTIFY messages of one of `notificationChannels`, from any process on this database.
   * `lost` is called whenever messages may have been missed (the listening connection dropped) and
   * `listening` once they flow again; the returned function stops listening.
   */
  listen(channel: NotificationChannel, handlers: NotificationHandlers): Promise<() => Promise<void>>;
}

/** Channels the server listens on; every pooled connection LISTENs to them (see openPostgres). */
export const notificationChannels = ['auth_changed'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export interface NotificationHandlers {
  notify(payload: string): void;
  lost(): void;
  listening(): void;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  pgliteDataDir?: string;
  pgliteLoadDataDir?: Blob;
  /** PostgreSQL connections this process keeps at most (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** Errors of idle pooled connections (e.g. the server restarted); the pool already dropped the connection. */
  onPoolError?: (error: Error) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onPoolError, options.poolSize)
    : openPglite(options);
}

export const defaultPoolSize = 10;

function openPostgres(
  connectionString: string,
  onPoolError?: (error: Error) => void,
  poolSize?: number,
): DatabaseHandle {
  const subscribers = new Set<{ channel: string; handlers: NotificationHandlers }>();
  const deliver = (message: pg.Notification) => {
    for (const { channel, handlers } of subscribers)
      if (channel === message.channel) handlers.notify(message.payload ?? '');
  };
  const pool = new pg.Pool({
    connectionString,
    max: poolSize ?? defaultPoolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    Client: listeningClient(deliver),
  });
  survivePoolErrors(pool, (error) => onPoolError?.(error));
  const db = drizzleNodePg(pool, { schema });

  const executeSql = async (text: string, values?: unknown[]) => {
    const result: pg.QueryResult | pg.QueryResult[] = await pool.query(text, values);
    return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
  };
  return {
    kind: 'postgres',
    db,
    executeSql,
    ping: async () => void (await executeSql('select 1')),
    close: once(() => pool.end()),
    async listen(channel, handlers) {
      const subscriber = { channel, handlers };
      subscribers.add(subscriber);
      // Pooled connections come and go (idle timeout), so other processes' messages arrive
      // through one connection of its own.
      const dedicated = listenOnDedicatedConnection(connectionString, channel, handlers);
      return async () => {
        subscribers.delete(subscriber);
        await dedicated.stop();
      };
    },
  };
}

/**
 * A connection the database drops (restart, failover, network cut) emits 'error' on its client, and
 * an 'error' event without a listener ends the process. pg-pool listens only while a client is idle
 * ('error' on the pool); a client checked out for a transaction or a script has no listener at all.
 * So every client gets one for its whole life: the query in flight still fails, and the pool
 * discards the broken client when it is released.
 */
export function survivePoolErrors(pool: pg.Pool, onError: (error: Error) => void) {
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
}

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.pgliteDataDir) await mkdir(options.pgliteDataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.pgliteDataDir,
    loadDataDir: options.pgliteLoadDataDir,
  });
  const db = drizzlePglite(client, { schema });

  // PGlite's query() takes one statement with parameters; exec() takes a script and returns one result each.
  const executeSql = async (text: string, values?: unknown[]) =>
    values?.length ? client.query<any>(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] });
  return {
    kind: 'pglite',
    db,
    executeSql,
    ping: async () => void (await executeSql('select 1')),
    close: once(() => client.close()),
    async listen(channel, handlers) {
      // PGlite lives in this process: nothing is ever missed, and no other process writes to it.
      const unlisten = await client.listen(channel, handlers.notify);
      handlers.listening();
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}

/**
 * A process's own writes must be seen by its next request at once. PostgreSQL hands a listening
 * session its own notifications before the statement that committed them completes, so pooled
 * connections LISTEN (before the pool hands them out) and deliver them before the writer goes on.
 */
function listeningClient(deliver: (message: pg.Notification) => void): typeof pg.Client {
  return class ListeningClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('notification', deliver);
    }

    // pg-pool calls connect(callback); everything else awaits connect().
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's two overloads in one body
    override connect(callback?: any): any {
      const listen = notificationChannels.map((channel) => `LISTEN ${channel}`).join('; ');
      const ready = super
        .connect()
        .then(() => this.query(listen))
        .then(() => this);
      if (!callback) return ready;
      ready.then(
        (client) => callback(null, client),
        (error: unknown) => callback(error),
      );
      return undefined;
    }
  };
}

const relistenDelayMs = 1_000;

/** One connection that LISTENs to `channel`, reconnecting after a loss until stopped. */
function listenOnDedicatedConnection(
  connectionString: string,
  channel: NotificationChannel,
  handlers: NotificationHandlers,
) {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const attempt = async () => {
    if (stopped) return;
    // Named, so an operator (and a test) can tell it from pooled connections.
    const client = new pg.Client({ connectionString, application_name: `${channel} listener` });
    let down = false;
    const goDown = () => {
      if (down) return;
      down = true;
      if (current === client) current = undefined;
      handlers.lost();
      void client.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void attempt(), relistenDelayMs);
    };
    client.on('error', goDown);
    client.on('end', goDown);
    client.on('notification', (message) => {
      // Pooled connections deliver the same message too; handlers are idempotent (they forget).
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      if (down || stopped) return void client.end().catch(() => {});
      current = client;
      handlers.listening();
    } catch {
      goDown();
    }
  };
  void attempt();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await current?.end().catch(() => {});
    },
  };
}

function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
