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
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  pgliteDataDir?: string;
  pgliteLoadDataDir?: Blob;
  /** Errors of idle pooled connections (e.g. the server restarted); the pool already dropped the connection. */
  onPoolError?: (error: Error) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.onPoolError) : openPglite(options);
}

function openPostgres(connectionString: string, onPoolError?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
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
  };
}

function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
