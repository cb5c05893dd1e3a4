import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import type { MediaAsset } from '@app/shared/media';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, type TestClient } from '../../../test/test-client.js';
import { createMediaStorage } from '../../adapters/storage/create-media-storage.js';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import * as schema from '../../db/schema/index.js';
import {
  aiGenerationCache,
  analyticsEvents,
  authTokens,
  contentGenerations,
  loginAttempts,
  mediaAssets,
  oauthAccounts,
  redditAccounts,
  redditLinkStates,
  referralApplications,
  savedContent,
  scheduledPosts,
  campaigns,
  postEngagement,
  linkClicks,
  linkCodes,
  trackedLinks,
  subscriberCounts,
  repostSeries,
  usageCounters,
  userSettings,
  users,
  type NewUserRow,
  type UserRow,
} from '../../db/schema/index.js';
import { createAccessToken } from '../auth/access-token.repo.js';
import { hashPassword } from '../auth/password-hash.js';
import { createSession } from '../auth/session.repo.js';
import { hashToken } from '../auth/session-token.js';
import { json, pngImage, upload } from '../media/media.test-support.js';
import { ownedTables, type AccountOwner } from './owned-data.js';

export const testPassword = 'Correct-horse-42';

export interface SeededAccount {
  user: UserRow;
  client: TestClient;
  /** A second browser's session and the access token minted from it. */
  otherSession: { cookie: string; accessToken: string };
  assets: MediaAsset[];
  /** Values that must never appear in an export. */
  secrets: string[];
  /** Values unique to this person's rows: after deletion no table may contain any of them. */
  markers: string[];
}

export interface SeedContext {
  app: Parameters<typeof signedInClient>[0];
  db: Database;
  config: AppConfig;
}

/**
 * A user with a row in every table `ownedTables` lists (and files in storage: originals,
 * thumbnails, a protected copy and one file no row points at), signed in twice.
 * `referrer` makes this user an applicant of that user's code.
 */
export async function seedAccount(
  context: SeedContext,
  options: { referrer?: UserRow; user?: Partial<NewUserRow> } = {},
): Promise<SeededAccount> {
  const { db } = context;
  const passwordHash = await hashPassword(testPassword);
  const user = await newUser(db, {
    passwordHash,
    displayName: 'Sunny Creator',
    bio: 'Golden hour, every hour.',
    tier: 'pro',
    referredByUserId: options.referrer?.id ?? null,
    ...options.user,
  });
  const client = await signedInClient(context.app, db, user);
  const second = await createSession(db, user.id, 'Second browser');
  const { accessToken } = await createAccessToken(db, second.sessionId);

  const uploads = await Promise.all(
    [0, 1].map(async (index) => {
      const response = await upload(client, {
        filename: `photo-${index}.png`,
        content: await pngImage(64 + index, 48),
      });
      expect(response.statusCode).toBe(201);
      return json<{ asset: MediaAsset }>(response).asset;
    }),
  );
  // A protected copy, stored the way ImageShield names it, plus a file no row knows about.
  const storage = createMediaStorage(context.config.media);
  const scratch = await mkdtemp(path.join(tmpdir(), 'account-seed-'));
  try {
    const file = path.join(scratch, 'copy.png');
    await writeFile(file, await pngImage(10, 10));
    const protectedKey = `${user.id}/${uploads[0]!.id}/protected-${randomUUID().slice(0, 8)}.png`;
    await storage.putFile(protectedKey, file, 'image/png');
    await db
      .update(mediaAssets)
      .set({ protectedStorageKey: protectedKey, protectionLevel: 'standard' })
      .where(eq(mediaAssets.id, uploads[0]!.id));
    await storage.putFile(`${user.id}/${randomUUID()}/original.png`, file, 'image/png');
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }

  const settingsPatch = await client.inject({
    method: 'PATCH',
    url: '/api/user/settings',
    payload: { theme: 'dark' },
  });
  expect(settingsPatch.statusCode).toBe(200);
  const promoHandle = `@sunny_${randomUUID().slice(0, 8)}`;
  const brandVoicePut = await client.inject({
    method: 'PUT',
    url: '/api/user/brand-voice',
    payload: { signature: 'Sunny', promoLink: promoHandle, samples: ['Golden hour glow, as always ☀️'] },
  });
  expect(brandVoicePut.statusCode).toBe(200);
  const takedownContactPut = await client.inject({
    method: 'PUT',
    url: '/api/user/takedown-contact',
    payload: { legalName: 'Sunny Example', postalAddress: 'PO Box 12\nSunnyvale', email: user.email },
  });
  expect(takedownContactPut.statusCode).toBe(200);
  const leakCasePost = await client.inject({
    method: 'POST',
    url: '/api/leak-cases',
    payload: {
      infringingUrls: [`https://leaks.example/${user.username}`],
      workDescription: 'My golden hour photo.',
      mediaAssetId: uploads[1]!.id,
    },
  });
  expect(leakCasePost.statusCode, leakCasePost.body).toBe(201);

  const [generation] = await db
    .insert(contentGenerations)
    .values({
      userId: user.id,
      platform: 'reddit',
      prompt: 'beach sunset',
      titles: ['Golden hour at the beach'],
      content: 'Sun, sand and me.',
    })
    .returning();
  await db.insert(savedContent).values({
    userId: user.id,
    generationId: generation!.id,
    title: 'Saved beach',
    content: 'Sun, sand and me.',
    platform: 'reddit',
  });
  const refreshTokenEncrypted = `enc-${randomUUID()}`;
  const [reddit] = await db
    .insert(redditAccounts)
    .values({
      userId: user.id,
      redditUserId: `t2_${randomUUID().slice(0, 6)}`,
      username: `u_${randomUUID().slice(0, 6)}`,
      refreshTokenEncrypted,
    })
    .returning();
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId: user.id, name: 'Sunsets', title: 'Golden hour', minGapMinutes: 20, maxPerHour: 3 })
    .returning();
  const [link] = await db
    .insert(trackedLinks)
    .values({ userId: user.id, label: 'OnlyFans', targetUrl: 'https://onlyfans.com/seeded' })
    .returning();
  await db
    .insert(linkCodes)
    .values({ code: `seed${randomUUID().slice(0, 6)}`, linkId: link!.id, subreddit: 'sunsets' });
  await db
    .insert(subscriberCounts)
    .values({ userId: user.id, day: '2026-01-15', source: 'OnlyFans', newSubscribers: 9 });
  await db.insert(linkClicks).values({
    linkId: link!.id,
    code: 'seedclick',
    subreddit: 'sunsets',
    clientHash: 'a'.repeat(64),
    counted: true,
  });
  const [post] = await db
    .insert(scheduledPosts)
    .values({
      userId: user.id,
      campaignId: campaign!.id,
      redditAccountId: reddit!.id,
      mediaAssetId: uploads[0]!.id,
      kind: 'image',
      subreddit: 'sunsets',
      titleFinal: 'Golden hour',
      scheduledAt: new Date(Date.now() + 3_600_000),
    })
    .returning();
  // A copy registry row, as ImageShield or the sender would have made it (marked, hashed).
  await db.insert(schema.imageCopies).values({
    userId: user.id,
    markId: Math.floor(Math.random() * 2 ** 48),
    mediaAssetId: uploads[0]!.id,
    kind: 'post',
    postId: post!.id,
    subreddit: 'sunsets',
    redditUsername: reddit!.username,
    campaignId: campaign!.id,
    pdqHash: 'ab'.repeat(32),
    hashes: {
      pdq: 'ab'.repeat(32),
      phash: 'cd'.repeat(8),
      dhash: 'ef'.repeat(8),
      ahash: '01'.repeat(8),
      dhash256: '23'.repeat(32),
      blockhash256: '45'.repeat(32),
    },
  });
  await db.insert(postEngagement).values({
    postId: post!.id,
    checkedAt: new Date(),
    minutesAfterSending: 15,
    score: 12,
    upvoteRatio: 0.93,
    comments: 1,
    removed: false,
  });
  const [series] = await db
    .insert(repostSeries)
    .values({
      userId: user.id,
      redditAccountId: reddit!.id,
      campaignId: campaign!.id,
      imageIds: [uploads[0]!.id],
      subreddits: ['sunsets'],
      titles: ['Golden hour', 'Golden hour, again'],
      nextRunAt: new Date(Date.now() + 7 * 86_400_000),
    })
    .returning();
  await db.insert(scheduledPosts).values({
    userId: user.id,
    seriesId: series!.id,
    redditAccountId: reddit!.id,
    mediaAssetId: uploads[0]!.id,
    kind: 'image',
    subreddit: 'sunsets',
    titleFinal: 'Golden hour, again',
    scheduledAt: new Date(Date.now() + 7 * 86_400_000),
  });
  const stateHash = hashToken(randomUUID());
  await db.insert(redditLinkStates).values({
    stateHash,
    userId: user.id,
    sessionId: second.sessionId,
    expiresAt: new Date(Date.now() + 600_000),
  });
  const providerAccountId = `google-${randomUUID()}`;
  await db
    .insert(oauthAccounts)
    .values({ userId: user.id, provider: 'google', providerAccountId, email: user.email });
  const pendingTokenHash = hashToken(randomUUID());
  await db.insert(authTokens).values({
    userId: user.id,
    purpose: 'email_change',
    tokenHash: pendingTokenHash,
    newEmail: `new-${user.username}@example.com`,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await db
    .insert(loginAttempts)
    .values({ identifier: user.username.toLowerCase(), ipHash: 'iphash', succeeded: false });
  await db
    .insert(usageCounters)
    .values({ scope: 'imageshield-try', subject: user.id, windowStart: new Date(), count: 2 });
  await db.insert(schema.apiKeys).values({
    userId: user.id,
    name: 'Scheduler script',
    prefix: `cs_live_${randomUUID().slice(0, 8)}`,
    secretHash: hashToken(randomUUID()),
  });
  await db.insert(aiGenerationCache).values({
    subject: `user:${user.id}`,
    requestHash: hashToken(randomUUID()),
    response: { content: [] },
    expiresAt: new Date(Date.now() + 600_000),
  });
  const visitorHash = `visitor-${randomUUID()}`;
  const analyticsSession = `tab-${randomUUID()}`;
  await db.insert(analyticsEvents).values({
    clientEventId: randomUUID(),
    type: 'page_view',
    page: '/gallery',
    sessionId: analyticsSession,
    userId: user.id,
    visitorHash,
    occurredAt: new Date(),
  });
  await db.insert(schema.taxProfiles).values({ userId: user.id, rateBasisPoints: 2800 });
  await db.insert(schema.taxIncome).values({
    userId: user.id,
    platform: 'OnlyFans',
    amountCents: 125_000,
    receivedOn: '2026-03-14',
    note: 'March payout',
  });
  await db.insert(schema.taxExpenses).values({
    userId: user.id,
    category: 'equipment',
    amountCents: 39_900,
    spentOn: '2026-03-02',
    description: 'Ring light',
    receiptMediaId: uploads[1]!.id,
  });
  await db.insert(schema.earlyAccessOptIns).values({ userId: user.id, feature: 'tiktok-scheduling' });
  // An admin action on them, and (as if they were an admin) one they took: both carry their name.
  await db.insert(schema.adminAuditLog).values([
    {
      actorUsername: 'some_admin',
      targetUserId: user.id,
      targetUsername: user.username,
      action: 'tier_change',
      details: { from: 'starter', to: 'pro' },
    },
    { actorUserId: user.id, actorUsername: user.username, action: 'resend_verification', details: {} },
  ]);
  if (options.referrer) {
    await db.insert(referralApplications).values({
      referralCode: options.referrer.referralCode,
      referrerUserId: options.referrer.id,
      applicantUserId: user.id,
      applicantEmail: user.email.toLowerCase(),
      status: 'linked',
    });
  }

  return {
    user,
    client,
    otherSession: { cookie: second.token, accessToken },
    assets: uploads,
    secrets: [
      passwordHash,
      refreshTokenEncrypted,
      pendingTokenHash,
      stateHash,
      visitorHash,
      second.token,
      accessToken,
      'iphash',
    ],
    markers: [
      user.id,
      user.email,
      user.username,
      passwordHash,
      refreshTokenEncrypted,
      pendingTokenHash,
      stateHash,
      visitorHash,
      analyticsSession,
      providerAccountId,
      promoHandle,
      reddit!.username,
      generation!.id,
      ...uploads.map((asset) => asset.id),
    ],
  };
}

/** How many rows of each owned table belong to (or point at) the owner. */
export async function ownedRowCounts(db: Database, owner: AccountOwner): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, entry] of Object.entries(ownedTables)) {
    const [row] = await db.select({ n: count() }).from(entry.table).where(entry.rowsOf(owner));
    counts[name] = Number(row!.n);
  }
  return counts;
}

/**
 * Every row of every schema table as text, searched for the needles (case-insensitively): what is
 * left of a person even where a foreign key only set their id to null. Answers `table: needle` hits.
 */
export async function tablesMentioning(db: Database, needles: string[]): Promise<string[]> {
  const hits: string[] = [];
  const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
    is(value, PgTable),
  );
  for (const table of tables) {
    const name = getTableName(table);
    for (const needle of needles) {
      // A table's name used as a value is its whole row; as text it shows every column.
      const [row] = await db
        .select({ n: count() })
        .from(table)
        .where(sql`strpos(lower(${sql.identifier(name)}::text), ${needle.toLowerCase()}) > 0`);
      const n = Number(row?.n ?? 0);
      if (n > 0) hits.push(`${name}: ${needle}`);
    }
  }
  return hits;
}

export async function userSettingsRow(db: Database, userId: string) {
  return db.select().from(userSettings).where(eq(userSettings.userId, userId));
}

export async function userRow(db: Database, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}
