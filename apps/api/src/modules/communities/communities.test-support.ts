import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { newScheduledPosts } from '../../../test/factories/posts.js';
import type { UserRow } from '../../db/schema/index.js';

/** A short token to put in names so a test can find (search) only its own rows. */
export const uniqueToken = () => `t${randomBytes(4).toString('hex')}`;

const day = 24 * 60 * 60 * 1000;

/**
 * Posts sent through the product: `stayed` sent over a day ago and still up, `recent` sent an hour
 * ago and still up, `removed` sent and removed (by `removedBy`, Reddit's removed_by_category),
 * `failed` never sent, `pending` waiting.
 */
export async function insertOutcomes(
  db: Database,
  user: UserRow,
  subreddit: string,
  {
    stayed = 0,
    recent = 0,
    removed = 0,
    removedBy = 'moderator',
    failed = 0,
    pending = 0,
  }: {
    stayed?: number;
    recent?: number;
    removed?: number;
    removedBy?: string;
    failed?: number;
    pending?: number;
  },
) {
  const post = { userId: user.id, subreddit, titleFinal: 'A post', scheduledAt: new Date() };
  const sent = (ago: number, isRemoved: boolean, by: string | null) => ({
    ...post,
    status: 'sent' as const,
    sentAt: new Date(Date.now() - ago),
    outcome: {
      checkedAt: new Date().toISOString(),
      minutesAfterSending: 60,
      removed: isRemoved,
      removedBy: by,
      score: 1,
      comments: 0,
    },
  });
  const rows = [
    ...Array.from({ length: stayed }, () => sent(2 * day, false, null)),
    ...Array.from({ length: recent }, () => sent(day / 24, false, null)),
    ...Array.from({ length: removed }, () => sent(2 * day, true, removedBy)),
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
