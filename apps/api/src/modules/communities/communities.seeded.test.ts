import { beforeAll, describe, expect, it } from 'vitest';
import { successTexts } from '@app/shared/community-score';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { readCommunitySeed } from '../../db/seed/community-seed-file.js';
import { seedCommunities } from '../../db/seed/seed-communities.js';
import { listedCommunitiesSchema } from './community-list.js';

// The spec's colours for the Success Rate column: 85 or above, 70 or above, below.
const tone = (percent: number) => (percent >= 85 ? 'success' : percent >= 70 ? 'warning' : 'destructive');

describe.each(testDatabaseKinds())(
  'the seeded communities through GET /api/reddit/communities (%s)',
  (kind) => {
    const testApp = useTestApp(kind);
    let names: Set<string>;
    beforeAll(async () => {
      await seedCommunities(testApp.testApp().database);
      names = new Set((await readCommunitySeed()).communities.map((community) => community.name));
    });

    it('spread over the three colours, each row saying what its number is and what moved it', async () => {
      const { client } = await testApp.signedIn();
      const response = await client.inject({ method: 'GET', url: '/api/reddit/communities' });
      expect(response.statusCode).toBe(200);
      const seeded = listedCommunitiesSchema.parse(response.json()).filter((c) => names.has(c.name));
      expect(seeded).toHaveLength(names.size);

      const counts = { success: 0, warning: 0, destructive: 0 };
      for (const community of seeded) {
        counts[tone(community.successProbability!)] += 1;
        expect(community.successBasis).toBe('policy');
        expect(community.success.low).toBeLessThan(community.successProbability!);
        expect(community.success.high).toBeGreaterThan(community.successProbability!);
        expect(community.success.reasons[0]).toBe(successTexts.noPostsYet);
        expect(community.success.reasons[1]).toBe(successTexts.promotion[community.promotionAllowed]);
      }
      for (const count of Object.values(counts)) expect(count / seeded.length).toBeGreaterThanOrEqual(0.05);
      expect(Math.max(...Object.values(counts)) / seeded.length).toBeLessThanOrEqual(0.6);

      const big = seeded.filter((c) => c.members >= 1_000_000 && c.promotionAllowed !== 'no');
      expect(big.length).toBeGreaterThan(0);
      for (const community of big)
        expect(tone(community.successProbability!), community.name).not.toBe('destructive');
      const gonewild = seeded.find((c) => c.name === 'gonewild')!;
      expect(gonewild.successProbability).toBeGreaterThan(60);
      expect(gonewild.success.reasons).toContain(successTexts.verificationUnknown);
    });
  },
);
