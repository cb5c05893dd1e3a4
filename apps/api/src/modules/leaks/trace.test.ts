import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProtectImageResponse } from '@app/shared/imageshield';
import { leakTraceTexts, traceResultSchema, type TraceResult } from '@app/shared/leak-trace';
import { mediaErrors, type MediaAsset } from '@app/shared/media';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newScheduledPost } from '../../../test/factories/posts.js';
import { newRedditAccount } from '../../../test/factories/reddit-accounts.js';
import type { TestClient } from '../../../test/test-client.js';
import { hashImageAtWorkingSize } from '../../adapters/image/perceptual-hash/compare-images.js';
import { syntheticPhoto } from '../../adapters/image/perceptual-hash/synthetic-images.js';
import { createMediaStorage } from '../../adapters/storage/create-media-storage.js';
import { imageCopies, scheduledPosts } from '../../db/schema/index.js';
import { makeWaitingPostCopies } from '../imageshield/post-copies.js';
import { findAssetById } from '../media/media.repo.js';
import { markedPostImage } from './post-image-mark.js';
import { json, mp4Video, multipartBody, upload, useMediaApp } from '../media/media.test-support.js';
import { storedHashesOf } from './copy-registry.js';

/** A JPEG of a synthetic landscape; `variant` gives an unrelated picture. */
async function photoJpeg(width: number, height: number, variant = 0): Promise<Buffer> {
  const { data } = syntheticPhoto(width, height, variant);
  return sharp(Buffer.from(data), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** What a platform does to an upload: scaled to 1280 px wide, JPEG quality 80, metadata gone. */
function asAPlatformWould(image: Buffer): Promise<Buffer> {
  return sharp(image).resize({ width: 1280 }).jpeg({ quality: 80 }).toBuffer();
}

let photo: Buffer;
let unrelated: Buffer;
beforeAll(async () => {
  photo = await photoJpeg(1600, 1200);
  unrelated = await photoJpeg(1600, 1200, 1);
});

describe.each(testDatabaseKinds())('tracing a leak (%s)', (dbKind) => {
  const media = useMediaApp(dbKind, 'local');

  function trace(client: TestClient, content: Buffer | null, filename = 'found.jpg') {
    const { payload, contentType } = multipartBody(content === null ? null : { filename, content });
    return client.inject({
      method: 'POST',
      url: '/api/leaks/trace',
      payload,
      headers: { 'content-type': contentType },
    });
  }

  async function traced(client: TestClient, content: Buffer): Promise<TraceResult> {
    const response = await trace(client, content);
    expect(response.statusCode, response.body).toBe(200);
    return traceResultSchema.parse(response.json());
  }

  async function protectedCopyOf(client: TestClient) {
    const asset = json<{ asset: MediaAsset }>(
      await upload(client, { filename: 'golden-hour.jpg', content: photo }),
    ).asset;
    const protectedResponse = await client.inject({
      method: 'POST',
      url: `/api/protect-image/${asset.id}`,
      payload: { protectionLevel: 'standard' },
    });
    expect(protectedResponse.statusCode, protectedResponse.body).toBe(200);
    const { protectedUrl } = json<ProtectImageResponse>(protectedResponse);
    const file = await media.app.inject({ method: 'GET', url: protectedUrl });
    return { asset, file: file.rawPayload };
  }

  it('reads the mark of her ImageShield copy after a platform re-encoded it, and names the copy', async () => {
    const { user, client } = await media.signIn({ tier: 'pro' });
    const { asset, file } = await protectedCopyOf(client);
    const result = await traced(client, await asAPlatformWould(file));

    const [row] = await media.db.select().from(imageCopies).where(eq(imageCopies.mediaAssetId, asset.id));
    expect(row).toMatchObject({ userId: user.id, kind: 'protected', protectionLevel: 'standard' });
    expect(row!.markId).not.toBeNull();
    // Its unmarked pixels are kept beside it (for the posts made from it), never in place of it.
    expect(row!.unmarkedStorageKey).toMatch(/\/unmarked-[0-9a-f]+\.jpg$/);
    expect(await media.storedKeys()).toContain(row!.unmarkedStorageKey);
    expect(result.method).toBe('mark');
    expect(result.confidence).toBeGreaterThan(0.5);
    expect(result.copy).toMatchObject({
      copyId: row!.id,
      markHex: row!.markId!.toString(16).padStart(12, '0'),
      kind: 'protected',
      mediaAssetId: asset.id,
      fileName: 'golden-hour.jpg',
      postId: null,
      sentAt: null,
    });
    expect(result.summary).toBe(leakTraceTexts.markFound(result.copy!));
    expect(result.summary).toMatch(
      /^This is your ImageShield copy of "golden-hour.jpg" made on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/,
    );
  }, 90_000);

  it("never reveals another person's copy: her marked copy traced by someone else is answered like no mark at all", async () => {
    const alice = await media.signIn({ tier: 'pro' });
    const { asset, file } = await protectedCopyOf(alice.client);
    const bob = await media.signIn({ tier: 'pro' });

    const foreign = await trace(bob.client, await asAPlatformWould(file));
    const nothing = await trace(bob.client, await asAPlatformWould(unrelated));
    expect(foreign.statusCode).toBe(200);
    const answer = traceResultSchema.parse(foreign.json());
    const { tracedAt: _a, ...foreignAnswer } = answer;
    const { tracedAt: _b, ...nothingAnswer } = traceResultSchema.parse(nothing.json());
    expect(foreignAnswer).toEqual(nothingAnswer);
    expect(answer).toMatchObject({ method: 'none', copy: null, summary: leakTraceTexts.none });
    expect(foreign.body).not.toContain(asset.id);
    expect(foreign.body).not.toContain('golden-hour');
    expect(foreign.body).not.toContain(alice.user.id);
  }, 90_000);

  it('marks each single post’s image with its own mark, keeps it on a retried send, and traces it to the post', async () => {
    const { user, client } = await media.signIn({ tier: 'pro' });
    const { asset, file } = await protectedCopyOf(client);
    const account = await newRedditAccount(media.db, { userId: user.id, username: 'sunny_posts' });
    const post = await newScheduledPost(media.db, {
      userId: user.id,
      redditAccountId: account.id,
      mediaAssetId: asset.id,
      kind: 'image',
      subreddit: 'goldenhour',
    });
    const assetRow = (await findAssetById(media.db, asset.id))!;
    const source = { bytes: file, mime: 'image/jpeg', protectedKey: assetRow.protectedStorageKey };
    const deps = { db: media.db, storage: createMediaStorage(media.config.media) };
    const first = await markedPostImage(deps, post, assetRow, account, source);
    const again = await markedPostImage(deps, post, assetRow, account, source);

    const rows = await media.db.select().from(imageCopies).where(eq(imageCopies.postId, post.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'post', subreddit: 'goldenhour', redditUsername: 'sunny_posts' });
    expect(first.bytes.equals(file)).toBe(false);

    for (const sent of [first, again]) {
      const result = await traced(client, await asAPlatformWould(sent.bytes));
      expect(result.method).toBe('mark');
      expect(result.copy).toMatchObject({
        copyId: rows[0]!.id,
        kind: 'post',
        postId: post.id,
        subreddit: 'goldenhour',
        redditAccount: 'sunny_posts',
        sentAt: null,
      });
    }
    // The photo's own ImageShield copy is still traced as itself, not as the post.
    expect((await traced(client, await asAPlatformWould(file))).copy?.kind).toBe('protected');
  }, 90_000);

  it('marks a campaign post’s own copy when the copy job makes it, and traces it to the post', async () => {
    const { user, client } = await media.signIn({ tier: 'pro' });
    const { asset } = await protectedCopyOf(client);
    const account = await newRedditAccount(media.db, { userId: user.id, username: 'sunny_campaign' });
    const post = await newScheduledPost(media.db, {
      userId: user.id,
      redditAccountId: account.id,
      mediaAssetId: asset.id,
      kind: 'image',
      subreddit: 'beachlife',
      copyState: 'making',
      scheduledAt: new Date(Date.now() + 3_600_000),
    });
    const storage = createMediaStorage(media.config.media);
    await makeWaitingPostCopies({ db: media.db, storage, tempDir: media.config.media.tempDir });
    const [made] = await media.db.select().from(scheduledPosts).where(eq(scheduledPosts.id, post.id));
    expect(made!.copyState).toBe('ready');
    const [row] = await media.db.select().from(imageCopies).where(eq(imageCopies.postId, post.id));
    expect(row).toMatchObject({ kind: 'post', storageKey: made!.copyStorageKey, subreddit: 'beachlife' });

    const stored = await storage.read(made!.copyStorageKey!);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    const result = await traced(client, await asAPlatformWould(Buffer.concat(chunks)));
    expect(result.method).toBe('mark');
    expect(result.copy).toMatchObject({
      copyId: row!.id,
      kind: 'post',
      postId: post.id,
      subreddit: 'beachlife',
      redditAccount: 'sunny_campaign',
      sentAt: null,
    });
    expect(result.summary).toContain(
      'for your post to r/beachlife from u/sunny_campaign, which has not been sent',
    );
  }, 90_000);

  it('falls back to the hashes when no mark survives, saying how sure it is', async () => {
    const { user, client } = await media.signIn({ tier: 'pro' });
    const account = await newRedditAccount(media.db, { userId: user.id, username: 'sunny_hash' });
    const post = await newScheduledPost(media.db, {
      userId: user.id,
      redditAccountId: account.id,
      kind: 'image',
      subreddit: 'sunsets',
      status: 'sent',
      sentAt: new Date('2026-03-14T10:00:00Z'),
      resultJson: { url: 'https://www.reddit.com/r/sunsets/comments/abc123/golden/' },
    });
    // A copy registered without a mark (as an image the mark could not be put in is).
    const hashes = storedHashesOf(await hashImageAtWorkingSize(unrelated));
    await media.db.insert(imageCopies).values({
      userId: user.id,
      kind: 'post',
      postId: post.id,
      subreddit: 'sunsets',
      redditUsername: 'sunny_hash',
      pdqHash: hashes.pdq,
      hashes,
    });

    const result = await traced(client, await asAPlatformWould(unrelated));
    expect(result.method).toBe('hash');
    expect(result.confidence).toBeGreaterThanOrEqual(0.5);
    expect(result.confidence).toBeLessThan(0.96);
    expect(result.copy).toMatchObject({
      kind: 'post',
      markHex: null,
      subreddit: 'sunsets',
      redditAccount: 'sunny_hash',
      postUrl: 'https://www.reddit.com/r/sunsets/comments/abc123/golden/',
      sentAt: '2026-03-14T10:00:00.000Z',
    });
    expect(result.summary).toBe(leakTraceTexts.hashFound(result.copy!, result.confidence));
    expect(result.summary).toContain('the copy you posted to r/sunsets on Mar 14, 2026 from u/sunny_hash');
    const pdq = result.hashDistances.find((hash) => hash.name === 'pdq')!;
    expect(pdq.distance).toBeLessThanOrEqual(pdq.threshold);
  }, 90_000);

  it('tells her when the picture is her original itself rather than a copy we made', async () => {
    const { client } = await media.signIn({ tier: 'pro' });
    const { asset } = await protectedCopyOf(client);
    const result = await traced(client, await asAPlatformWould(photo));
    expect(result.method).toBe('hash');
    expect(result.copy).toBeNull();
    expect(result.matchedOriginal).toMatchObject({ mediaAssetId: asset.id, fileName: 'golden-hour.jpg' });
    expect(result.summary).toBe(leakTraceTexts.originalFound('golden-hour.jpg', result.confidence));
  }, 90_000);

  it('answers "none" with a helpful sentence when nothing of hers matches', async () => {
    const { client } = await media.signIn({ tier: 'pro' });
    await protectedCopyOf(client);
    const result = await traced(client, await asAPlatformWould(unrelated));
    expect(result).toMatchObject({ method: 'none', confidence: 0, copy: null, hashDistances: [] });
    expect(result.summary).toBe(leakTraceTexts.none);
  }, 90_000);

  it('refuses bad uploads with a clear 4xx and keeps nothing', async () => {
    const { client } = await media.signIn({ tier: 'pro' });
    const cases: Array<[Buffer | null, number, string]> = [
      [null, 400, mediaErrors.noFile],
      [Buffer.alloc(0), 400, mediaErrors.emptyFile],
      [Buffer.from('just some text, not a picture'), 415, mediaErrors.unsupportedType],
      [mp4Video(), 415, leakTraceTexts.onlyImages],
      [photo.subarray(0, Math.floor(photo.length / 2)), 400, mediaErrors.damagedImage],
    ];
    for (const [content, status, message] of cases) {
      const response = await trace(client, content);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    expect(await media.tempFiles()).toEqual([]);
    const signedOut = await media.app.inject({
      method: 'POST',
      url: '/api/leaks/trace',
      ...(() => {
        const { payload, contentType } = multipartBody({ filename: 'a.jpg', content: photo });
        return { payload, headers: { 'content-type': contentType } };
      })(),
    });
    // Refused at the door either way: no session (401), or no CSRF token with it (403).
    expect([401, 403]).toContain(signedOut.statusCode);
  }, 90_000);
});
