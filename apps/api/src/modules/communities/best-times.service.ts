import { bestTimesFor, type BestTimes } from '@app/shared/best-times';
import type { Database } from '../../db/client.js';
import type { CommunityRow } from '../../db/schema/index.js';
import { ownPostingHours } from './best-times.repo.js';

/**
 * The best times to post in one community for this creator (packages/shared/src/best-times.ts):
 * what the communities page shows her, what the scheduler's "Best time" picks from and what the
 * campaign planner's "best time" spreads into. Without a community row there are none.
 */
export async function bestTimesForUser(
  db: Database,
  userId: string,
  community: Pick<CommunityRow, 'name' | 'bestPostingTimes'> | undefined,
  subreddit?: string,
): Promise<BestTimes> {
  const name = community?.name ?? subreddit;
  if (!name) return bestTimesFor([]);
  const own = await ownPostingHours(db, userId, name);
  return bestTimesFor(community?.bestPostingTimes ?? [], own.get(name.toLowerCase()) ?? []);
}
