import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { newRedditAccount } from '../../../test/factories/reddit-accounts.js';
import { newScheduledPost, newScheduledPosts } from '../../../test/factories/posts.js';
import { claimDuePosts } from './post-sending.repo.js';
import { markSubmittingSpaced, spacingWaitUntil } from './send-spacing.repo.js';

const minute = 60_000;
const spacing = { minGapMinutes: 20, maxPerHour: 3 };

describe.each(testDatabaseKinds())("an account's spacing when sending (%s)", (kind) => {
  const testApp = useTestApp(kind);
  const { db } = testApp;

  async function account() {
    const user = await newUser(db());
    return { user, account: await newRedditAccount(db(), { userId: user.id }) };
  }

  it('waits the gap after the account’s last post, and for the hour to hold no more than its limit', async () => {
    const { user, account: acc } = await account();
    const now = new Date();
    const ago = (minutes: number) => new Date(now.getTime() - minutes * minute);
    const next = await newScheduledPost(db(), { userId: user.id, redditAccountId: acc.id });
    expect(await spacingWaitUntil(db(), next, spacing, minute, now)).toBeNull();

    const sent = (minutes: number) => ({
      userId: user.id,
      redditAccountId: acc.id,
      status: 'sent' as const,
      sentAt: ago(minutes),
    });
    await newScheduledPosts(db(), [sent(50)]);
    expect(await spacingWaitUntil(db(), next, spacing, minute, now)).toBeNull();
    await newScheduledPosts(db(), [sent(12)]);
    expect((await spacingWaitUntil(db(), next, spacing, minute, now))?.getTime()).toBe(
      ago(12 - 20).getTime(),
    );
    // Three in the last hour (50, 30 and 12 minutes ago): the next waits for the oldest to be an hour old.
    await newScheduledPosts(db(), [sent(30)]);
    expect((await spacingWaitUntil(db(), next, spacing, minute, now))?.getTime()).toBe(
      ago(50 - 60).getTime(),
    );
    // Another account's posts do not count.
    const other = await account();
    const theirs = await newScheduledPost(db(), { userId: other.user.id, redditAccountId: other.account.id });
    expect(await spacingWaitUntil(db(), theirs, spacing, minute, now)).toBeNull();
  });

  it('counts a post in flight (submit started, no answer yet) as reaching Reddit now', async () => {
    const { user, account: acc } = await account();
    const now = new Date();
    await newScheduledPost(db(), {
      userId: user.id,
      redditAccountId: acc.id,
      submitStartedAt: new Date(now.getTime() - 5 * minute),
    });
    const next = await newScheduledPost(db(), { userId: user.id, redditAccountId: acc.id });
    expect((await spacingWaitUntil(db(), next, spacing, minute, now))?.getTime()).toBe(
      now.getTime() + 20 * minute,
    );
  });

  it('lets only one of two posts of one account, due together, start its submit', async () => {
    const { user, account: acc } = await account();
    await newScheduledPosts(db(), [
      { userId: user.id, redditAccountId: acc.id, titleFinal: 'One' },
      { userId: user.id, redditAccountId: acc.id, titleFinal: 'Two' },
    ]);
    const claimed = (await claimDuePosts(db(), 10)).filter((post) => post.redditAccountId === acc.id);
    expect(claimed).toHaveLength(2);
    const results = await Promise.all(claimed.map((post) => markSubmittingSpaced(db(), post, spacing)));
    expect(results.filter((result) => result.at !== null)).toHaveLength(1);
    const held = results.find((result) => result.at === null)!;
    expect(held.waitUntil!.getTime()).toBeGreaterThan(Date.now() + 19 * minute);
  });
});
