import { describe, expect, it } from 'vitest';
import { resultsResponseSchema, resultsTexts } from '@app/shared/results';
import { newUser } from '../../../test/factories/users.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { signedInClient } from '../../../test/test-client.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { linkClicks, scheduledPosts, trackedLinks } from '../../db/schema/index.js';

const day = 86_400_000;

describe.each(testDatabaseKinds())('results on %s', (kind) => {
  const testApp = useTestApp(kind);
  const { db } = testApp;

  it('ranks her subreddits and posts by visitors and upvotes, with removals, over the chosen days', async () => {
    const user = await newUser(db());
    const client = await signedInClient(testApp.app(), db(), user);
    const [link] = await db()
      .insert(trackedLinks)
      .values({ userId: user.id, label: 'OnlyFans', targetUrl: 'https://onlyfans.com/x' })
      .returning();
    const sent = async (
      subreddit: string,
      daysAgo: number,
      outcome: { score: number; removed: boolean } | null,
    ) => {
      const at = new Date(Date.now() - daysAgo * day);
      const [post] = await db()
        .insert(scheduledPosts)
        .values({
          userId: user.id,
          subreddit,
          titleFinal: `Set in ${subreddit}`,
          scheduledAt: at,
          sentAt: at,
          status: 'sent',
          resultJson: { url: `https://www.reddit.com/r/${subreddit}/comments/x/` },
          outcome: outcome && {
            checkedAt: at.toISOString(),
            minutesAfterSending: 60,
            removed: outcome.removed,
            removedBy: outcome.removed ? 'moderator' : null,
            score: outcome.score,
            comments: 0,
          },
        })
        .returning();
      return post!;
    };
    const clicks = async (post: { id: string; subreddit: string }, visitors: number, bots = 0, hour = 21) => {
      const at = new Date();
      at.setUTCHours(hour, 0, 0, 0);
      if (at > new Date()) at.setUTCDate(at.getUTCDate() - 1);
      const rows = [
        ...Array.from({ length: visitors }, (_, n) => ({ bot: false, hash: `${post.id}-${n}` })),
        ...Array.from({ length: bots }, (_, n) => ({ bot: true, hash: `bot-${post.id}-${n}` })),
      ];
      await db()
        .insert(linkClicks)
        .values(
          rows.map((row) => ({
            linkId: link!.id,
            code: 'abcdefgh',
            postId: post.id,
            subreddit: post.subreddit,
            occurredAt: at,
            clientHash: row.hash,
            bot: row.bot,
            counted: !row.bot,
          })),
        );
    };
    const big = await sent('BigSub', 2, { score: 120, removed: false });
    const big2 = await sent('BigSub', 3, { score: 30, removed: true });
    const small = await sent('SmallSub', 1, { score: 400, removed: false });
    await sent('OldSub', 45, { score: 999, removed: false });
    await clicks(big, 6, 3);
    await clicks(big2, 2);
    await clicks(small, 5, 0, 3);

    const thirty = resultsResponseSchema.parse(
      (await client.inject({ method: 'GET', url: '/api/results?days=30' })).json(),
    );
    expect(thirty.totals).toEqual({ posts: 3, visitors: 13, removed: 1 });
    expect(thirty.subreddits).toEqual([
      {
        subreddit: 'BigSub',
        posts: 2,
        visitors: 8,
        visitorsPerPost: 4,
        upvotes: 150,
        removed: 1,
        removalRate: 0.5,
        estimatedSubscribers: null,
      },
      {
        subreddit: 'SmallSub',
        posts: 1,
        visitors: 5,
        visitorsPerPost: 5,
        upvotes: 400,
        removed: 0,
        removalRate: 0,
        estimatedSubscribers: null,
      },
    ]);
    expect(thirty.posts.map((post) => [post.subreddit, post.visitors, post.upvotes, post.removed])).toEqual([
      ['BigSub', 6, 120, false],
      ['SmallSub', 5, 400, false],
      ['BigSub', 2, 30, true],
    ]);
    expect(thirty.clickHours.find((h) => h.hourUtc === 21)?.visitors).toBe(8);
    expect(thirty.clickHours.find((h) => h.hourUtc === 3)?.visitors).toBe(5);
    expect(thirty.clickHours.reduce((sum, h) => sum + h.visitors, 0)).toBe(13);

    const ninety = resultsResponseSchema.parse(
      (await client.inject({ method: 'GET', url: '/api/results?days=90' })).json(),
    );
    expect(ninety.subreddits.map((s) => s.subreddit)).toContain('OldSub');

    const bad = await client.inject({ method: 'GET', url: '/api/results?days=12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(resultsTexts.windowInvalid);

    const other = await signedInClient(testApp.app(), db(), await newUser(db()));
    const theirs = resultsResponseSchema.parse(
      (await other.inject({ method: 'GET', url: '/api/results' })).json(),
    );
    expect(theirs.totals).toEqual({ posts: 0, visitors: 0, removed: 0 });
    expect(theirs.clickHours.every((h) => h.visitors === 0)).toBe(true);
  });
});
