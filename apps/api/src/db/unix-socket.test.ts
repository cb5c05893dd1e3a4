// On the database's own machine, DATABASE_URL may name PostgreSQL's Unix socket folder in `host`
// (README); the load bench connects that way. Every connection the server opens must then use it:
// the pool, the notification listener and the job queue's pool.
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseDatabaseTransport } from '../../../../bench/support/database-transport.js';
import { createTestDatabase, type TestDatabase } from '../../test/db/test-database.js';
import { openQueueDatabase } from '../jobs/queue-database.js';
import { openDatabase } from './client.js';

const silentLog = { warn: () => {} } as unknown as FastifyBaseLogger;
const serverUrl = process.env.TEST_DATABASE_URL;
const transport = serverUrl ? chooseDatabaseTransport(serverUrl, 'socket') : undefined;
const socketFound = transport?.viaSocket ?? false;
if (serverUrl && !socketFound) console.log(`unix-socket.test.ts skipped: ${transport?.describe()}`);

describe.skipIf(!socketFound)(
  "PostgreSQL through its Unix socket (needs TEST_DATABASE_URL on this machine's server)",
  () => {
    let target: TestDatabase;
    let socketUrl: string;

    beforeAll(async () => {
      target = await createTestDatabase('postgres');
      socketUrl = transport!.urlFor(target.url!);
    });
    afterAll(async () => {
      await target?.close();
    });

    it('serves queries, notifications and the job queue without touching TCP', async () => {
      expect(new URL(socketUrl).searchParams.get('host')).toMatch(/^\//);
      const database = await openDatabase({ databaseUrl: socketUrl });
      const queue = openQueueDatabase(database, { connectionString: socketUrl, log: silentLog });
      try {
        // A connection over a Unix socket has no server address.
        const pooled = await database.executeSql('select inet_server_addr() as address');
        expect(pooled.rows).toEqual([{ address: null }]);
        const queued = await queue.executeSql('select inet_server_addr() as address');
        expect(queued.rows).toEqual([{ address: null }]);

        const received: string[] = [];
        const stop = await database.listen('auth_changed', {
          notify: (payload) => received.push(payload),
          lost: () => {},
          listening: () => {},
        });
        await database.executeSql("select pg_notify('auth_changed', 'user-1')");
        await expect.poll(() => received, { timeout: 5000 }).toContain('user-1');
        await stop();
      } finally {
        await queue.close(1000);
        await database.close();
      }
    });
  },
);
