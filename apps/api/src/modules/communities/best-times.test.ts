import { beforeAll, describe, expect, it } from 'vitest';
import { optimalTimeResponseSchema } from '@app/shared/posts';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { newScheduledPosts } from '../../../test/factories/posts.js';
import type { UserRow } from '../../db/schema/index.js';
import { listedCommunitiesSchema } from './community-list.js';
import { uniqueToken } from './communities.test-support.js';

const day = 86_400_000;

describe.each(testDatabaseKinds())(
  'best times, one computation for the page and the scheduler (%s)',
  (kind) => {
    const testApp = useTestApp(kind);
    const { db } = testApp;

    /** `count` posts of hers sent at `hourUtc` on earlier days, each with `score` upvotes at the last check. */
    async function sentAt(user: UserRow, subreddit: string, hourUtc: number, count: number, score: number) {
      await newScheduledPosts(
        db(),
        Array.from({ length: count }, (_, index) => {
          const sentAt = new Date(Date.now() - (index + 2) * day);
          sentAt.setUTCHours(hourUtc, 5, 0, 0);
          return {
            userId: user.id,
            subreddit,
            titleFinal: 'A post',
            scheduledAt: sentAt,
            status: 'sent' as const,
            sentAt,
            outcome: {
              checkedAt: new Date().toISOString(),
              minutesAfterSending: 1440,
              removed: false,
              removedBy: null,
              score,
              comments: 0,
            },
          };
        }),
      );
    }

    async function views(client: Awaited<ReturnType<typeof testApp.signedIn>>['client'], name: string) {
      const optimal = optimalTimeResponseSchema.parse(
        (await client.inject({ method: 'GET', url: `/api/posts/optimal-time?subreddit=${name}` })).json(),
      );
      const listed = listedCommunitiesSchema
        .parse((await client.inject({ method: 'GET', url: `/api/reddit/communities?search=${name}` })).json())
        .find((community) => community.name === name)!;
      return { optimal, listed };
    }

    // Rows written straight to the database show after the catalog's stamp check (up to 2 s), so every
    // fixture is in place before the first request.
    const names = { plain: `times_${uniqueToken()}`, hers: `times_${uniqueToken()}` };
    let creator: Awaited<ReturnType<typeof testApp.signedIn>>;
    beforeAll(async () => {
      for (const name of Object.values(names))
        await newCommunity(db(), { name, bestPostingTimes: ['02:00', '01:00', '03:00', '14:00'] });
      creator = await testApp.signedIn();
      await sentAt(creator.user, names.hers, 20, 6, 400);
      await sentAt(creator.user, names.hers, 2, 6, 5);
    });

    it("shows the community's first three times everywhere, never a fourth", async () => {
      const { client } = await testApp.signedIn();
      const { optimal, listed } = await views(client, names.plain);
      expect(optimal.bestPostingTimes).toEqual(['02:00', '01:00', '03:00']);
      expect(listed.bestTimes).toEqual({
        times: ['02:00', '01:00', '03:00'],
        basis: 'community',
        ownPosts: 0,
      });
      expect(['01', '02', '03']).toContain(optimal.scheduledAt.slice(11, 13));
    });

    it('with enough posts of her own, her best hour leads on the page and in the scheduler alike', async () => {
      const { optimal, listed } = await views(creator.client, names.hers);
      expect(optimal.bestPostingTimes[0]).toBe('20:00');
      expect(optimal).toMatchObject({ timesBasis: 'yours', ownPosts: 12 });
      expect(listed.bestTimes).toEqual({ times: optimal.bestPostingTimes, basis: 'yours', ownPosts: 12 });

      // Someone else still gets the community's hours.
      const other = await testApp.signedIn();
      expect((await views(other.client, names.hers)).listed.bestTimes.times).toEqual([
        '02:00',
        '01:00',
        '03:00',
      ]);
    });
  },
);
