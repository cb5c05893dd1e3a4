import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignTexts } from '@app/shared/campaigns';
import { errorCodes } from '@app/shared/errors';
import { postRulesErrorCode, schedulePostResponseSchema } from '@app/shared/posts';
import { calendarResponseSchema, calendarTexts } from '@app/shared/posts-calendar';
import { campaigns, scheduledPosts } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { newScheduledPost } from '../../../test/factories/posts.js';
import { newUser } from '../../../test/factories/users.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { signedInClient, type TestClient } from '../../../test/test-client.js';
import { uniqueToken } from '../communities/communities.test-support.js';
import { connectAccount, linkedAccountId } from '../reddit/reddit.test-support.js';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe.each(testDatabaseKinds())('the calendar and moving posts on %s', (kind) => {
  const testApp = useTestApp(kind, { standIns: { reddit: true } });
  const { db, reddit } = testApp;

  async function setUp() {
    const user = await newUser(db());
    const client = await signedInClient(testApp.app(), db(), user);
    const username = `u_${uniqueToken()}`;
    reddit().addUser(username);
    await connectAccount(client, reddit(), username);
    const accountId = await linkedAccountId(client, username);
    const community = await newCommunity(db());
    reddit().addSubreddit(community.name, { allow_images: true });
    return { user, client, accountId, community };
  }

  const calendar = (client: TestClient, from: string, to: string) =>
    client.inject({
      method: 'GET',
      url: `/api/posts/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    });

  describe('GET /api/posts/calendar', () => {
    it('lists the caller’s posts of every status in [from, to), soonest first, with outcome and campaign', async () => {
      const { user, client } = await setUp();
      const other = await setUp();
      const from = new Date('2026-12-01T00:00:00.000Z');
      const to = new Date('2026-12-08T00:00:00.000Z');
      const at = (ms: number) => new Date(from.getTime() + ms);
      const [campaign] = await db()
        .insert(campaigns)
        .values({ userId: user.id, name: 'Launch', title: 'Hi', minGapMinutes: 20, maxPerHour: 3 })
        .returning();
      const removed = {
        checkedAt: at(day).toISOString(),
        minutesAfterSending: 15,
        removed: true,
        removedBy: 'moderator',
        score: 1,
        comments: 0,
      };
      const rows = {
        first: await newScheduledPost(db(), { userId: user.id, scheduledAt: from }),
        failed: await newScheduledPost(db(), {
          userId: user.id,
          scheduledAt: at(2 * hour),
          status: 'failed',
        }),
        sent: await newScheduledPost(db(), {
          userId: user.id,
          scheduledAt: at(day),
          status: 'sent',
          sentAt: at(day),
          outcome: removed,
        }),
        campaign: await newScheduledPost(db(), {
          userId: user.id,
          scheduledAt: at(3 * day),
          campaignId: campaign!.id,
        }),
      };
      // Outside the range at both ends (to is exclusive), and another user's post inside it.
      await newScheduledPost(db(), { userId: user.id, scheduledAt: new Date(from.getTime() - 1) });
      await newScheduledPost(db(), { userId: user.id, scheduledAt: to });
      await newScheduledPost(db(), { userId: other.user.id, scheduledAt: at(hour) });

      const response = await calendar(client, from.toISOString(), to.toISOString());
      expect(response.statusCode, response.body).toBe(200);
      const body = calendarResponseSchema.parse(response.json());
      expect(body.posts.map((post) => post.id)).toEqual([
        rows.first.id,
        rows.failed.id,
        rows.sent.id,
        rows.campaign.id,
      ]);
      expect(body.posts.map((post) => post.status)).toEqual(['pending', 'failed', 'sent', 'pending']);
      expect(body.posts[2]!.outcome).toMatchObject({ removed: true, removedBy: 'moderator' });
      expect(body.posts[3]!.campaignId).toBe(campaign!.id);
      expect(body.posts[0]!.campaignId).toBeNull();
      // Any offset names the same moment.
      const shifted = await calendar(client, '2026-12-01T01:00:00+01:00', '2026-12-08T01:00:00+01:00');
      expect(calendarResponseSchema.parse(shifted.json()).posts).toHaveLength(4);
    });

    it('answers a clear 400 for a missing, malformed, reversed or too long range', async () => {
      const { client } = await setUp();
      const cases: Array<[string, string]> = [
        ['/api/posts/calendar?to=2026-12-08T00:00:00Z', calendarTexts.fromInvalid],
        ['/api/posts/calendar?from=2026-12-01T00:00:00Z&to=tomorrow', calendarTexts.toInvalid],
        ['/api/posts/calendar?from=2026-12-08T00:00:00Z&to=2026-12-01T00:00:00Z', calendarTexts.toBeforeFrom],
        ['/api/posts/calendar?from=2026-12-01T00:00:00Z&to=2026-12-01T00:00:00Z', calendarTexts.toBeforeFrom],
        ['/api/posts/calendar?from=2026-12-01T00:00:00Z&to=2027-01-15T00:00:01Z', calendarTexts.rangeTooLong],
      ];
      for (const [url, message] of cases) {
        const response = await client.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toMatchObject({ code: errorCodes.validation, message });
      }
      // Exactly 45 days is allowed.
      expect((await calendar(client, '2026-12-01T00:00:00Z', '2027-01-15T00:00:00Z')).statusCode).toBe(200);
      const unknown = await client.inject({
        method: 'GET',
        url: '/api/posts/calendar?from=2026-12-01T00:00:00Z&to=2026-12-02T00:00:00Z&status=sent',
      });
      expect(unknown.statusCode).toBe(400);
    });
  });

  describe('PATCH /api/posts/scheduled/{id} keeps the account’s posts safely spaced', () => {
    const schedule = async (client: TestClient, subreddit: string, at: Date) => {
      const response = await client.inject({
        method: 'POST',
        url: '/api/posts/schedule',
        payload: { subreddit, title: 'Evening light', scheduledAt: at.toISOString() },
      });
      expect(response.statusCode, response.body).toBe(201);
      return schedulePostResponseSchema.parse(response.json()).post;
    };
    const move = (client: TestClient, id: string, at: Date) =>
      client.inject({
        method: 'PATCH',
        url: `/api/posts/scheduled/${id}`,
        payload: { scheduledAt: at.toISOString() },
      });
    const storedTime = async (id: string) =>
      (
        await db().select().from(scheduledPosts).where(eq(scheduledPosts.id, id))
      )[0]!.scheduledAt.toISOString();

    it('refuses a time within the default gap of another post of the account, and changes nothing', async () => {
      const { client, community } = await setUp();
      const second = await newCommunity(db());
      reddit().addSubreddit(second.name, {});
      const base = new Date(Date.now() + 2 * day);
      const first = await schedule(client, community.name, base);
      const other = await schedule(client, second.name, new Date(base.getTime() + 5 * hour));

      const tooClose = await move(client, other.id, new Date(base.getTime() + 10 * minute));
      expect(tooClose.statusCode).toBe(422);
      expect(tooClose.json()).toMatchObject({
        code: postRulesErrorCode,
        message: `${campaignTexts.spacingGap(20)} ${campaignTexts.spacingFix}`,
        field: 'scheduledAt',
      });
      expect(await storedTime(other.id)).toBe(other.scheduledAt);

      const fine = await move(client, other.id, new Date(base.getTime() + 25 * minute));
      expect(fine.statusCode, fine.body).toBe(200);
      expect(first.id).not.toBe(other.id);
    });

    it('refuses more posts within an hour than the campaign allows', async () => {
      // With the default 20-minute gap no hour can hold more than 3 posts, so the hour rule shows
      // only with a campaign's narrower gap.
      const { client, accountId, user, community } = await setUp();
      const base = new Date(Date.now() + 2 * day);
      for (const offset of [0, 10])
        await newScheduledPost(db(), {
          userId: user.id,
          redditAccountId: accountId,
          subreddit: `elsewhere${offset}`,
          scheduledAt: new Date(base.getTime() + offset * minute),
        });
      const post = await schedule(client, community.name, new Date(base.getTime() + 5 * hour));
      const [campaign] = await db()
        .insert(campaigns)
        .values({ userId: user.id, name: 'Busy', title: 'Hi', minGapMinutes: 5, maxPerHour: 2 })
        .returning();
      await db()
        .update(scheduledPosts)
        .set({ campaignId: campaign!.id })
        .where(eq(scheduledPosts.id, post.id));
      const refused = await move(client, post.id, new Date(base.getTime() + 30 * minute));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(`${campaignTexts.spacingHour(2)} ${campaignTexts.spacingFix}`);
      expect(await storedTime(post.id)).toBe(post.scheduledAt);
      const nextHour = await move(client, post.id, new Date(base.getTime() + 61 * minute));
      expect(nextHour.statusCode, nextHour.body).toBe(200);
    });

    it('uses the campaign’s own spacing for a campaign post, and ignores other accounts and failed posts', async () => {
      const { client, user, community } = await setUp();
      const base = new Date(Date.now() + 2 * day);
      const post = await schedule(client, community.name, new Date(base.getTime() + 5 * hour));
      const [campaign] = await db()
        .insert(campaigns)
        .values({ userId: user.id, name: 'Wide', title: 'Hi', minGapMinutes: 90, maxPerHour: 3 })
        .returning();
      await db()
        .update(scheduledPosts)
        .set({ campaignId: campaign!.id })
        .where(eq(scheduledPosts.id, post.id));
      const neighbour = await schedule(client, (await newSubreddit()).name, base);
      // Another user's post and this user's failed post at the same moment count for nothing.
      await newScheduledPost(db(), {
        userId: (await newUser(db())).id,
        scheduledAt: new Date(base.getTime() + 2 * hour),
      });
      await newScheduledPost(db(), {
        userId: user.id,
        redditAccountId: neighbour.redditAccountId,
        status: 'failed',
        scheduledAt: new Date(base.getTime() + 2 * hour),
      });

      const refused = await move(client, post.id, new Date(base.getTime() + 60 * minute));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(`${campaignTexts.spacingGap(90)} ${campaignTexts.spacingFix}`);
      const allowed = await move(client, post.id, new Date(base.getTime() + 2 * hour));
      expect(allowed.statusCode, allowed.body).toBe(200);
    });

    it('still lets a post keep its time while its title changes, however close the others are', async () => {
      const { client, user, accountId, community } = await setUp();
      const base = new Date(Date.now() + 2 * day);
      const post = await schedule(client, community.name, base);
      await newScheduledPost(db(), {
        userId: user.id,
        redditAccountId: accountId,
        subreddit: 'elsewhere',
        scheduledAt: new Date(base.getTime() + 5 * minute),
      });
      const edited = await client.inject({
        method: 'PATCH',
        url: `/api/posts/scheduled/${post.id}`,
        payload: { title: 'A better title' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
    });

    async function newSubreddit() {
      const community = await newCommunity(db());
      reddit().addSubreddit(community.name, {});
      return community;
    }
  });
});
