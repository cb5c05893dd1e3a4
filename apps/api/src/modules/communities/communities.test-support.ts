import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { newScheduledPosts } from '../../../test/factories/posts.js';
import type { UserRow } from '../../db/schema/index.js';

/** A short token to put in names so a test can find (search) only its own rows. */
export const uniqueToken = () => `t${randomBytes(4).toString('hex')}`;

/** Posts sent through the product: `stayed` sent ones and `failed` failed ones. */
export async function insertOutcomes(
  db: Database,
  user: UserRow,
  subreddit: string,
  { stayed = 0, failed = 0, pending = 0 }: { stayed?: number; failed?: number; pending?: number },
) {
  const post = { userId: user.id, subreddit, titleFinal: 'A post', scheduledAt: new Date() };
  const rows = [
    ...Array.from({ length: stayed }, () => ({ ...post, status: 'sent' as const, sentAt: new Date() })),
    ...Array.from({ length: failed }, () => ({
      ...post,
      status: 'failed' as const,
      resultJson: { error: 'removed' },
    })),
    ...Array.from({ length: pending }, () => ({ ...post, status: 'pending' as const })),
  ];
  await newScheduledPosts(db, rows);
}

/** A valid body for POST /api/admin/communities. */
export const communityInput = (name: string) => ({
  name,
  displayName: `r/${name}`,
  category: 'fitness',
  members: 5000,
  engagementRate: 8.5,
  growthTrend: 'up',
  competitionLevel: 'low',
  modActivity: 'active',
  promotionAllowed: 'limited',
  verificationRequired: true,
});
