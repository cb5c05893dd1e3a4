import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { accessTokens, aiGenerationCache, authTokens, sessions } from '../../db/schema/index.js';
import { oneTimeLinkKeptMs } from './expired-auth-rows.repo.js';
import { sweepExpiredRows } from './sweep-expired.service.js';

const hour = 3_600_000;

describe.each(testDatabaseKinds())('sweeping expired rows (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('removes what ended and keeps what still counts', async () => {
    const db = database.db;
    const now = new Date();
    const at = (ms: number) => new Date(now.getTime() + ms);
    const user = await newUser(db);
    const [live, ended] = await db
      .insert(sessions)
      .values([
        { userId: user.id, tokenHash: 'live-session', expiresAt: at(hour) },
        { userId: user.id, tokenHash: 'ended-session', expiresAt: at(-hour) },
      ])
      .returning();
    await db.insert(accessTokens).values([
      { sessionId: live!.id, tokenHash: 'live-access', expiresAt: at(hour) },
      { sessionId: live!.id, tokenHash: 'ended-access', expiresAt: at(-hour) },
      { sessionId: ended!.id, tokenHash: 'goes-with-its-session', expiresAt: at(hour) },
    ]);
    const weekAgo = -oneTimeLinkKeptMs;
    await db.insert(authTokens).values([
      { userId: user.id, purpose: 'password_reset', tokenHash: 'link-just-expired', expiresAt: at(-hour) },
      {
        userId: user.id,
        purpose: 'password_reset',
        tokenHash: 'link-long-expired',
        expiresAt: at(weekAgo - hour),
      },
      {
        userId: user.id,
        purpose: 'password_reset',
        tokenHash: 'link-used-long-ago',
        expiresAt: at(weekAgo + hour),
        usedAt: at(weekAgo - hour),
      },
      { userId: user.id, purpose: 'password_reset', tokenHash: 'link-open', expiresAt: at(hour) },
    ]);
    await db.insert(aiGenerationCache).values([
      { subject: `user:${user.id}`, requestHash: 'fresh', response: {}, expiresAt: at(hour) },
      { subject: `user:${user.id}`, requestHash: 'stale', response: {}, expiresAt: at(-hour) },
    ]);

    expect(await sweepExpiredRows(db, now)).toEqual({
      sessions: 1,
      accessTokens: 1,
      oneTimeLinks: 2,
      aiAnswers: 1,
    });

    const hashes = async (table: typeof sessions | typeof accessTokens | typeof authTokens) =>
      (await db.select({ hash: table.tokenHash }).from(table)).map((row) => row.hash).sort();
    expect(await hashes(sessions)).toEqual(['live-session']);
    expect(await hashes(accessTokens)).toEqual(['live-access']);
    expect(await hashes(authTokens)).toEqual(['link-just-expired', 'link-open']);
    expect((await db.select().from(aiGenerationCache)).map((row) => row.requestHash)).toEqual(['fresh']);
  });
});
