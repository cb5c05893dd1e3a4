import { describe, expect, it } from 'vitest';
import {
  postCheckResponseSchema,
  scheduledPostListResponseSchema,
  schedulePostResponseSchema,
} from '@app/shared/posts';
import { firstCommentTexts, maxFirstCommentLength } from '@app/shared/posts-first-comment';
import { useTestApp } from '../../../test/use-test-app.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { newUser } from '../../../test/factories/users.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { signedInClient, type TestClient } from '../../../test/test-client.js';
import type { StandInRule } from '../../../test/stand-ins/reddit.js';
import { uniqueToken } from '../communities/communities.test-support.js';
import { connectAccount } from '../reddit/reddit.test-support.js';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe.each(testDatabaseKinds())('scheduling a post with a first comment on %s', (kind) => {
  const testApp = useTestApp(kind, { standIns: { reddit: true } });
  const { db, reddit } = testApp;

  async function setUp(options: { contentRules?: string[]; liveRules?: StandInRule[] } = {}) {
    const user = await newUser(db());
    const client = await signedInClient(testApp.app(), db(), user);
    await connectAccount(client, reddit(), `u_${uniqueToken()}`);
    const community = await newCommunity(db(), { contentRules: options.contentRules ?? [] });
    reddit().addSubreddit(community.name, { rules: options.liveRules ?? [] });
    return { client, community };
  }

  const schedule = (client: TestClient, body: Record<string, unknown>) =>
    client.inject({
      method: 'POST',
      url: '/api/posts/schedule',
      payload: { scheduledAt: inHours(2), ...body },
    });
  const list = async (client: TestClient) =>
    scheduledPostListResponseSchema.parse(
      (await client.inject({ method: 'GET', url: '/api/posts/scheduled' })).json(),
    );

  it('stores a trimmed first comment with its delay and lists it as waiting', async () => {
    const { client, community } = await setUp();
    const response = await schedule(client, {
      subreddit: community.name,
      title: 'Sunset walk',
      firstComment: '  More on my profile: example.com/me  ',
      firstCommentDelayMinutes: 5,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { post } = schedulePostResponseSchema.parse(response.json());
    expect(post.firstComment).toEqual({
      text: 'More on my profile: example.com/me',
      delayMinutes: 5,
      status: 'pending',
      error: null,
      commentId: null,
      url: null,
      sentAt: null,
      dueAt: null,
    });
    expect((await list(client))[0]!.firstComment).toMatchObject({ status: 'pending', delayMinutes: 5 });
  });

  it('takes an empty first comment as none, and defaults the delay to 2 minutes', async () => {
    const { client, community } = await setUp();
    const none = await schedule(client, {
      subreddit: community.name,
      title: 'No comment',
      firstComment: '   ',
    });
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().post.firstComment).toBeNull();
    const defaulted = await schedule(client, {
      subreddit: community.name,
      title: 'With comment',
      firstComment: 'Thanks for looking!',
      scheduledAt: inHours(30),
    });
    expect(defaulted.statusCode, defaulted.body).toBe(201);
    expect(defaulted.json().post.firstComment).toMatchObject({
      text: 'Thanks for looking!',
      delayMinutes: 2,
    });
  });

  it('refuses a comment over 10,000 characters and a delay outside 0–60 with clear messages, saving nothing', async () => {
    const { client, community } = await setUp();
    const long = await schedule(client, {
      subreddit: community.name,
      title: 'Long',
      firstComment: 'x'.repeat(maxFirstCommentLength + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(firstCommentTexts.tooLong);
    for (const delay of [-1, 61, 1.5, '2']) {
      const bad = await schedule(client, {
        subreddit: community.name,
        title: 'Delay',
        firstComment: 'hi',
        firstCommentDelayMinutes: delay,
      });
      expect(bad.statusCode, String(delay)).toBe(400);
      expect(bad.json().message).toBe(firstCommentTexts.delayInvalid);
    }
    expect(await list(client)).toEqual([]);
  });

  it('refuses a link in the first comment where our communities database says links in comments are not allowed', async () => {
    const rule = 'No selling, advertising or links to paid sites in posts or comments';
    const { client, community } = await setUp({ contentRules: [rule] });
    const refused = await schedule(client, {
      subreddit: community.name,
      title: 'Link please',
      firstComment: 'All my sets: https://example.com/me',
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'POST_BREAKS_RULES',
      message: `${firstCommentTexts.linksForbidden(community.name, rule)} ${firstCommentTexts.linksForbiddenFix}`,
    });
    expect(await list(client)).toEqual([]);

    // Domain-like text counts as a link too; a comment without one is fine there.
    const domain = await schedule(client, {
      subreddit: community.name,
      title: 'x',
      firstComment: 'see linktr.ee/me',
    });
    expect(domain.statusCode).toBe(422);
    const plain = await schedule(client, {
      subreddit: community.name,
      title: 'x',
      firstComment: 'Thank you all!',
    });
    expect(plain.statusCode, plain.body).toBe(201);

    const check = await client.inject({
      method: 'POST',
      url: '/api/posts/check',
      payload: { subreddit: community.name, title: 'x', firstComment: 'www.example.com' },
    });
    expect(check.statusCode, check.body).toBe(200);
    const body = postCheckResponseSchema.parse(check.json());
    expect(body.ok).toBe(false);
    expect(body.problems).toContainEqual(
      expect.objectContaining({ code: 'comment_links_not_allowed', severity: 'block' }),
    );
  });

  it("refuses it on Reddit's live rules for comments, and allows links where no rule forbids them", async () => {
    const { client, community } = await setUp({
      liveRules: [{ short_name: 'No links', description: 'Links in comments are removed.', kind: 'comment' }],
    });
    const refused = await schedule(client, {
      subreddit: community.name,
      title: 'Live rule',
      firstComment: 'https://example.com',
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toContain(firstCommentTexts.linksForbidden(community.name, 'No links'));

    const open = await setUp({
      liveRules: [{ short_name: 'No links in posts', description: 'Self posts only.', kind: 'link' }],
    });
    const allowed = await schedule(open.client, {
      subreddit: open.community.name,
      title: 'Fine here',
      firstComment: 'https://example.com',
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
  });

  it('changes, refuses and removes the first comment of a pending post through PATCH', async () => {
    const rule = 'Promote through your profile only: no links to paid sites in titles or comments';
    const { client, community } = await setUp({ contentRules: [rule] });
    const created = await schedule(client, { subreddit: community.name, title: 'Edit me' });
    const id = created.json().post.id as string;
    const patch = (payload: Record<string, unknown>) =>
      client.inject({ method: 'PATCH', url: `/api/posts/scheduled/${id}`, payload });

    const added = await patch({ firstComment: 'Hello there', firstCommentDelayMinutes: 10 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().post.firstComment).toMatchObject({
      text: 'Hello there',
      delayMinutes: 10,
      status: 'pending',
    });

    const linked = await patch({ firstComment: 'my site: example.com' });
    expect(linked.statusCode).toBe(422);
    expect((await list(client))[0]!.firstComment).toMatchObject({ text: 'Hello there' });

    const delayOnly = await patch({ firstCommentDelayMinutes: 0 });
    expect(delayOnly.json().post.firstComment).toMatchObject({ text: 'Hello there', delayMinutes: 0 });

    const removed = await patch({ firstComment: null });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().post.firstComment).toBeNull();
  });
});
