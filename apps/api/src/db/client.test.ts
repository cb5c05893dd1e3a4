import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../../test/db/test-database.js';

describe.each(testDatabaseKinds())('database handle on %s', (kind) => {
  it('answers ping and runs raw SQL with and without parameters', async () => {
    const database = await createTestDatabase(kind);
    try {
      expect(database.kind).toBe(kind);
      await expect(database.ping()).resolves.toBeUndefined();

      const withValues = await database.executeSql('select $1::int + $2::int as sum, $3::text as word', [
        2,
        3,
        'hello',
      ]);
      expect(withValues.rows).toEqual([{ sum: 5, word: 'hello' }]);

      const plain = await database.executeSql('select 42 as answer');
      expect(plain.rows).toEqual([{ answer: 42 }]);

      // pg-boss sends whole scripts without parameters; the last statement's rows come back.
      const script = await database.executeSql(
        'create temporary table scratch (n int); insert into scratch values (1), (2); select sum(n)::int as total from scratch',
      );
      expect(script.rows).toEqual([{ total: 3 }]);

      const empty = await database.executeSql('select 1 as one where false', []);
      expect(empty.rows).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('can be closed twice', async () => {
    const database = await createTestDatabase(kind);
    await database.close();
    await expect(database.close()).resolves.toBeUndefined();
  });
});
