import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/db/test-database.js';
import type { Database } from '../db/client.js';
import { serverSecrets } from '../db/schema/index.js';
import { loadServerSecret } from './server-secret.js';

describe.each(testDatabaseKinds())('loadServerSecret (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  const storedValue = async (name: string) =>
    (await database.db.select().from(serverSecrets).where(eq(serverSecrets.name, name)))[0]?.value;

  it('creates one 32-byte key per name, even when asked many times at once, and stores it', async () => {
    const keys = await Promise.all(
      Array.from({ length: 5 }, () => loadServerSecret(database.db, 'test-key-a')),
    );
    expect(keys[0]).toHaveLength(32);
    expect(keys.every((key) => key.equals(keys[0]!))).toBe(true);
    expect(await storedValue('test-key-a')).toBe(keys[0]!.toString('base64'));
    const other = await loadServerSecret(database.db, 'test-key-b');
    expect(other.equals(keys[0]!)).toBe(false);
  });

  it('uses a key another process stored first', async () => {
    const stored = Buffer.alloc(32, 7);
    await database.db
      .insert(serverSecrets)
      .values({ name: 'test-key-existing', value: stored.toString('base64') });
    expect((await loadServerSecret(database.db, 'test-key-existing')).equals(stored)).toBe(true);
  });

  it('reads the database once per process', async () => {
    const first = await loadServerSecret(database.db, 'test-key-cached');
    await database.db.delete(serverSecrets).where(eq(serverSecrets.name, 'test-key-cached'));
    expect((await loadServerSecret(database.db, 'test-key-cached')).equals(first)).toBe(true);
  });

  it('does not keep a failed load: the next call tries again', async () => {
    let failures = 1;
    // The same database object each time (the cache is per database), whose first insert fails.
    const flaky = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'insert' && failures > 0) {
          failures -= 1;
          return () => {
            throw new Error('database unreachable');
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as Database;
    await expect(loadServerSecret(flaky, 'test-key-flaky')).rejects.toThrow('database unreachable');
    const key = await loadServerSecret(flaky, 'test-key-flaky');
    expect(key).toHaveLength(32);
    expect(await storedValue('test-key-flaky')).toBe(key.toString('base64'));
  });
});
