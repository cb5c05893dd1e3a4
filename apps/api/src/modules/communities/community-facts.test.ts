import { beforeAll, describe, expect, it } from 'vitest';
import { communityFactTexts } from '@app/shared/community-facts';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { newScheduledPosts } from '../../../test/factories/posts.js';
import { newUser } from '../../../test/factories/users.js';
import { listedCommunitiesSchema, type ListedCommunity } from './community-list.js';
import { uniqueToken } from './communities.test-support.js';

const day = 86_400_000;

describe.each(testDatabaseKinds())('where a community’s facts come from (%s)', (kind) => {
  const testApp = useTestApp(kind);
  const { db } = testApp;
  const token = uniqueToken();
  const names = {
    unpublished: `${token}_unpublished`,
    published: `${token}_published`,
    refreshed: `${token}_refreshed`,
  };
  const sharedRules = ['Promote through your profile only: no links to paid sites'];

  /** Other creators' posts there: removed ones from young low-karma accounts, kept ones from older. */
  async function removalsBelowAHundred(subreddit: string) {
    const user = await newUser(db());
    const post = (karma: number, ageDays: number, removed: boolean) => ({
      userId: user.id,
      subreddit,
      titleFinal: 'A post',
      scheduledAt: new Date(Date.now() - 3 * day),
      status: 'sent' as const,
      sentAt: new Date(Date.now() - 3 * day),
      senderKarma: karma,
      senderAgeDays: ageDays,
      outcome: {
        checkedAt: new Date().toISOString(),
        minutesAfterSending: 60,
        removed,
        removedBy: removed ? 'moderator' : null,
        score: 1,
        comments: 0,
      },
    });
    await newScheduledPosts(db(), [
      post(3, 2, true),
      post(20, 5, true),
      post(35, 9, true),
      post(48, 12, true),
      post(160, 40, false),
      post(420, 90, false),
      post(900, 300, false),
      post(2400, 800, false),
      post(5000, 1200, false),
    ]);
  }

  // Rows written straight to the database show after the catalog's stamp check (up to 2 s), so every
  // fixture is in place before the first request.
  beforeAll(async () => {
    await newCommunity(db(), { name: names.unpublished, minKarma: null, minAccountAgeDays: null });
    await newCommunity(db(), { name: names.published, minKarma: 50, minAccountAgeDays: null });
    await newCommunity(db(), {
      name: names.refreshed,
      redditFields: ['members', 'over18', 'contentRules'],
      lastVerifiedAt: new Date('2026-11-20T08:00:00Z'),
      contentRules: sharedRules,
    });
    for (let i = 0; i < 10; i++)
      await newCommunity(db(), { name: `${token}_generic_${i}`, contentRules: sharedRules });
    await removalsBelowAHundred(names.unpublished);
    await removalsBelowAHundred(names.published);
  });

  async function listed(): Promise<Map<string, ListedCommunity>> {
    const { client } = await testApp.signedIn();
    const response = await client.inject({ method: 'GET', url: `/api/reddit/communities?search=${token}` });
    return new Map(listedCommunitiesSchema.parse(response.json()).map((c) => [c.name, c]));
  }

  it('learns a karma and an age threshold from which posts the moderators removed, only where none is published', async () => {
    const rows = await listed();
    const learned = rows.get(names.unpublished)!.facts.learned;
    expect(learned.minKarma).toEqual({ value: 100, posts: 9 });
    expect(learned.minAccountAgeDays?.posts).toBe(9);
    expect(learned.minAccountAgeDays!.value).toBeGreaterThan(12);
    expect(learned.minAccountAgeDays!.value).toBeLessThanOrEqual(40);
    expect(communityFactTexts.learnedKarma(learned.minKarma!)).toBe('likely about 100, learned from 9 posts');
    // The subreddit's own figure stands: nothing learned is put in its place.
    expect(rows.get(names.published)!.facts.learned.minKarma).toBeNull();
    expect(rows.get(names.published)!.rules.minKarma).toBe(50);
  });

  it('marks what Reddit supplied with its date, the rest curated, and a rule text many share as generic', async () => {
    const rows = await listed();
    const refreshed = rows.get(names.refreshed)!.facts;
    expect(refreshed.sources).toEqual({
      members: 'reddit',
      description: 'curated',
      titleRules: 'curated',
      contentRules: 'reddit',
    });
    expect(refreshed.redditCheckedAt).toBe('2026-11-20T08:00:00.000Z');
    // Reddit's own rules are the community's, even if the text is common.
    expect(refreshed.sharedContentRules).toBeNull();
    const generic = rows.get(`${token}_generic_0`)!.facts;
    expect(generic.sources.contentRules).toBe('curated');
    expect(generic.redditCheckedAt).toBeNull();
    expect(generic.sharedContentRules).toBeGreaterThanOrEqual(10);
    expect(rows.get(names.unpublished)!.facts.sharedContentRules).toBeNull();
  });
});
