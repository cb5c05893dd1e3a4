import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ContentRating } from '@app/shared/media';
import { explicitPhotoTexts, postCheckResponseSchema, schedulePostResponseSchema } from '@app/shared/posts';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { newAsset } from '../../../test/factories/media.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient } from '../../../test/test-client.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { scheduledPosts } from '../../db/schema/index.js';
import { uniqueToken } from '../communities/communities.test-support.js';
import { connectAccount } from '../reddit/reddit.test-support.js';

describe.each(testDatabaseKinds())('posts with a photo rated explicit on %s', (kind) => {
  const testApp = useTestApp(kind, { standIns: { reddit: true } });
  const { db, reddit } = testApp;

  /** A linked account, a community Reddit knows with the given 18+ flag, and a photo with a rating. */
  async function setUp(over18: boolean | null, rating: ContentRating | null) {
    const user = await newUser(db());
    const client = await signedInClient(testApp.app(), db(), user);
    const username = `u_${uniqueToken()}`;
    reddit().addUser(username);
    await connectAccount(client, reddit(), username);
    const community = await newCommunity(db(), { over18 });
    reddit().addSubreddit(community.name, { allow_images: true });
    // The rating set directly, as the rating job would have stored it.
    const photo = await newAsset(db(), { userId: user.id, contentRating: rating, ratedAt: new Date() });
    const post = { subreddit: community.name, title: 'Golden hour', imageId: photo.id, timing: 'now' };
    return { client, community, post };
  }

  async function nsfwOfScheduled(client: Awaited<ReturnType<typeof setUp>>['client'], body: object) {
    const response = await client.inject({ method: 'POST', url: '/api/posts/schedule', payload: body });
    expect(response.statusCode, response.body).toBe(201);
    const { post } = schedulePostResponseSchema.parse(response.json());
    const [row] = await db().select().from(scheduledPosts).where(eq(scheduledPosts.id, post.id));
    return row!.nsfw;
  }

  const check = async (client: Awaited<ReturnType<typeof setUp>>['client'], body: object) => {
    const response = await client.inject({ method: 'POST', url: '/api/posts/check', payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return postCheckResponseSchema.parse(response.json());
  };

  it('warns when the community is not 18+, still accepts the post, and marks it NSFW whatever was asked', async () => {
    const { client, community, post } = await setUp(false, 'explicit');
    const checked = await check(client, post);
    expect(checked.ok).toBe(true);
    expect(checked.problems).toEqual([
      {
        code: 'explicit_photo_not_over18',
        message: `This photo looks explicit and r/${community.name} is not marked 18+: it may be removed.`,
        fix: 'Choose an 18+ subreddit for this photo, or pick another photo.',
        suggestedTitle: null,
        severity: 'warn',
      },
    ]);
    expect(checked.problems[0]!.message).toBe(explicitPhotoTexts.notOver18(community.name));
    expect(await nsfwOfScheduled(client, { ...post, nsfw: false })).toBe(true);
  });

  it('does not warn for an 18+ community, and the post is NSFW', async () => {
    const { client, post } = await setUp(true, 'explicit');
    expect((await check(client, post)).problems).toEqual([]);
    expect(await nsfwOfScheduled(client, { ...post, nsfw: false })).toBe(true);
  });

  it('does not warn while Reddit has not said whether the community is 18+', async () => {
    const { client, post } = await setUp(null, 'explicit');
    expect((await check(client, post)).problems).toEqual([]);
  });

  it('leaves the choice to the creator for a photo rated suggestive, safe or not at all', async () => {
    for (const rating of ['suggestive', 'safe', null] as const) {
      const { client, post } = await setUp(false, rating);
      expect((await check(client, post)).problems).toEqual([]);
      expect(await nsfwOfScheduled(client, { ...post, nsfw: false })).toBe(false);
      expect(await nsfwOfScheduled(client, { ...post, title: 'Second', nsfw: true })).toBe(true);
    }
  });
});
