import type { ResultsResponse, SubredditResult } from '@app/shared/results';
import { subscriberTexts } from '@app/shared/subscribers';
import type { Database } from '../../db/client.js';
import { sentPostsWithVisitors, visitorsByHour } from './results.repo.js';
import { subscribersBetween } from './subscribers.repo.js';
import { latestDay, periodStart } from './subscribers.service.js';

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
  const [posts, hours, subscribers] = await Promise.all([
    sentPostsWithVisitors(db, userId, since),
    visitorsByHour(db, userId, since),
    subscribersBetween(db, userId, periodStart(now, days), latestDay(now)),
  ]);
  const totalVisitors = posts.reduce((sum, post) => sum + post.visitors, 0);
  const estimate =
    subscribers.total === 0 ? 'no_subscribers' : totalVisitors === 0 ? 'no_visitors' : 'estimated';
  // Her recorded subscribers shared out by each subreddit's share of the period's visitors: an
  // estimate only, since nothing ties a subscription to the click that came before it.
  const estimated = (visitors: number) =>
    estimate === 'estimated' ? Math.round(((subscribers.total * visitors) / totalVisitors) * 10) / 10 : null;
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
      estimatedSubscribers: null,
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
      estimatedSubscribers: estimated(entry.visitors),
    }))
    .sort((a, b) => b.visitors - a.visitors || (b.upvotes ?? -1) - (a.upvotes ?? -1));
  const ranked = [...posts]
    .sort((a, b) => b.visitors - a.visitors || (b.outcome?.score ?? -1) - (a.outcome?.score ?? -1))
    .slice(0, 50);
  return {
    days,
    totals: {
      posts: posts.length,
      visitors: totalVisitors,
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
    subscribers: {
      recorded: subscribers.total,
      daysRecorded: subscribers.days,
      estimate,
      note:
        estimate === 'estimated'
          ? subscriberTexts.estimateMethod(days)
          : estimate === 'no_subscribers'
            ? subscriberTexts.estimateNoSubscribers
            : subscriberTexts.estimateNoVisitors,
    },
  };
}
