import type { ResultsResponse, SubredditResult } from '@app/shared/results';
import type { Database } from '../../db/client.js';
import { sentPostsWithVisitors, visitorsByHour } from './results.repo.js';

const dayMs = 86_400_000;

/**
 * GET /api/results: which subreddits and posts brought her visitors (through tracked links) and
 * upvotes over the last 7, 30 or 90 days, with how often posts there were removed.
 */
export async function resultsOf(
  db: Database,
  userId: string,
  days: number,
  now = new Date(),
): Promise<ResultsResponse> {
  const since = new Date(now.getTime() - days * dayMs);
  const [posts, hours] = await Promise.all([
    sentPostsWithVisitors(db, userId, since),
    visitorsByHour(db, userId, since),
  ]);
  const bySubreddit = new Map<string, SubredditResult & { checked: number }>();
  for (const post of posts) {
    const entry = bySubreddit.get(post.subreddit) ?? {
      subreddit: post.subreddit,
      posts: 0,
      visitors: 0,
      visitorsPerPost: 0,
      upvotes: null,
      removed: 0,
      removalRate: null,
      checked: 0,
    };
    entry.posts += 1;
    entry.visitors += post.visitors;
    if (post.outcome) {
      entry.checked += 1;
      if (post.outcome.score !== null) entry.upvotes = (entry.upvotes ?? 0) + post.outcome.score;
      if (post.outcome.removed) entry.removed += 1;
    }
    bySubreddit.set(post.subreddit, entry);
  }
  const subreddits = [...bySubreddit.values()]
    .map(({ checked, ...entry }) => ({
      ...entry,
      visitorsPerPost: entry.posts ? Math.round((entry.visitors / entry.posts) * 100) / 100 : 0,
      removalRate: checked ? Math.round((entry.removed / checked) * 1000) / 1000 : null,
    }))
    .sort((a, b) => b.visitors - a.visitors || (b.upvotes ?? -1) - (a.upvotes ?? -1));
  const ranked = [...posts]
    .sort((a, b) => b.visitors - a.visitors || (b.outcome?.score ?? -1) - (a.outcome?.score ?? -1))
    .slice(0, 50);
  return {
    days,
    totals: {
      posts: posts.length,
      visitors: posts.reduce((sum, post) => sum + post.visitors, 0),
      removed: posts.filter((post) => post.outcome?.removed).length,
    },
    subreddits,
    posts: ranked.map((post) => ({
      id: post.id,
      subreddit: post.subreddit,
      title: post.title,
      sentAt: post.sentAt!.toISOString(),
      url: post.result?.url ?? null,
      visitors: post.visitors,
      upvotes: post.outcome?.score ?? null,
      removed: post.outcome ? post.outcome.removed : null,
    })),
    clickHours: Array.from({ length: 24 }, (_, hourUtc) => ({
      hourUtc,
      visitors: hours.find((row) => row.hourUtc === hourUtc)?.visitors ?? 0,
    })),
  };
}
