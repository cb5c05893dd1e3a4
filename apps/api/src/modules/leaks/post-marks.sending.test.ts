import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traceResultSchema } from '@app/shared/leak-trace';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { newScheduledPost } from '../../../test/factories/posts.js';
import { newUser } from '../../../test/factories/users.js';
import { RedditStandIn } from '../../../test/stand-ins/reddit.js';
import { signedInClient, type TestClient } from '../../../test/test-client.js';
import { syntheticPhoto } from '../../adapters/image/perceptual-hash/synthetic-images.js';
import { createMediaStorage } from '../../adapters/storage/create-media-storage.js';
import { loadConfig } from '../../config.js';
import { imageCopies, scheduledPosts } from '../../db/schema/index.js';
import { silentLog } from '../../jobs/jobs.test-support.js';
import { uniqueToken } from '../communities/communities.test-support.js';
import { multipartBody, upload } from '../media/media.test-support.js';
import { drainDuePosts, type SenderTimings } from '../posts/post-sending.service.js';
import { createRedditPosting } from '../reddit/reddit-posting-context.js';
import { connectAccount, linkedAccountId, redditEnv } from '../reddit/reddit.test-support.js';

const timings: SenderTimings = {
  claimLeaseMs: 0,
  submitSettleMs: 0,
  maxAttempts: 5,
  baseBackoffMs: 100,
  maxBackoffMs: 300,
  outcomeCheckMinutes: [15],
  spacingMinuteMs: 60_000,
};

/** Each single photo post goes out with its own mark, made by the real sender at send time. */
describe.each(testDatabaseKinds())('marks on sent single photo posts (%s)', (kind) => {
  let reddit: RedditStandIn;
  let testApp: TestApp;
  let dataDir: string;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    reddit = await RedditStandIn.start();
    dataDir = await mkdtemp(path.join(tmpdir(), 'post-marks-'));
    testApp = await buildTestApp(kind, { ...redditEnv(reddit), DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await testApp?.close();
    await reddit?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function senderDeps() {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...redditEnv(reddit),
      ...(testApp.database.url ? { DATABASE_URL: testApp.database.url } : {}),
    });
    return {
      db: db(),
      posting: await createRedditPosting(db(), config),
      storage: createMediaStorage(config.media),
      log: silentLog,
      concurrency: 2,
    };
  }

  async function trace(client: TestClient, content: Buffer) {
    const { payload, contentType } = multipartBody({ filename: 'found.jpg', content });
    const response = await client.inject({
      method: 'POST',
      url: '/api/leaks/trace',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(response.statusCode, response.body).toBe(200);
    return traceResultSchema.parse(response.json());
  }

  it('sends two posts of one protected photo, each traced by its own mark to its own post', async () => {
    const user = await newUser(db(), { tier: 'pro' });
    const client = await signedInClient(testApp.app, db(), user);
    const username = `u_${uniqueToken()}`;
    await connectAccount(client, reddit, username);
    const communities = [await newCommunity(db()), await newCommunity(db())];
    for (const community of communities) reddit.addSubreddit(community.name, { allow_images: true });

    const { data } = syntheticPhoto(1600, 1200);
    const photo = await sharp(Buffer.from(data), { raw: { width: 1600, height: 1200, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    const uploaded = await upload(client, { filename: 'beach.jpg', content: photo });
    const imageId = uploaded.json<{ asset: { id: string } }>().asset.id;
    const protect = await client.inject({
      method: 'POST',
      url: `/api/protect-image/${imageId}`,
      payload: { protectionLevel: 'standard' },
    });
    expect(protect.statusCode, protect.body).toBe(200);

    const accountId = await linkedAccountId(client, username);
    const posts = [];
    for (const community of communities)
      posts.push(
        await newScheduledPost(db(), {
          userId: user.id,
          redditAccountId: accountId,
          mediaAssetId: imageId,
          kind: 'image',
          subreddit: community.name,
          titleFinal: 'Beach day',
        }),
      );
    await drainDuePosts(await senderDeps(), timings);

    expect(reddit.uploads.size).toBe(2);
    for (const post of posts) {
      const [sent] = await db().select().from(scheduledPosts).where(eq(scheduledPosts.id, post.id));
      expect(sent!.status).toBe('sent');
      const [copy] = await db().select().from(imageCopies).where(eq(imageCopies.postId, post.id));
      expect(copy).toMatchObject({ kind: 'post', subreddit: sent!.subreddit, redditUsername: username });
      expect(copy!.markId).not.toBeNull();
    }
    const sentImages = [...reddit.uploads.values()].map((file) => file.data);
    // Two different files went out, though both came from the one protected copy.
    expect(sentImages[0]!.equals(sentImages[1]!)).toBe(false);

    const traced = new Set<string>();
    for (const image of sentImages) {
      const reencoded = await sharp(image).resize({ width: 1280 }).jpeg({ quality: 80 }).toBuffer();
      const result = await trace(client, reencoded);
      expect(result.method).toBe('mark');
      const post = posts.find((p) => p.id === result.copy?.postId);
      expect(post, JSON.stringify(result)).toBeDefined();
      const [row] = await db().select().from(scheduledPosts).where(eq(scheduledPosts.id, post!.id));
      expect(result.copy).toMatchObject({
        kind: 'post',
        subreddit: row!.subreddit,
        redditAccount: username,
        postUrl: row!.resultJson!.url,
        sentAt: row!.sentAt!.toISOString(),
      });
      expect(result.summary).toContain(`the copy you posted to r/${row!.subreddit}`);
      traced.add(post!.id);
    }
    expect(traced.size).toBe(2);
  }, 60_000);
});
