import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/client.js';
import { communities, type CommunityRow, type NewCommunityRow } from '../../src/db/schema/index.js';

/** A promotable general community with a unique name (so a test can search for only its own). */
export async function newCommunity(
  db: Database,
  overrides: Partial<NewCommunityRow> = {},
): Promise<CommunityRow> {
  const [row] = await db
    .insert(communities)
    .values({
      name: `t${randomBytes(4).toString('hex')}_community`,
      displayName: 'A community',
      description: 'Somewhere to post',
      category: 'general',
      members: 12_000,
      engagementRate: 10,
      growthTrend: 'stable',
      competitionLevel: 'medium',
      modActivity: 'moderate',
      promotionAllowed: 'yes',
      verificationRequired: false,
      ...overrides,
    })
    .returning();
  return row!;
}
