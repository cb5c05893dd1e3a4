// PostgreSQL going away (restart, failover, a cut network) must fail the statements in flight, not
// end the process, and the next statements must work once it is back. The connection runs through
// a TCP relay the test can cut, as the load bench's faults phase does (bench/load.ts).
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../../../bench/support/tcp-proxy.js';
import { createTestDatabase, type TestDatabase } from '../../test/db/test-database.js';
import { openQueueDatabase } from '../jobs/queue-database.js';
import { openDatabase, type DatabaseHandle } from './client.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const silentLog = { warn: () => {} } as unknown as FastifyBaseLogger;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'losing the PostgreSQL connection (needs TEST_DATABASE_URL)',
  () => {
    let target: TestDatabase;
    let relay: TcpProxy;
    let relayedUrl: string;

    beforeAll(async () => {
      target = await createTestDatabase('postgres');
      const url = new URL(target.url!);
      relay = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.hostname = '127.0.0.1';
      url.port = String(relay.port);
      relayedUrl = url.toString();
    });
    afterAll(async () => {
      await relay?.close();
      await target?.close();
    });

    it('a transaction holding a connection when it drops fails, and the pool serves again afterwards', async () => {
      const errors: Error[] = [];
      const database: DatabaseHandle = await openDatabase({
        databaseUrl: relayedUrl,
        onPoolError: (error) => errors.push(error),
      });
      try {
        const transaction = database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          // The connection is checked out and idle between statements when the database goes away.
          relay.cut();
          await sleep(200);
          await tx.execute(sql`select 1`);
        });
        await expect(transaction).rejects.toThrow();
        expect(errors.map((error) => error.message)).toContain('Connection terminated unexpectedly');
        await expect(database.ping()).rejects.toThrow();

        relay.restore();
        await expect(database.ping()).resolves.toBeUndefined();
      } finally {
        relay.restore();
        await database.close();
      }
    });

    it("a job-queue script running when the connection drops fails, and the queue's pool serves again afterwards", async () => {
      const database = await openDatabase({ databaseUrl: relayedUrl });
      const queue = openQueueDatabase(database, { connectionString: relayedUrl, log: silentLog });
      try {
        const script = queue.executeSql('select pg_sleep(1); select 1 as one');
        await sleep(300);
        relay.cut();
        await expect(script).rejects.toThrow();

        relay.restore();
        await expect(queue.executeSql('select 2 as two; select 3 as three')).resolves.toMatchObject({
          rows: [{ three: 3 }],
        });
      } finally {
        relay.restore();
        await queue.close(1_000);
        await database.close();
      }
    });
  },
);
