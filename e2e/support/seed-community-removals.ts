import path from 'node:path';
import { openDatabase } from '../../apps/api/src/db/client';
import { createSession } from '../../apps/api/src/modules/auth/session.repo';
import { newScheduledPosts } from '../../apps/api/test/factories/posts';
import { newUser } from '../../apps/api/test/factories/users';

const day = 86_400_000;

/**
 * Other creators' decided posts in one seeded community: removed by the moderators when the account
 * had under 100 karma, still up when it had more. Written into a stopped server's embedded database
 * (useSeededJourney), with a signed-in viewer of her own.
 */
export async function seedCommunityRemovals(dataDir: string, subreddit: string) {
  const database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'db') });
  try {
    const { db } = database;
    const poster = await newUser(db, { username: 'removed_rita' });
    const sentAt = new Date(Date.now() - 3 * day);
    const post = (karma: number, removed: boolean) => ({
      userId: poster.id,
      subreddit,
      titleFinal: 'A post',
      scheduledAt: sentAt,
      dueAt: sentAt,
      status: 'sent' as const,
      sentAt,
      senderKarma: karma,
      senderAgeDays: 400,
      outcome: {
        checkedAt: new Date().toISOString(),
        minutesAfterSending: 60,
        removed,
        removedBy: removed ? 'moderator' : null,
        score: removed ? 0 : 40,
        comments: 0,
      },
    });
    const karmas = { removed: [2, 8, 15, 30, 44, 61], stayed: [140, 260, 520, 1100, 3000, 7200] };
    await newScheduledPosts(db, [
      ...karmas.removed.map((karma) => post(karma, true)),
      ...karmas.stayed.map((karma) => post(karma, false)),
    ]);
    const viewer = await newUser(db, { username: 'scores_sofia' });
    const session = await createSession(db, viewer.id);
    return { sessionToken: session.token, posts: karmas.removed.length + karmas.stayed.length };
  } finally {
    await database.close();
  }
}
