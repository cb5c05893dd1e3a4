import { z } from 'zod';

/**
 * "Best time", one computation (docs/communities-scoring.md#best-time): the communities page, the
 * scheduler's "Best time" and the campaign planner all take the same three hours from here. The
 * community's listed times are the default; her own sent posts there (upvotes, and visitors through
 * her tracked links) move it, and outweigh it once she has `ownPostsToOutweigh` of them.
 */
export const shownBestTimes = 3;

/** Her posts in a community it takes for her own hours to count as much as the community's. */
export const ownPostsToOutweigh = 8;

/** A visitor through her tracked link is worth this many upvotes when hours are compared. */
const upvotesPerVisitor = 5;

export const bestTimesBases = ['community', 'mixed', 'yours', 'none'] as const;
export type BestTimesBasis = (typeof bestTimesBases)[number];

export const bestTimesSchema = z.object({
  /** "HH:MM" in UTC, best first; at most three. */
  times: z.array(z.string()),
  basis: z.enum(bestTimesBases),
  /** Her sent posts in the community the times learned from. */
  ownPosts: z.number().int().min(0),
});
export type BestTimes = z.infer<typeof bestTimesSchema>;

/** Her sent posts in one community at one hour of the day (UTC). */
export interface HourEvidence {
  hour: number;
  posts: number;
  upvotes: number;
  visitors: number;
}

export const bestTimesTexts = {
  community: "From the community's activity.",
  mixed: (posts: number) =>
    `From the community's activity and your ${posts === 1 ? 'post' : `${posts} posts`} here.`,
  yours: (posts: number) => `From your ${posts} posts here, which now outweigh the community's hours.`,
  none: 'No best times known yet: "Best time" posts right away.',
} as const;

export function bestTimesNote({ basis, ownPosts }: Pick<BestTimes, 'basis' | 'ownPosts'>): string {
  if (basis === 'none') return bestTimesTexts.none;
  if (basis === 'community') return bestTimesTexts.community;
  return basis === 'yours' ? bestTimesTexts.yours(ownPosts) : bestTimesTexts.mixed(ownPosts);
}

const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

function hourOf(time: string): number | null {
  const match = timePattern.exec(time);
  return match ? Number(match[1]) : null;
}

/**
 * How good each hour of the day is by her own posts, 0–1: each hour's engagement per post, shrunk
 * toward her average (an hour with one lucky post is not a best hour), smoothed with its neighbours
 * (posting at 2:05 or 1:55 is the same audience), scaled so her best hour is 1 and her worst 0, on
 * the same scale as the community's ranks. Hours she never posted at sit in between.
 */
function ownHourScores(own: readonly HourEvidence[]): number[] {
  const posts = Array<number>(24).fill(0);
  const engagement = Array<number>(24).fill(0);
  for (const { hour, posts: n, upvotes, visitors } of own) {
    if (hour < 0 || hour > 23 || n <= 0) continue;
    posts[hour]! += n;
    engagement[hour]! += Math.max(0, upvotes) + upvotesPerVisitor * Math.max(0, visitors);
  }
  const totalPosts = posts.reduce((a, b) => a + b, 0);
  const mean = totalPosts === 0 ? 0 : engagement.reduce((a, b) => a + b, 0) / totalPosts;
  const shrink = 2;
  const perPost = posts.map((n, hour) => (engagement[hour]! + shrink * mean) / (n + shrink));
  const smoothed = perPost.map(
    (value, hour) => (value * 2 + perPost[(hour + 23) % 24]! + perPost[(hour + 1) % 24]!) / 4,
  );
  const best = Math.max(...smoothed);
  const worst = Math.min(...smoothed);
  // All hours alike: her posts say nothing about when to post.
  if (best - worst < 1e-9) return smoothed.map(() => 0);
  return smoothed.map((value) => (value - worst) / (best - worst));
}

/**
 * The three best hours to post in a community for her: the community's first three listed times
 * (best first) blended with her own posts there, her weight growing with how many she has.
 */
export function bestTimesFor(
  communityTimes: readonly string[],
  own: readonly HourEvidence[] = [],
): BestTimes {
  const listed = communityTimes.filter((time) => timePattern.test(time)).slice(0, shownBestTimes);
  const ownPosts = own.reduce((sum, evidence) => sum + Math.max(0, evidence.posts), 0);
  if (ownPosts === 0) {
    return { times: listed, basis: listed.length > 0 ? 'community' : 'none', ownPosts: 0 };
  }
  // The community's hours score 1, 2/3, 1/3 in its order; her weight is n / (n + k).
  const prior = Array<number>(24).fill(0);
  const timeAtHour = new Map<number, string>();
  listed.forEach((time, rank) => {
    const hour = hourOf(time)!;
    prior[hour] = Math.max(prior[hour]!, (shownBestTimes - rank) / shownBestTimes);
    if (!timeAtHour.has(hour)) timeAtHour.set(hour, time);
  });
  const weight = ownPosts / (ownPosts + ownPostsToOutweigh);
  const ownScores = ownHourScores(own);
  const hours = Array.from({ length: 24 }, (_, hour) => ({
    hour,
    score: (1 - weight) * prior[hour]! + weight * ownScores[hour]!,
  }));
  hours.sort((a, b) => b.score - a.score || prior[b.hour]! - prior[a.hour]! || a.hour - b.hour);
  const times = hours
    .slice(0, shownBestTimes)
    .map(({ hour }) => timeAtHour.get(hour) ?? `${String(hour).padStart(2, '0')}:00`);
  return { times, basis: ownPosts >= ownPostsToOutweigh ? 'yours' : 'mixed', ownPosts };
}

/** Sending needs a moment: a best time closer than this is taken as the next day's. */
export const bestTimeLeadMs = 60_000;

/** The soonest of the best times after `now` (UTC "HH:MM"); null when there are none. */
export function nextBestTime(times: readonly string[], now = new Date()): Date | null {
  let best: Date | null = null;
  for (const time of times) {
    const match = timePattern.exec(time);
    if (!match) continue;
    const candidate = new Date(now);
    candidate.setUTCHours(Number(match[1]), Number(match[2]), 0, 0);
    if (candidate.getTime() < now.getTime() + bestTimeLeadMs)
      candidate.setUTCDate(candidate.getUTCDate() + 1);
    if (!best || candidate < best) best = candidate;
  }
  return best;
}
