import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../../test/db/test-database.js';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { redditRateBudget } from '../../db/schema/index.js';
import { budgetKey, createRedditRateBudget } from './reddit-rate-budget.js';

const clientId = 'budget-test-client';

describe.each(testDatabaseKinds())('the server-wide Reddit allowance on %s', (kind) => {
  let database: TestDatabase;
  /** A second connection pool, as another server process has (PGlite: the same database). */
  let other: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    if (database.url) other = await openDatabase({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await other?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(redditRateBudget);
  });

  const budget = (requests = 10, windowSeconds = 600, db = database.db) =>
    createRedditRateBudget(db, clientId, { requests, windowSeconds });
  const spendAll = async (spend: () => Promise<{ go: boolean }>) => {
    let granted = 0;
    while ((await spend()).go) granted++;
    return granted;
  };

  it('keeps a reserve for each higher priority: refresh to 40 % left, outcome checks to 20 %, tokens to 5 %, submits to the last call', async () => {
    const allowance = budget(20);
    expect(await spendAll(() => allowance.spend(4))).toBe(12);
    expect(await spendAll(() => allowance.spend(3))).toBe(4);
    expect(await spendAll(() => allowance.spend(2))).toBe(3);
    expect(await spendAll(() => allowance.spend(1))).toBe(1);
    expect((await allowance.state())?.remaining).toBe(0);

    // A wait names the window's end and takes nothing.
    const answer = await allowance.spend(1);
    expect(answer.go).toBe(false);
    const state = await allowance.state();
    expect(state?.remaining).toBe(0);
    if (!answer.go) expect(answer.until.getTime()).toBe(state!.windowEndsAt.getTime());
    expect(await allowance.check(1)).toEqual(answer);
  });

  it('a smaller allowance in the configuration applies at once until Reddit has answered (a restart, another process)', async () => {
    // The first process ran with a far larger figure and spent one call; the next starts with 4 a window.
    expect((await budget(1_000_000).spend(1)).go).toBe(true);
    const smaller = budget(4, 2);
    let granted = 0;
    for (let i = 0; i < 10; i++) if ((await smaller.spend(1)).go) granted++;
    expect(granted).toBe(4);
    const state = (await smaller.state())!;
    expect(state.windowSize).toBe(4);
    expect(state.windowEndsAt.getTime() - state.now.getTime()).toBeLessThanOrEqual(2000);
  });

  it('check says what spend would, without spending', async () => {
    const allowance = budget(10);
    for (let i = 0; i < 6; i++) expect((await allowance.spend(4)).go).toBe(true);
    expect((await allowance.check(4)).go).toBe(false);
    expect((await allowance.check(1)).go).toBe(true);
    expect((await allowance.state())?.remaining).toBe(4);
  });

  it('refills when the window has ended', async () => {
    const allowance = budget(10, 1);
    expect(await spendAll(() => allowance.spend(1))).toBe(10);
    const answer = await allowance.spend(1);
    expect(answer.go).toBe(false);
    if (!answer.go)
      await new Promise((resolve) => setTimeout(resolve, answer.until.getTime() - Date.now() + 50));
    expect(await spendAll(() => allowance.spend(1))).toBe(10);
  });

  it("takes Reddit's lower count and window size from its headers, keeps ours when lower, and starts over in a new window", async () => {
    const allowance = budget(1000);
    await allowance.spend(1, 10);
    // Reddit saw calls we did not make (or counts more): its figure wins, and used + remaining is the window.
    await allowance.observe({ remaining: 400, resetSeconds: 300, used: 200 });
    let state = (await allowance.state())!;
    expect(state).toMatchObject({ remaining: 400, windowSize: 600 });
    expect(state.windowEndsAt.getTime() - state.now.getTime()).toBeGreaterThan(295_000);
    // An answer that left before our latest calls says more is left: ours stands.
    await allowance.spend(1, 50);
    await allowance.observe({ remaining: 380, resetSeconds: 290, used: 220 });
    expect((await allowance.state())!.remaining).toBe(350);
    // A reset much further away than ours is Reddit's next window.
    await allowance.observe({ remaining: 598, resetSeconds: 599, used: 2 });
    state = (await allowance.state())!;
    expect(state.remaining).toBe(598);
    expect(state.observedAt).not.toBeNull();
  });

  it('treats a 429 as nothing left until its reset', async () => {
    const allowance = budget(100);
    await allowance.observe({ remaining: 0, resetSeconds: 120, used: undefined });
    const answer = await allowance.spend(1);
    expect(answer.go).toBe(false);
    if (!answer.go) {
      const waitMs = answer.until.getTime() - Date.now();
      expect(waitMs).toBeGreaterThan(110_000);
      expect(waitMs).toBeLessThanOrEqual(121_000);
    }
  });

  it('stores a hash of the client id, never the id', async () => {
    await budget().spend(1);
    const rows = await database.db.select().from(redditRateBudget);
    expect(rows.map((row) => row.clientKey)).toEqual([budgetKey(clientId)]);
    expect(JSON.stringify(rows)).not.toContain(clientId);
    // Another client id has an allowance of its own.
    await createRedditRateBudget(database.db, 'another-client', { requests: 10, windowSeconds: 600 }).spend(
      1,
    );
    expect(await database.db.$count(redditRateBudget)).toBe(2);
  });

  it('is one allowance for every process: concurrent spends from two never pass it', async () => {
    const first = budget(25);
    const second = budget(25, 600, other?.db ?? database.db);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? first : second).spend(1)),
    );
    expect(answers.filter((answer) => answer.go)).toHaveLength(25);
    const [row] = await database.db
      .select({ remaining: redditRateBudget.remaining, spent: redditRateBudget.spentSinceHeaders })
      .from(redditRateBudget);
    expect(row).toEqual({ remaining: 0, spent: 25 });
    expect(await database.db.$count(redditRateBudget)).toBe(1);
  });
});
