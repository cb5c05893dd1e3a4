import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/db/test-database.js';
import { calendarMonthWindow, consumeAllowance, usedInWindow } from './usage-allowance.js';

describe.each(testDatabaseKinds())('consumeAllowance (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  const options = { scope: 'test', windowMs: 3600_000, limit: 3 };

  it('allows exactly the limit even when every request arrives at once', async () => {
    const now = new Date('2026-11-22T10:15:00Z');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        consumeAllowance(database.db, { ...options, subject: 'parallel' }, now),
      ),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(3);
    expect(results.every((result) => result.resetsAt.toISOString() === '2026-11-22T11:00:00.000Z')).toBe(
      true,
    );
  });

  it('starts afresh in the next window and keeps subjects apart', async () => {
    const first = new Date('2026-11-22T10:59:00Z');
    for (let i = 0; i < 3; i += 1) await consumeAllowance(database.db, { ...options, subject: 'a' }, first);
    expect((await consumeAllowance(database.db, { ...options, subject: 'a' }, first)).allowed).toBe(false);
    expect((await consumeAllowance(database.db, { ...options, subject: 'b' }, first)).remaining).toBe(2);
    expect(
      (await consumeAllowance(database.db, { ...options, subject: 'a' }, new Date('2026-11-22T11:00:01Z')))
        .remaining,
    ).toBe(2);
  });

  it('counts calendar months (UTC) of uneven length and reads the count without taking one', async () => {
    const monthly = { scope: 'test.monthly', subject: 'm', limit: 2, window: calendarMonthWindow };
    const february = new Date('2027-02-28T23:59:00Z');
    expect((await consumeAllowance(database.db, monthly, february)).resetsAt.toISOString()).toBe(
      '2027-03-01T00:00:00.000Z',
    );
    await consumeAllowance(database.db, monthly, new Date('2027-02-01T00:00:00Z'));
    expect((await consumeAllowance(database.db, monthly, february)).allowed).toBe(false);
    expect(
      await usedInWindow(database.db, {
        scope: 'test.monthly',
        subject: 'm',
        window: calendarMonthWindow(february),
      }),
    ).toBe(3);
    expect((await consumeAllowance(database.db, monthly, new Date('2027-03-01T00:00:00Z'))).remaining).toBe(
      1,
    );
  });
});
