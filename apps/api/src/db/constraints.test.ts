import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/db/test-database.js';
import type { Database } from './client.js';
import { isUniqueViolation, pgErrorCode } from './errors.js';
import { analyticsEvents } from './schema/analytics.js';
import { authTokens, oauthAccounts, sessions } from './schema/auth.js';
import { subscriptions } from './schema/billing.js';
import { contentGenerations, savedContent } from './schema/content.js';
import { mediaAssets } from './schema/media.js';
import { redditAccounts, scheduledPosts } from './schema/reddit.js';
import { userSettings, users } from './schema/users.js';

let counter = 0;
async function insertUser(db: Database, name = `user_${++counter}_${Date.now()}`) {
  const [user] = await db
    .insert(users)
    .values({ username: name, email: `${name}@example.com` })
    .returning();
  return user!;
}

async function insertOwnedRows(db: Database, userId: string) {
  const inAnHour = new Date(Date.now() + 3_600_000);
  await db.insert(userSettings).values({ userId });
  await db.insert(sessions).values({ userId, tokenHash: `session-${userId}`, expiresAt: inAnHour });
  await db
    .insert(authTokens)
    .values({ userId, purpose: 'password_reset', tokenHash: `reset-${userId}`, expiresAt: inAnHour });
  await db.insert(oauthAccounts).values({ userId, provider: 'google', providerAccountId: `g-${userId}` });
  const [generation] = await db
    .insert(contentGenerations)
    .values({ userId, platform: 'reddit', content: 'Caption', titles: ['Main', 'Alt'] })
    .returning();
  await db
    .insert(savedContent)
    .values({ userId, generationId: generation!.id, title: 'Main', content: 'Caption', platform: 'reddit' });
  const [asset] = await db
    .insert(mediaAssets)
    .values({
      userId,
      filename: 'a.jpg',
      mime: 'image/jpeg',
      bytes: 1024,
      storageKey: `media/${userId}/a.jpg`,
      tags: ['beach'],
    })
    .returning();
  const [account] = await db
    .insert(redditAccounts)
    .values({
      userId,
      redditUserId: `t2_${userId.slice(0, 6)}`,
      username: 'poster',
      refreshTokenEncrypted: 'enc',
    })
    .returning();
  await db.insert(scheduledPosts).values({
    userId,
    redditAccountId: account!.id,
    mediaAssetId: asset!.id,
    subreddit: 'test',
    titleFinal: 'Hi',
    scheduledAt: inAnHour,
  });
  await db.insert(subscriptions).values({ userId, plan: 'pro', status: 'active', amountCents: 2499 });
  await db.insert(analyticsEvents).values({
    clientEventId: `evt-${userId}`,
    type: 'page_view',
    page: '/gallery',
    sessionId: 's1',
    userId,
    visitorHash: 'v',
    occurredAt: new Date(),
  });
}

const ownedTables = [
  userSettings,
  sessions,
  authTokens,
  oauthAccounts,
  contentGenerations,
  savedContent,
  mediaAssets,
  redditAccounts,
  scheduledPosts,
  subscriptions,
];

describe.each(testDatabaseKinds())('constraints on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it("deleting a user removes the user's rows and detaches their analytics events", async () => {
    const { db } = database;
    const [doomed, bystander] = [await insertUser(db), await insertUser(db)];
    await insertOwnedRows(db, doomed.id);
    await insertOwnedRows(db, bystander.id);

    await db.delete(users).where(eq(users.id, doomed.id));

    for (const table of ownedTables) {
      expect(await db.$count(table, eq(table.userId, doomed.id))).toBe(0);
      expect(await db.$count(table, eq(table.userId, bystander.id))).toBe(1);
    }
    const events = await db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.clientEventId, `evt-${doomed.id}`));
    expect(events.map((event) => event.userId)).toEqual([null]);
  });

  it('rejects a username or e-mail differing only in case', async () => {
    const { db } = database;
    await db.insert(users).values({ username: 'CaseUser', email: 'Case.User@Example.com' });

    const sameName = db.insert(users).values({ username: 'caseuser', email: 'other@example.com' });
    const sameEmail = db.insert(users).values({ username: 'other_user', email: 'case.user@EXAMPLE.COM' });
    const [nameError, emailError] = await Promise.all([
      sameName.catch((e: unknown) => e),
      sameEmail.catch((e: unknown) => e),
    ]);

    expect(pgErrorCode(nameError)).toBe('23505');
    expect(isUniqueViolation(nameError, 'users_username_lower_key')).toBe(true);
    expect(isUniqueViolation(emailError, 'users_email_lower_key')).toBe(true);
    expect(await db.$count(users, eq(users.username, 'caseuser'))).toBe(0);
  });

  it('gives every user a distinct upper-case referral code', async () => {
    const [a, b] = [await insertUser(database.db), await insertUser(database.db)];
    expect(a.referralCode).toMatch(/^[0-9A-F]{10}$/);
    expect(a.referralCode).not.toBe(b.referralCode);
  });

  it('rejects values outside a column value list', async () => {
    const error = await database.db
      .insert(users)
      .values({ username: 'tier_user', email: 'tier@example.com', tier: 'gold' as 'pro' })
      .catch((e: unknown) => e);
    expect(pgErrorCode(error)).toBe('23514');
  });
});
