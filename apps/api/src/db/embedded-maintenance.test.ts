import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db/test-database.js';
import { newGenerations } from '../../test/factories/content.js';
import { newUser } from '../../test/factories/users.js';
import { listGenerationsPage } from '../modules/history/history.repo.js';
import { refreshEmbeddedStatistics, vacuumEmbeddedDatabase } from './embedded-maintenance.js';

/** Rows of a raw statement (the two drivers type execute's answer differently; both carry rows). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The plan PostgreSQL picks for the first page of a creator's history (EXPLAIN, as JSON). */
async function firstPagePlan(database: TestDatabase, userId: string): Promise<string> {
  const result = await database.db.execute(
    sql`explain (format json) select * from content_generations where user_id = ${userId}
        order by created_at desc, id desc limit 51`,
  );
  return JSON.stringify(rowsOf(result));
}

const reltuples = async (database: TestDatabase) =>
  Number(
    rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select reltuples as n from pg_class where relname = 'content_generations'`,
      ),
    )[0]!.n,
  );

/** A fresh embedded database holding one creator's 3,000 history items, never analysed. */
async function creatorWithHistory() {
  const database = await createTestDatabase('pglite');
  const { id: userId } = await newUser(database.db);
  const now = Date.now();
  for (let start = 0; start < 3000; start += 500)
    await newGenerations(
      database.db,
      Array.from({ length: 500 }, (_, n) => ({
        userId,
        content: `Caption ${start + n}`,
        createdAt: new Date(now - (start + n) * 60_000),
      })),
    );
  return { database, userId };
}

describe('the embedded database without autovacuum', () => {
  const opened: TestDatabase[] = [];
  afterAll(() => Promise.all(opened.map((database) => database.close())));

  it('learns the table sizes at start-up, so a page reads 51 rows by index instead of sorting all', async () => {
    const { database, userId } = await creatorWithHistory();
    opened.push(database);
    // Never analysed: PGlite has no autovacuum, so the planner believes the table is nearly empty
    // and reads and sorts every row of the creator's history for one page.
    expect(await reltuples(database)).toBeLessThan(0);
    expect(await firstPagePlan(database, userId)).toContain('"Node Type":"Sort"');

    await refreshEmbeddedStatistics(database);

    expect(await reltuples(database)).toBe(3000);
    const plan = await firstPagePlan(database, userId);
    expect(plan).toContain('content_generations_user_id_created_at_id_idx');
    expect(plan).not.toContain('"Node Type":"Sort"');
    expect((await listGenerationsPage(database.db, userId, { limit: 50 })).items).toHaveLength(50);
  });

  it('the hourly job reclaims deleted rows and refreshes the statistics (no transaction around it)', async () => {
    const { database } = await creatorWithHistory();
    opened.push(database);
    await database.db.execute(sql`delete from content_generations where content like 'Caption 2%'`);
    await vacuumEmbeddedDatabase(database.db);
    const [stats] = rowsOf<{ vacuumed: string | null }>(
      await database.db.execute(
        sql`select last_vacuum as vacuumed from pg_stat_user_tables where relname = 'content_generations'`,
      ),
    );
    expect(stats!.vacuumed).not.toBeNull();
    expect(await reltuples(database)).toBe(1889);
  });
});
