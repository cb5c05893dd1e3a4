import {
  analyticsRangeDays,
  analyticsReportTexts,
  analyticsSubredditSeriesSize,
  analyticsTopListSize,
  basicAnalyticsRanges,
  funnelLabels,
  scrollDepthSteps,
  type AnalyticsRange,
  type SiteAnalyticsReport,
  type UserAnalyticsReport,
} from '@app/shared/analytics-reports';
import { errorCodes } from '@app/shared/errors';
import { hasRight } from '@app/shared/plans';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './analytics-reports.repo.js';

const dayMs = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The range's UTC days: `days` calendar days ending today, as [first midnight, tomorrow's midnight). */
export function windowFor(range: AnalyticsRange, now: Date) {
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + dayMs;
  const start = new Date(tomorrow - analyticsRangeDays[range] * dayMs);
  const end = new Date(tomorrow);
  const days = Array.from({ length: analyticsRangeDays[range] }, (_, i) =>
    isoDay(new Date(start.getTime() + i * dayMs)),
  );
  return { start, end, days };
}

/** Mondays (UTC) of every week that overlaps the window. */
function weeksOf(start: Date, end: Date): string[] {
  const monday = new Date(start.getTime() - ((start.getUTCDay() + 6) % 7) * dayMs);
  const weeks: string[] = [];
  for (let t = monday.getTime(); t < end.getTime(); t += 7 * dayMs) weeks.push(isoDay(new Date(t)));
  return weeks;
}

const byKey = <T, K>(rows: T[], key: (row: T) => K) => new Map(rows.map((row) => [key(row), row]));
const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const roundSeconds = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * Basic analytics for everyone signed in; the 90-day range is Pro (403 with how to upgrade), and the
 * advanced parts of a basic report are null, which the page shows as locked.
 */
export async function userReport(
  db: Database,
  user: UserRow,
  range: AnalyticsRange,
  now = new Date(),
): Promise<UserAnalyticsReport> {
  const advanced = hasRight(user, 'advancedAnalytics');
  if (!advanced && !basicAnalyticsRanges.includes(range)) {
    throw new AppError(403, analyticsReportTexts.proOnlyRange, errorCodes.forbidden);
  }
  const w = windowFor(range, now);
  const [
    views,
    topPages,
    averageTimeOnPage,
    generationsPerDay,
    generationsPerPlatform,
    postsPerDay,
    postsPerSubreddit,
  ] = await Promise.all([
    repo.userPageViewsPerDay(db, user.id, w),
    repo.userTopPages(db, user.id, w, analyticsTopListSize),
    repo.userAverageTimeOnPage(db, user.id, w),
    repo.userGenerationsPerDay(db, user.id, w),
    repo.userGenerationsPerPlatform(db, user.id, w),
    repo.userPostsPerDay(db, user.id, w),
    repo.userPostsPerSubreddit(db, user.id, w),
  ]);
  const viewsByDay = byKey(views, (r) => r.date);
  const generationsByDay = byKey(generationsPerDay, (r) => r.date);
  const postsByDay = byKey(postsPerDay, (r) => r.date);
  const perDay = w.days.map((date) => ({
    date,
    pageViews: viewsByDay.get(date)?.count ?? 0,
    generations: generationsByDay.get(date)?.count ?? 0,
    postsSent: postsByDay.get(date)?.sent ?? 0,
    postsFailed: postsByDay.get(date)?.failed ?? 0,
  }));
  const sum = (pick: (row: (typeof perDay)[number]) => number) =>
    perDay.reduce((total, row) => total + pick(row), 0);

  return {
    range,
    from: w.days[0]!,
    to: w.days.at(-1)!,
    access: advanced ? 'advanced' : 'basic',
    totals: {
      pageViews: sum((r) => r.pageViews),
      generations: sum((r) => r.generations),
      postsSent: sum((r) => r.postsSent),
      postsFailed: sum((r) => r.postsFailed),
      averageTimeOnPage: roundSeconds(averageTimeOnPage),
    },
    perDay,
    topPages,
    generationsPerPlatform,
    postsPerSubreddit,
    advanced: advanced ? await advancedPart(db, user.id, w, postsPerSubreddit) : null,
  };
}

async function advancedPart(
  db: Database,
  userId: string,
  w: repo.Window,
  postsPerSubreddit: { subreddit: string }[],
): Promise<NonNullable<UserAnalyticsReport['advanced']>> {
  const [weekly, postHours, activityHours] = await Promise.all([
    repo.userPostsPerSubredditWeek(db, userId, w),
    repo.userPostsPerHour(db, userId, w),
    repo.userPageViewsPerHour(db, userId, w),
  ]);
  const weeks = weeksOf(w.start, w.end);
  const weeklyByKey = byKey(weekly, (r) => `${r.subreddit}\n${r.week}`);
  // postsPerSubreddit is ordered by volume, so these are the busiest subreddits.
  const subredditSuccess = postsPerSubreddit.slice(0, analyticsSubredditSeriesSize).map(({ subreddit }) => ({
    subreddit,
    points: weeks.map((week) => {
      const row = weeklyByKey.get(`${subreddit}\n${week}`);
      const sent = row?.sent ?? 0;
      const failed = row?.failed ?? 0;
      return { week, sent, failed, successRate: rate(sent, sent + failed) };
    }),
  }));
  const postsByHour = byKey(postHours, (r) => r.hour);
  const activityByHour = byKey(activityHours, (r) => r.hour);
  const bestHours = Array.from({ length: 24 }, (_, hour) => ({
    hour,
    sent: postsByHour.get(hour)?.sent ?? 0,
    failed: postsByHour.get(hour)?.failed ?? 0,
    activity: activityByHour.get(hour)?.count ?? 0,
  }));
  return { weeks, subredditSuccess, bestHours };
}

/** Pages that count as the landing page for the funnel: signed-out visitors see it at / and /landing. */
export const landingPages = ['/', '/landing'] as const;

export async function siteReport(
  db: Database,
  range: AnalyticsRange,
  ownHosts: string[],
  now = new Date(),
): Promise<SiteAnalyticsReport> {
  const w = windowFor(range, now);
  const [perDayRows, sessions, topPages, referrers, pageEnds, funnel] = await Promise.all([
    repo.sitePerDay(db, w),
    repo.siteSessions(db, w),
    repo.siteTopPages(db, w, analyticsTopListSize),
    repo.siteReferrers(db, w, ownHosts, analyticsTopListSize),
    repo.sitePageEnds(db, w, scrollDepthSteps),
    repo.siteFunnel(db, w, landingPages),
  ]);
  const rows = byKey(perDayRows, (r) => r.date);
  const perDay = w.days.map((date) => ({
    date,
    visitors: rows.get(date)?.visitors ?? 0,
    sessions: rows.get(date)?.sessions ?? 0,
    pageViews: rows.get(date)?.pageViews ?? 0,
  }));
  return {
    range,
    from: w.days[0]!,
    to: w.days.at(-1)!,
    totals: {
      visitors: perDay.reduce((total, r) => total + r.visitors, 0),
      sessions,
      pageViews: perDay.reduce((total, r) => total + r.pageViews, 0),
      averageTimeOnPage: roundSeconds(pageEnds.averageTimeOnPage),
    },
    perDay,
    topPages,
    referrers,
    scrollDepth: {
      pageEnds: pageEnds.pageEnds,
      reached: scrollDepthSteps.map((depth, i) => ({
        depth,
        count: pageEnds.reached[i]!,
        share: rate(pageEnds.reached[i]!, pageEnds.pageEnds),
      })),
    },
    funnel: [
      { step: 'landing', label: funnelLabels.landing, count: funnel.landing, conversion: null },
      {
        step: 'signup',
        label: funnelLabels.signup,
        count: funnel.signup,
        conversion: rate(funnel.signup, funnel.landing),
      },
      {
        step: 'firstGeneration',
        label: funnelLabels.firstGeneration,
        count: funnel.firstGeneration,
        conversion: rate(funnel.firstGeneration, funnel.signup),
      },
    ],
  };
}
