import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newCommunity } from '../../../test/factories/communities.js';
import { newUser } from '../../../test/factories/users.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { signedInClient } from '../../../test/test-client.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { postEngagement, scheduledPosts } from '../../db/schema/index.js';
import { silentLog } from '../../jobs/jobs.test-support.js';
import { uniqueToken } from '../communities/communities.test-support.js';
import { createRedditPosting } from '../reddit/reddit-posting-context.js';
import { connectAccount } from '../reddit/reddit.test-support.js';
import { checkOutcomes } from './post-recovery.service.js';
import { defaultSenderTimings } from './post-sending.service.js';

const minute = 60_000;

describe.each(testDatabaseKinds())('engagement over time on %s', (kind) => {
  const testApp = useTestApp(kind, { standIns: { reddit: true } });
  const { db, reddit } = testApp;

  async function sentPosts(count: number, sentMinutesAgo: number, checksDone = 0) {
    const user = await newUser(db());
    const client = await signedInClient(testApp.app(), db(), user);
    const username = `u_${uniqueToken()}`;
    await connectAccount(client, reddit(), username);
    const accountId = (await client.inject({ method: 'GET', url: '/api/reddit/accounts' })).json().accounts[0]
      .id as string;
    const community = await newCommunity(db());
    reddit().addSubreddit(community.name);
    const sentAt = new Date(Date.now() - sentMinutesAgo * minute);
    const rows = [];
    for (let n = 0; n < count; n++) {
      const id = uniqueToken().slice(0, 7);
      reddit().posts.push({
        id,
        author: username,
        subreddit: community.name,
        title: `Post ${n}`,
        kind: 'self',
        text: undefined,
        url: undefined,
        flair_id: undefined,
        over_18: false,
        spoiler: false,
        created_utc: sentAt.getTime() / 1000,
        removed_by_category: n === 0 ? 'moderator' : null,
        score: 10 + n,
      });
      const [row] = await db()
        .insert(scheduledPosts)
        .values({
          userId: user.id,
          redditAccountId: accountId,
          subreddit: community.name,
          titleFinal: `Post ${n}`,
          scheduledAt: sentAt,
          sentAt,
          status: 'sent',
          redditPostId: id,
          outcomeChecks: checksDone,
          nextOutcomeCheckAt: new Date(Date.now() - 1000),
        })
        .returning();
      rows.push(row!);
    }
    return rows;
  }

  const deps = async () => ({
    db: db(),
    posting: await createRedditPosting(db(), testApp.config()),
    storage: undefined as never,
    log: silentLog,
    concurrency: 2,
  });

  it('looks at every due post of an account in one /api/info call, keeps each check, and plans the next', async () => {
    const posts = await sentPosts(3, 16);
    reddit().infoCalls = 0;
    expect(await checkOutcomes(await deps(), defaultSenderTimings)).toBeGreaterThanOrEqual(3);
    expect(reddit().infoCalls).toBe(1);
    for (const [n, post] of posts.entries()) {
      const [row] = await db().select().from(scheduledPosts).where(eq(scheduledPosts.id, post.id));
      expect(row!.outcome).toMatchObject({
        removed: n === 0,
        removedBy: n === 0 ? 'moderator' : null,
        score: 10 + n,
      });
      expect(row!.outcomeChecks).toBe(1);
      // The next check about an hour after sending (15 min, 1 h, 6 h, 24 h, 72 h).
      expect(row!.nextOutcomeCheckAt!.getTime()).toBe(post.sentAt!.getTime() + 60 * minute);
      const checks = await db().select().from(postEngagement).where(eq(postEngagement.postId, post.id));
      expect(checks).toHaveLength(1);
      expect(checks[0]).toMatchObject({
        minutesAfterSending: 16,
        score: 10 + n,
        upvoteRatio: 0.97,
        removed: n === 0,
      });
    }
    expect(defaultSenderTimings.outcomeCheckMinutes).toEqual([15, 60, 360, 1440, 4320]);
  });

  it('skips the later checks first when the allowance runs short, never the early ones', async () => {
    const early = await sentPosts(1, 61, 1);
    const late = await sentPosts(1, 361, 2);
    const base = await deps();
    // Priority 3 may still spend, priority 4's reserve is reached: later checks (6 h on) are thinned.
    const posting = {
      ...base.posting!,
      budget: {
        ...base.posting!.budget!,
        check: async (priority: number) =>
          priority >= 4
            ? { go: false as const, until: new Date(Date.now() + minute) }
            : { go: true as const },
      },
    };
    reddit().infoCalls = 0;
    await checkOutcomes({ ...base, posting } as never, defaultSenderTimings);
    const [earlyRow] = await db().select().from(scheduledPosts).where(eq(scheduledPosts.id, early[0]!.id));
    const [lateRow] = await db().select().from(scheduledPosts).where(eq(scheduledPosts.id, late[0]!.id));
    expect(earlyRow!.outcomeChecks).toBe(2);
    expect(
      await db().select().from(postEngagement).where(eq(postEngagement.postId, early[0]!.id)),
    ).toHaveLength(1);
    // The 6-hour check was skipped: counted as done, no call, no row, next is the 24-hour one.
    expect(lateRow!.outcomeChecks).toBe(3);
    expect(
      await db().select().from(postEngagement).where(eq(postEngagement.postId, late[0]!.id)),
    ).toHaveLength(0);
    expect(lateRow!.nextOutcomeCheckAt!.getTime()).toBe(late[0]!.sentAt!.getTime() + 1440 * minute);
    expect(reddit().infoCalls).toBe(1);
  });
});
